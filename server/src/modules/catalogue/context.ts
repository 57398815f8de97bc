import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  TOOL_API_VERSION_HEADER,
  hasAnyRouteRole,
  isInternalUser,
  requestedToolApiVersion,
  type HasRoles,
  type ToolApiVersion,
} from '@portal/resources';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { tools } from '../../db/schema-catalogue.js';
import type { Clock } from '../../payments/clock.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { StripeProvider } from '../../payments/stripe.js';
import type { TaxIdChecker } from '../../payments/tax-id-check.js';
import type { FileStorage } from '../../storage/file-storage.js';

/** What checkout and payment work with. */
export interface CheckoutContext {
  db: Database;
  config: Config;
  clock: Clock;
  payments: PaymentProvider;
  /** Set when the provider is Stripe: the webhook reads sessions through it. */
  stripe: StripeProvider | null;
  taxIdCheck: TaxIdChecker;
}

/** What every catalogue and commerce route works with. */
export interface CatalogueContext extends CheckoutContext {
  storage: FileStorage;
}

/** One type for the database or a transaction of it (`crud/repository.ts`). */
import type { Executor } from '../../crud/repository.js';
export type { Executor };

/** The API's address as the browser sees it, for download and return addresses. */
export const apiUrl = (config: Config) => `${config.publicUrl}/api/v1`;

export interface CallerView {
  userId: string | null;
  email: string | null;
  admin: boolean;
  /** Has the Internal User role: may choose the tool API version. */
  internal: boolean;
  /** May use the tools marked for internal users (`mayUseInternalTools`). */
  internalTools: boolean;
  /** The tool API version the answer takes (spec §4): an internal user's header, else v2. */
  toolApiVersion: ToolApiVersion;
}

/**
 * The internal-use rule (spec product §2.4): tools marked `internalOnly` are for internal users and the admins who
 * manage them (`refuseInternalUse` in catalogue-items.ts, the checkout's order lines).
 */
export const mayUseInternalTools = (user: HasRoles | null | undefined): boolean =>
  hasAnyRouteRole(user, ['INTERNAL_USER', 'ADMIN']);

/** The internal-use rule on one tool: whether it is kept from a caller by `mayUseInternalTools`'s answer. */
export const keptFromInternalUse = (tool: { internalOnly: boolean }, internalTools: boolean): boolean =>
  tool.internalOnly && !internalTools;

/** {@link keptFromInternalUse} as conditions on `tools` rows: the tools a caller is not kept from (the sitemap's). */
export const usableToolsSql = (internalTools: boolean): SQL[] =>
  internalTools ? [] : [sql`not ${tools.internalOnly}`];

/** Who is calling, as the catalogue's visibility and download rules need it (a public route may carry a token). */
export function callerOf(request: FastifyRequest): CallerView {
  const user = request.currentUser;
  const internal = isInternalUser(user);
  const header = request.headers[TOOL_API_VERSION_HEADER.toLowerCase()];
  return {
    userId: user?.id ?? null,
    email: user?.email ?? null,
    admin: hasAnyRouteRole(user, ['ADMIN']),
    internal,
    internalTools: mayUseInternalTools(user),
    toolApiVersion: requestedToolApiVersion(header, internal),
  };
}

export const isAdmin = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Rows of a raw SQL query; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Executor, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
