import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatContentRange, listFilterSchema, type ResourceDefinition } from '@portal/resources';
import type { Database } from '../db/client.js';
import { parseListQuery, type listQuerystring } from './list-query.js';
import { filterConditions } from './list-sql.js';

export interface ListSource {
  db: Database;
  table: PgTable;
  /** Every field the definition sorts, filters or searches by, mapped to its column; `id` is the tiebreaker. */
  columns: Record<string, PgColumn | SQL> & { id: PgColumn };
  definition: Pick<ResourceDefinition, 'name' | 'list' | 'record' | 'idField'>;
  /** Conditions the caller may not lift, such as a company space admin's row scope. */
  scope?: SQL;
}

/**
 * A list in react-admin's simple-rest dialect, paged, sorted and filtered in SQL: the definition's allow-list
 * decides what may be asked; the answer carries `Content-Range`. A short page tells its own total; only a full
 * page pays for a count.
 */
export async function listRows<Row>(
  source: ListSource,
  request: { query: z.infer<typeof listQuerystring>; headers: { range?: string } },
  reply: FastifyReply,
): Promise<Row[]> {
  const { db, table, columns, definition } = source;
  const list = parseListQuery(request.query, request.headers.range, {
    sortFields: definition.list.sortable,
    filter: listFilterSchema(definition),
  });
  const filtered = filterConditions(definition, columns, list.filter);
  const where = source.scope && filtered ? sql`${source.scope} and ${filtered}` : (source.scope ?? filtered);
  const sortColumn = columns[list.sort?.field ?? definition.list.defaultSort.field];
  const order = list.sort?.order ?? definition.list.defaultSort.order;
  const orderBy = sortColumn
    ? [order === 'DESC' ? desc(sortColumn) : asc(sortColumn), asc(columns.id)]
    : [asc(columns.id)];
  const query = db
    .select()
    .from(table)
    .where(where)
    .orderBy(...orderBy);
  const rows = (
    list.range ? await query.limit(list.range.limit).offset(list.range.offset) : await query
  ) as Row[];

  const offset = list.range?.offset ?? 0;
  let total = offset + rows.length;
  if (list.range && (rows.length === list.range.limit || (rows.length === 0 && offset > 0))) {
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    total = counted!.count;
  }
  reply.header(
    'Content-Range',
    formatContentRange({ resource: definition.name, offset, limit: rows.length, total }),
  );
  return rows;
}
