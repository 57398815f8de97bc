import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ownListQuerySchema } from '@portal/resources';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { forbidden, notFound } from '../../transport/errors.js';
import { listRows, type ListSource } from '../../crud/list.js';
import { isAdmin, type Executor } from './context.js';

/** A list call as an owned list reads it: the caller, the querystring with `scope` and the `Range` header. */
type ListRequest = FastifyRequest & {
  query: z.infer<typeof ownListQuerySchema>;
  headers: { range?: string };
};

export const emailOf = (column: PgColumn) =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${column})`;

/**
 * The rows of a list the caller reaches: their own, or every row for an admin unless they ask for their own
 * (`scope=own`); asking for every row (`scope=all`) is an admin's right only.
 */
export function ownScope(request: ListRequest, column: PgColumn) {
  const admin = isAdmin(request);
  if (request.query.scope === 'all' && !admin) {
    throw forbidden("Only an admin may list every customer's records.");
  }
  return admin && request.query.scope !== 'own' ? undefined : eq(column, request.currentUser!.id);
}

/** What differs between orders, licenses, installers and export access requests, each owned by a customer. */
export interface OwnTable<Row, Rec> extends Pick<ListSource, 'definition'> {
  /** The table: its `id` names a row, its `userId` the row's owner. */
  table: PgTable & { id: PgColumn; userId: PgColumn };
  /** The list's columns, made per call (a status computed on the clock's time). */
  columns: () => ListSource['columns'];
  /** Records of rows, in the rows' order. */
  records: (db: Executor, rows: Row[]) => Promise<Rec[]>;
  /** The 404 of a row that is not there or not the caller's: `<what> not found.`, naming `resource`. */
  what: string;
  resource: string;
}

/**
 * The rule of a customer's records (spec §2.2 /my/…), once for every such table: a customer reaches their own
 * rows, an admin every one; another customer's row is 404, so it is not revealed.
 */
export function ownRecords<Row extends { userId: string }, Rec>(db: Database, spec: OwnTable<Row, Rec>) {
  const missing = () => notFound(`${spec.what} not found.`, [spec.resource]);
  async function find(tx: Executor, id: string, lock: boolean): Promise<Row | undefined> {
    const query = tx.select().from(spec.table).where(eq(spec.table.id, id)).limit(1);
    return ((await (lock ? query.for('update') : query)) as Row[])[0];
  }
  /** The row by id for a caller the route's access rule already allowed (an admin's write); 404 if none. */
  async function row(tx: Executor, id: string, lock = false): Promise<Row> {
    const found = await find(tx, id, lock);
    if (!found) throw missing();
    return found;
  }
  /** One of the caller's own rows (any for an admin); 404 otherwise. */
  async function ownRow(request: FastifyRequest, id: string): Promise<Row> {
    const found = await find(db, id, false);
    if (!found || (found.userId !== request.currentUser!.id && !isAdmin(request))) throw missing();
    return found;
  }
  const record = async (tx: Executor, found: Row) => (await spec.records(tx, [found]))[0]!;
  return {
    row,
    ownRow,
    record,
    /** The record the path's id names, when it is the caller's own (any for an admin); 404 otherwise. */
    show: async (request: FastifyRequest) =>
      record(db, await ownRow(request, (request.params as { id: string }).id)),
    /** The caller's own records, or every one for an admin: sorted, filtered and paged, with `Content-Range`. */
    async list(request: FastifyRequest, reply: FastifyReply): Promise<Rec[]> {
      const { table, definition } = spec;
      const listed = request as ListRequest;
      const scope = ownScope(listed, spec.table.userId);
      const source = { db, table, columns: spec.columns(), definition, scope };
      return spec.records(db, await listRows<Row>(source, listed, reply));
    },
  };
}
