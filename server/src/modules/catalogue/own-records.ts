import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows, type ListSource } from '../../http/list.js';
import { errorResponses } from '../../http/openapi.js';
import { isAdmin } from './context.js';

export const security = [{ bearer: [] }];
export const idParams = z.object({ id: z.uuid() });
export const listHeaders = z.object({ range: z.string().max(100).optional() }).passthrough();

export const emailOf = (column: PgColumn) =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${column})`;

/** The caller's own rows, or every row for an admin. */
export const ownScope = (request: FastifyRequest, column: PgColumn) =>
  isAdmin(request) ? undefined : eq(column, request.currentUser!.id);

/** A row of the caller's own (any row for an admin); 404 otherwise, so others' rows are not revealed. */
export async function ownRow<T extends { userId: string }>(
  request: FastifyRequest,
  row: T | undefined,
  what: string,
) {
  if (!row || (row.userId !== request.currentUser!.id && !isAdmin(request)))
    throw notFound(`${what} not found.`);
  return row;
}

/** A list of rows each owned by a customer: what differs between orders, licenses, installers and the like. */
export interface OwnList<Row> extends Pick<ListSource, 'table' | 'definition'> {
  tags: string[];
  summary: string;
  /** The schema of one record of the answer. */
  record: z.ZodType;
  /** The column naming the row's owner. */
  owner: PgColumn;
  /** The list's columns, made per call (a status computed on the clock's time). */
  columns: () => ListSource['columns'];
  records: (db: Database, rows: Row[]) => Promise<unknown[]>;
}

/**
 * `GET ''` of a customer's own rows (spec §2.2 /my/…), every customer's for an admin: sorted, filtered and paged
 * by the definition's list, with `Content-Range`.
 */
export function ownListRoute<Row>(app: FastifyInstance, db: Database, list: OwnList<Row>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: list.tags,
        summary: list.summary,
        security,
        querystring: listQuerystring,
        headers: listHeaders,
        response: { 200: z.array(list.record), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { table, definition } = list;
      const scope = ownScope(request, list.owner);
      const source = { db, table, columns: list.columns(), definition, scope };
      return list.records(db, await listRows<Row>(source, request, reply));
    },
  );
}
