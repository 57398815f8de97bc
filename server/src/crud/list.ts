import { asc, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatContentRange, listFilterSchema, type ResourceDefinition } from '@portal/resources';
import type { Database } from '../db/client.js';
import { PreparedShapes, type Preparable } from '../db/prepared.js';
import { LIST_MAX_ROWS, ownFilterParameters, parseListQuery, type listQuerystring } from './list-query.js';
import { filterConditions, type FilterBinder, type FilterSql } from './list-sql.js';
import { ESTIMATED_TOTAL_HEADER, boundedCount, listTotal, pageTotal, plannerRows } from './list-total.js';

const dialect = new PgDialect();

export interface ListSource {
  db: Database;
  table: PgTable;
  /**
   * Every field the definition sorts, filters or searches by, mapped to its column; `id` is the tiebreaker. One map
   * per table and definition: an unscoped list's statements are kept by table, definition, sort and filters.
   */
  columns: Record<string, PgColumn | SQL> & { id: PgColumn };
  definition: Pick<ResourceDefinition, 'name' | 'list' | 'record' | 'idField'>;
  /** Conditions the caller may not lift, such as a company space admin's row scope. */
  scope?: SQL;
  /** Filters that are no column of the table (a user holding a role): the condition of a value. */
  filters?: FilterSql;
}

/** A generic list's page and count statements of one shape (built with placeholders for its values). */
const listStatements = new PreparedShapes<{
  page: Preparable<{ execute(values: Record<string, unknown>): Promise<unknown[]> }>;
  count: Preparable<{ execute(values: Record<string, unknown>): Promise<{ n: unknown }[]> }>;
}>('list');

/**
 * A list in react-admin's simple-rest dialect, paged, sorted and filtered in SQL: the definition's allow-list
 * decides what may be asked; the answer carries `Content-Range`. A short page tells its own total; only a full
 * page pays for a count, by the count policy (`listTotal`: exact when short, else the planner's estimate, flagged
 * `X-Total-Count-Estimated`).
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
    ownFilters: ownFilterParameters(definition, request.query),
  });
  const sortField = list.sort?.field ?? definition.list.defaultSort.field;
  const sortColumn = columns[sortField];
  const order = list.sort?.order ?? definition.list.defaultSort.order;
  const orderBy = sortColumn
    ? [order === 'DESC' ? desc(sortColumn) : asc(sortColumn), asc(columns.id)]
    : [asc(columns.id)];
  const { offset, limit } = list.range;
  const conditions = (binder?: FilterBinder) =>
    filterConditions(definition, columns, list.filter, source.filters, binder);
  const matchingOf = (where: SQL | undefined) =>
    sql`select 1 from ${table}${where ? sql` where ${where}` : sql``}`;

  // A list without a row scope whose filter values all bind runs two statements kept per shape (its table, sort and
  // the filters it has), its values as placeholders. Any other is built for its call, unnamed, the scope's values and
  // those that could not bind (own filters) as parameters, so its plan is made for them.
  const binder: FilterBinder = { values: {}, inlined: false };
  const withScope = (filtered: SQL | undefined) =>
    source.scope && filtered ? sql`${source.scope} and ${filtered}` : (source.scope ?? filtered);
  const where = withScope(conditions(binder));
  const matching = matchingOf(where);
  const build = () => ({
    page: db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    count: db.select({ n: boundedCount(matching) }).from(sql`(select 1) as one`),
  });
  const filters = `${getTableName(table)}|${definition.name}|${Object.keys(binder.values).join(',')}`;
  const kept = !source.scope && !binder.inlined;
  const statements = kept
    ? listStatements.of(db, `${filters}|${sortField}|${order}`, build)
    : listStatements.forCall(build());
  const rows = (await statements.page.execute({ ...binder.values, limit, offset })) as Row[];
  const counting = {
    // A kept shape's count is told apart by its values; any other by its text and parameters too.
    key: kept
      ? `${filters}|${JSON.stringify(binder.values)}`
      : `${definition.name}|${JSON.stringify(dialect.sqlToQuery(matching))}|${JSON.stringify(binder.values)}`,
    count: async () => Number((await statements.count.execute(binder.values))[0]?.n ?? 0),
    // The planner's estimate of the same rows, the values as parameters.
    beyond: () => plannerRows(db, matchingOf(withScope(conditions()))),
  };

  let total = offset + rows.length;
  if (rows.length === limit || (rows.length === 0 && offset > 0)) {
    const counted = await listTotal(db, counting);
    total = pageTotal(counted, { offset, rows: rows.length });
    if (counted.estimated) reply.header(ESTIMATED_TOTAL_HEADER, 'true');
  }
  reply.header(
    'Content-Range',
    formatContentRange({ resource: definition.name, offset, limit: rows.length, total }),
  );
  return rows;
}

/**
 * The bound for every list answer (issue 17), whoever wrote the handler: lists read whole (a tool's versions, a
 * questionnaire's questions, an installer's keys, nested lists) are cut to the first {@link LIST_MAX_ROWS} rows,
 * and every array answer carries a `Content-Range` with the true total. Lists paged in SQL (`listRows`, the
 * catalogue, projects) are already within the bound and keep their own header.
 */
export function boundListAnswers(api: FastifyInstance): void {
  api.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.method !== 'GET' || reply.statusCode >= 300 || !Array.isArray(payload)) return payload;
    if (reply.hasHeader('content-range') && payload.length <= LIST_MAX_ROWS) return payload;
    const segments = (request.routeOptions.url ?? '')
      .split('/')
      .filter((part) => part && !part.startsWith(':'));
    const resource =
      String(reply.getHeader('content-range') ?? '').split(' ')[0] || segments.at(-1) || 'items';
    const rows = payload.slice(0, LIST_MAX_ROWS);
    reply.header(
      'Content-Range',
      formatContentRange({ resource, offset: 0, limit: rows.length, total: payload.length }),
    );
    return rows;
  });
}
