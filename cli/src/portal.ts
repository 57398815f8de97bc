import { createApiClient, type ApiClient } from '@portal/data-provider/api-client';
import {
  catalogueDocumentSchema,
  catalogueItemSchema,
  licenseRecordSchema,
  softwareBundleDetailSchema,
  orderRecordSchema,
  portalConfigSchema,
  toolDetailSchema,
  userSchema,
  type CatalogueDocument,
  type CatalogueItem,
  type LicenseRecord,
  type OwnListScope,
  type SoftwareBundleDetail,
  type OrderRecord,
  type ToolDetail,
  type User,
} from '@portal/resources';
import { CliError, EXIT } from './errors.js';
import { KIND_CATEGORIES, type SearchKind } from './kinds.js';
import { clientCredentialsToken, type ClientCredentials } from './token.js';
import { sameOrigin, secureUrl } from './secure-url.js';

export interface ConnectOptions extends Partial<ClientCredentials> {
  portalUrl?: string;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** The calls the command makes, each answer checked against the schema the apps use. */
export interface Portal {
  readonly portalUrl: string;
  readonly clientId: string;
  readonly client: ApiClient;
  me(): Promise<User>;
  search(text: string, kind?: SearchKind): Promise<{ items: CatalogueItem[]; total: number }>;
  tool(featureId: string): Promise<ToolDetail>;
  bundle(key: string): Promise<SoftwareBundleDetail>;
  document(featureId: string): Promise<CatalogueDocument>;
  licenses(scope: OwnListScope): Promise<LicenseRecord[]>;
  orders(scope: OwnListScope): Promise<OrderRecord[]>;
}

/** Where the sign-in settings live (the same call the apps make before they sign in). */
const CONFIG_PATH = '/api/v1/config';
/** One page of a list the command prints; more than this is cut with a note. */
export const LIST_LIMIT = 100;

/** The portal URL and service-account credentials from flags, else from the environment; all three are needed. */
function resolveCredentials(
  options: ConnectOptions,
  env: NodeJS.ProcessEnv,
): ClientCredentials & { portalUrl: string } {
  const portalUrl = options.portalUrl ?? env.PORTAL_URL;
  const clientId = options.clientId ?? env.PORTAL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? env.PORTAL_CLIENT_SECRET;
  const missing = [
    !portalUrl && 'PORTAL_URL (or --url)',
    !clientId && 'PORTAL_CLIENT_ID (or --client-id)',
    !clientSecret && 'PORTAL_CLIENT_SECRET (or --client-secret)',
  ].filter(Boolean);
  if (missing.length) throw new CliError(`Missing ${missing.join(', ')}.`, { exitCode: EXIT.usage });
  try {
    secureUrl(portalUrl!, 'PORTAL_URL');
  } catch (error) {
    throw new CliError((error as Error).message, { exitCode: EXIT.usage });
  }
  return { portalUrl: portalUrl!.replace(/\/+$/, ''), clientId: clientId!, clientSecret: clientSecret! };
}

export async function connect(
  options: ConnectOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Portal> {
  const { portalUrl, ...credentials } = resolveCredentials(options, env);
  const fetchImpl = options.fetch ?? fetch;
  const configUrl = new URL(CONFIG_PATH, `${portalUrl}/`).href;
  let response: Response;
  try {
    response = await fetchImpl(configUrl, { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new CliError(`The portal at ${portalUrl} could not be reached: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = portalConfigSchema.safeParse(response.ok ? await response.json().catch(() => null) : null);
  if (!parsed.success) throw new CliError(`${configUrl} did not answer the portal's sign-in settings.`);
  const config = parsed.data;
  const apiUrl = new URL(config.apiUrl, `${portalUrl}/`);
  sameOrigin(apiUrl, new URL(portalUrl), 'The API address');
  secureUrl(config.oidc.authority, 'The sign-in address');
  const client = createApiClient({
    baseUrl: apiUrl.href,
    getAccessToken: clientCredentialsToken(config, credentials, fetchImpl),
    fetch: fetchImpl,
  });
  // The answers are parsed again here: the portal a build machine talks to may run another version than this CLI.
  const page = { offset: 0, limit: LIST_LIMIT };
  // The records of the service account's user (`own`), whatever its roles; `all` is an admin's (the server decides).
  const ownList = async <T>(
    endpoint: 'GET /licenses' | 'GET /orders',
    schema: { array(): { parse(data: unknown): T[] } },
    scope: OwnListScope,
  ) => schema.array().parse((await client.callList(endpoint, page, { query: { scope } })).data);
  return {
    portalUrl,
    clientId: credentials.clientId,
    client,
    me: async () => userSchema.parse(await client.getCurrentUser()),
    search: async (text, kind) => {
      const filter = { q: text, ...(kind ? { categories: [...KIND_CATEGORIES[kind]] } : {}) };
      const { data, range } = await client.callList('GET /catalogue', { ...page, filter });
      return { items: catalogueItemSchema.array().parse(data), total: range.total };
    },
    tool: async (featureId) =>
      toolDetailSchema.parse(await client.call('GET /catalogue/tools/:featureId', { params: { featureId } })),
    bundle: async (uuid) =>
      softwareBundleDetailSchema.parse(
        await client.call('GET /catalogue/bundles/:uuid', { params: { uuid } }),
      ),
    document: async (featureId) =>
      catalogueDocumentSchema.parse(
        await client.call('GET /catalogue/documents/:featureId', { params: { featureId } }),
      ),
    licenses: (scope) => ownList('GET /licenses', licenseRecordSchema, scope),
    orders: (scope) => ownList('GET /orders', orderRecordSchema, scope),
  };
}
