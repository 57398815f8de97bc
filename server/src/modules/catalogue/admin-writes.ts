import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { RequestFlowInput, RequestFlowType } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { audit } from '../../crud/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, badRequest } from '../../transport/errors.js';
import type { Executor } from './context.js';

/** Who changes the catalogue: the audit record names them. */
export type Actor = Pick<FastifyRequest, 'currentUser'>;

/** Turns the constraint violations of an admin write into their API errors (a taken key, an unknown reference). */
export async function refusing<T>(
  work: Promise<T>,
  errors: { duplicate?: () => ApiError; unknownReference?: () => ApiError },
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (errors.duplicate && isUniqueViolation(error)) throw errors.duplicate();
    if (errors.unknownReference && isForeignKeyViolation(error)) throw errors.unknownReference();
    throw error;
  }
}

/** The 409 `duplicate` of a key a write found taken (a feature ID, a uuid, a version label, a question id). */
export const taken = (message: string, fields: string[]) => () =>
  ApiError.of(409, 'duplicate', message, fields);

/** The 409 of a version label the item has already. */
export const versionTaken = (noun: 'tool' | 'bundle') =>
  taken(`This ${noun} already has this version.`, ['version']);

export const unknownQuestionnaire = () => badRequest('No questionnaire has this id.', ['questionnaireId']);

type RequestFlowRow = {
  id: string;
  requestFlow: string;
  questionnaireId: string | null;
  requestUrl: string | null;
};

/** The request flow editor's record of a tool or bundle row. */
const toRequestFlow = (row: RequestFlowRow): RequestFlowInput => ({
  requestFlow: row.requestFlow as RequestFlowType,
  questionnaireId: row.questionnaireId,
  requestUrl: row.requestUrl,
});

/**
 * How customers ask for an item (cart, cart with a questionnaire, or an external page), read and written the same
 * for tools and bundles: the write is audited in its transaction, an unknown questionnaire is a 400.
 */
export function requestFlowStore<Row extends RequestFlowRow>(
  db: Database,
  item: {
    entity: 'tool' | 'software_bundle';
    find: (key: string, tx?: Executor) => Promise<Row>;
    save: (tx: Executor, row: Row, flow: RequestFlowInput) => Promise<Row>;
  },
) {
  return {
    requestFlow: async (key: string) => toRequestFlow(await item.find(key)),
    setRequestFlow: (actor: Actor, key: string, flow: RequestFlowInput) =>
      refusing(
        db.transaction(async (tx) => {
          const row = await item.find(key, tx);
          const after = toRequestFlow(await item.save(tx, row, flow));
          await audit(tx, actor, {
            action: 'update_request_flow',
            entity: item.entity,
            entityId: row.id,
            before: toRequestFlow(row),
            after,
          });
          return after;
        }),
        { unknownReference: unknownQuestionnaire },
      ),
  };
}

/**
 * What the admin routes of a catalogue item with versions (tools, software bundles) need of its repository: the
 * list's table and columns, the item and its versions by the item's key, each write audited.
 */
export interface CatalogueAdminItems<Summary, Detail, Input, Update, Version, VersionInput> {
  table: PgTable;
  columns: Record<string, PgColumn | SQL> & { id: PgColumn };
  /** The records of a list page (rows of `table`). */
  records(rows: never[]): Promise<Summary[]>;
  detail(key: string): Promise<Detail>;
  create(actor: Actor, input: Input): Promise<Detail>;
  update(actor: Actor, key: string, input: Update): Promise<Detail>;
  remove(actor: Actor, key: string): Promise<Detail>;
  /** Every version of the item, oldest first. */
  versions(key: string): Promise<Version[]>;
  /** One version (only where the console shows one alone). */
  version?(key: string, versionId: string): Promise<Version>;
  createVersion(actor: Actor, key: string, input: VersionInput): Promise<Version>;
  updateVersion(actor: Actor, key: string, versionId: string, input: VersionInput): Promise<Version>;
  removeVersion(actor: Actor, key: string, versionId: string): Promise<Version>;
  requestFlow(key: string): Promise<RequestFlowInput>;
  setRequestFlow(actor: Actor, key: string, flow: RequestFlowInput): Promise<RequestFlowInput>;
}
