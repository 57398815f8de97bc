import { createHash } from 'node:crypto';
import { Placeholder, asc, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatContentRange, listFilterSchema, type ResourceDefinition } from '@portal/resources';
import type { Database } from '../db/client.js';
import { LIST_MAX_ROWS, ownFilterParameters, parseListQuery, type listQuerystring } from './list-query.js';
import { filterConditions, type FilterBinder, type FilterSql } from './list-sql.js';
import {
  ESTIMATED_TOTAL_HEADER,
  boundedCount,
  listTotal,
  pageTotal,
  plannerRows,
  scalar,
} from './list-total.js';

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
interface ListStatements {
  page: { execute(values: Record<string, unknown>): Promise<unknown[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: unknown }[]> };
}

/** At most this many shapes' statements are kept per database; the least recently made goes first. */
const MAX_LIST_SHAPES = 200;
/** Per database and shape: its statements, or null for a shape built per call (its SQL holds a value). */
const listStatements = new WeakMap<Database, Map<string, ListStatements | null>>();

interface Preparable<Statement> {
  prepare(name: string): Statement;
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The statements of a shape, prepared on its first call and named by their text, so each connection parses them
 * once. A shape whose SQL holds a value that is no placeholder (a column computed with the clock, say) is never
 * kept: that value would answer every later call. Null then: the caller builds its statement per call.
 */
function preparedList(
  db: Database,
  shape: string,
  build: () => { page: Preparable<ListStatements['page']>; count: Preparable<ListStatements['count']> },
): ListStatements | null {
  let shapes = listStatements.get(db);
  if (!shapes) listStatements.set(db, (shapes = new Map()));
  if (!shapes.has(shape)) {
    const { page, count } = build();
    const queries = [page.toSQL(), count.toSQL()];
    const placeholdersOnly = queries.every((query) =>
      query.params.every((param) => param instanceof Placeholder),
    );
    const name = createHash('sha256')
      .update(queries.map((query) => query.sql).join(';'))
      .digest('hex')
      .slice(0, 16);
    shapes.set(
      shape,
      placeholdersOnly
        ? { page: page.prepare(`list_page_${name}`), count: count.prepare(`list_count_${name}`) }
        : null,
    );
    if (shapes.size > MAX_LIST_SHAPES) shapes.delete(shapes.keys().next().value!);
  }
  return shapes.get(shape) ?? null;
}

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

  // A list without a row scope whose filter values all bind runs two statements prepared once per shape (its
  // table, sort and the filters it has), its values as placeholders. Any other is built for its call.
  const binder: FilterBinder = { values: {}, inlined: false };
  const bound = source.scope ? undefined : conditions(binder);
  const filters = `${getTableName(table)}|${definition.name}|${Object.keys(binder.values).join(',')}`;
  const statements =
    source.scope || binder.inlined
      ? null
      : preparedList(db, `${filters}|${sortField}|${order}`, () => ({
          page: db
            .select()
            .from(table)
            .where(bound)
            .orderBy(...orderBy)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
          count: db.select({ n: boundedCount(matchingOf(bound)) }).from(sql`(select 1) as one`),
        }));
  let rows: Row[];
  let counting: { key: string; count: () => Promise<number>; beyond: () => Promise<number> };
  if (statements) {
    rows = (await statements.page.execute({ ...binder.values, limit, offset })) as Row[];
    counting = {
      key: `${filters}|${JSON.stringify(binder.values)}`,
      count: async () => Number((await statements.count.execute(binder.values))[0]?.n ?? 0),
      beyond: () => plannerRows(db, matchingOf(conditions())),
    };
  } else {
    const filtered = conditions();
    const where =
      source.scope && filtered ? sql`${source.scope} and ${filtered}` : (source.scope ?? filtered);
    rows = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset)) as Row[];
    const matching = matchingOf(where);
    counting = {
      key: `${definition.name}|${JSON.stringify(dialect.sqlToQuery(matching))}`,
      count: async () => Number(await scalar<number>(db, sql`select ${boundedCount(matching)}`)),
      beyond: () => plannerRows(db, matching),
    };
  }

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
