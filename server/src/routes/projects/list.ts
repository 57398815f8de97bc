import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  PROJECT_SORT_FIELDS,
  formatContentRange,
  projectListFilterSchema,
  type ProjectListFilter,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { boards, projects } from '../../db/tables.js';
import { listQuerystring, parseListQuery } from '../../http/list-query.js';
import { badRequest } from '../../http/errors.js';
import { likePattern } from '../../http/list-sql.js';
import { normaliseRow, projectColumns, type ProjectWithBoard } from './records.js';

type SortField = (typeof PROJECT_SORT_FIELDS)[number];

/** Each sort option of spec §9 and its key; every key has an index on (key, id) in schema-projects.ts. */
const SORT_KEYS: Record<SortField, PgColumn | SQL> = {
  updatedAt: projects.updatedAt,
  createdAt: projects.createdAt,
  group: projects.groupName,
  name: sql`lower(${projects.name})`,
  shortRomCode: projects.shortRomCode,
  salesCode: projects.salesCode,
  status: projects.status,
  solution: projects.solution,
  variant: projects.variant,
  product: projects.product,
};

/** Up to this many matching rows a list counts exactly; beyond it the total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

const asArray = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

function filterSql(filter: ProjectListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(inArray(projects.status, asArray(filter.status)));
  if (filter.board !== undefined) conditions.push(inArray(projects.boardId, asArray(filter.board)));
  if (filter.id !== undefined) conditions.push(inArray(projects.id, asArray(filter.id)));
  if (filter.secure !== undefined) conditions.push(eq(projects.secure, filter.secure));
  if (filter.group !== undefined && filter.group !== '') {
    // "None" is reserved for "no group" (spec §5), so it asks for projects without one.
    conditions.push(
      filter.group.trim().toLowerCase() === 'none'
        ? isNull(projects.groupName)
        : eq(projects.groupName, filter.group),
    );
  }
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(projects.name, pattern),
        ilike(projects.shortRomCode, pattern),
        ilike(projects.salesCode, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The first column of the first row of a raw query, for both drivers. */
async function scalar<T>(db: Database, query: SQL): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  return row ? (Object.values(row)[0] as T) : undefined;
}

/** The estimated size of the whole table, per database, kept briefly: the statistics behind it change slowly. */
const tableEstimates = new WeakMap<Database, { total: number; until: number }>();
const ESTIMATE_TTL_MS = 10_000;

/**
 * How many rows match: exactly up to {@link EXACT_COUNT_LIMIT} (a count that stops there), beyond it the planner's
 * estimate, so a deep list never pays for counting a large table (ARCHITECTURE, performance traps). Unfiltered, the
 * table's statistics answer at once when it is clearly large.
 */
async function countMatching(
  db: Database,
  where: SQL | undefined,
): Promise<{ total: number; estimated: boolean }> {
  if (!where) {
    const known = tableEstimates.get(db);
    if (known && known.until > Date.now()) return { total: known.total, estimated: true };
  }
  const condition = where ?? sql`true`;
  const bounded = sql`(select count(*) from (select 1 from ${projects} where ${condition} limit ${EXACT_COUNT_LIMIT + 1}) as bounded)`;
  // The bounded count is a sub-plan of its CASE branch: it runs only when the statistics do not answer.
  const counted = Number(
    await scalar<number>(
      db,
      where
        ? sql`select ${bounded}::int`
        : sql`select case when reltuples > ${2 * EXACT_COUNT_LIMIT} then reltuples::bigint else ${bounded} end
            from pg_class where oid = 'projects'::regclass`,
    ),
  );
  if (!where && counted > 2 * EXACT_COUNT_LIMIT) {
    tableEstimates.set(db, { total: counted, until: Date.now() + ESTIMATE_TTL_MS });
    return { total: counted, estimated: true };
  }
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const plan = await scalar<unknown>(
    db,
    sql`explain (format json) select 1 from ${projects} where ${condition}`,
  );
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return { total: Math.max(counted, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

/** A keyset position: after the row with sort key `k` (as text) and id `i`, which is row `n - 1` of the list. */
const cursorSchema = z.object({
  f: z.enum(PROJECT_SORT_FIELDS),
  o: z.enum(['ASC', 'DESC']),
  k: z.string().nullable(),
  i: z.uuid(),
  n: z.number().int().nonnegative(),
  h: z.string(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString()));
  } catch {
    throw badRequest('The cursor is not one this list gave out.', ['cursor']);
  }
}
const filterHash = (filter: unknown) =>
  createHash('sha256').update(JSON.stringify(filter)).digest('base64url').slice(0, 12);

/** Query parameters of the project lists: react-admin's, plus the `cursor` of keyset paging. */
export const projectListQuerystring = listQuerystring.extend({
  cursor: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Continue after the page that answered this `X-Next-Cursor` (keyset paging, fast at any depth)',
    ),
});

/** The condition "after the cursor's row" in the list's order, on the sort key's index, null keys included. */
function afterCursor(
  key: PgColumn | SQL,
  cast: string,
  cursor: Cursor,
): { first: SQL; thenNulls: SQL | null } {
  const k = cursor.k === null ? null : sql`${cursor.k}::${sql.raw(cast)}`;
  const id = sql`${cursor.i}::uuid`;
  if (cursor.o === 'ASC') {
    // Ascending: keys in order, then the rows without a key (nulls last) by id.
    if (k === null) return { first: and(isNull(key), sql`${projects.id} > ${id}`)!, thenNulls: null };
    return { first: sql`(${key}, ${projects.id}) > (${k}, ${id})`, thenNulls: isNull(key) };
  }
  // Descending: the rows without a key first (nulls first) by id downwards, then keys downwards.
  if (k === null) {
    return { first: and(isNull(key), sql`${projects.id} < ${id}`)!, thenNulls: sql`${key} is not null` };
  }
  return { first: sql`(${key}, ${projects.id}) < (${k}, ${id})`, thenNulls: null };
}

/**
 * A project list in react-admin's simple-rest dialect, paged, sorted and filtered in SQL. A page is found on the
 * sort key's index alone (ids only: an index-only scan skips quickly even deep in the list) and only its rows are
 * then read with their boards and people. Each full page also answers `X-Next-Cursor`: sent back as `cursor`, the
 * next page is found by keyset on the same index, as fast at row 100,000 as at row 0. The total is exact for short
 * lists and the planner's estimate for long ones (`X-Total-Count-Estimated: true`).
 */
export async function listProjects(
  db: Database,
  request: { query: z.infer<typeof projectListQuerystring>; headers: { range?: string } },
  reply: FastifyReply,
  scope: SQL | undefined,
): Promise<ProjectWithBoard[]> {
  const list = parseListQuery(request.query, request.headers.range, {
    sortFields: PROJECT_SORT_FIELDS,
    filter: projectListFilterSchema,
  });
  const filtered = filterSql(list.filter);
  const where = scope && filtered ? and(scope, filtered) : (scope ?? filtered);
  const field = list.sort?.field ?? 'updatedAt';
  const direction = list.sort?.order ?? 'DESC';
  const key = SORT_KEYS[field];
  const cast = field === 'updatedAt' || field === 'createdAt' ? 'timestamptz' : 'text';
  const orderBy = direction === 'DESC' ? [desc(key), desc(projects.id)] : [asc(key), asc(projects.id)];
  const hash = filterHash(list.filter);

  /** One page: ids on the index, then the rows with everything a record needs, with each row's key as text. */
  const fetch = async (condition: SQL | undefined, limit: number | null, offset: number) => {
    let ids = db
      .select({ id: projects.id, sortKey: sql<string | null>`(${key})::text`.as('sort_key') })
      .from(projects)
      .where(condition)
      .orderBy(...orderBy)
      .$dynamic();
    if (limit !== null) ids = ids.limit(limit).offset(offset);
    const page = ids.as('page');
    const rows = await db
      .select({ ...projectColumns, sortKey: page.sortKey })
      .from(page)
      .innerJoin(projects, eq(projects.id, page.id))
      .innerJoin(boards, eq(boards.id, projects.boardId))
      .orderBy(...orderBy);
    return rows.map((row) => ({ ...normaliseRow(row), sortKey: row.sortKey }));
  };

  let offset = list.range?.offset ?? 0;
  let rows: Awaited<ReturnType<typeof fetch>>;
  if (request.query.cursor) {
    const cursor = decodeCursor(request.query.cursor);
    if (cursor.f !== field || cursor.o !== direction || cursor.h !== hash) {
      throw badRequest('The cursor belongs to another sort or filter of this list.', ['cursor']);
    }
    const limit = list.range?.limit ?? 25;
    const after = afterCursor(key, cast, cursor);
    const both = (condition: SQL) => (where ? and(where, condition)! : condition);
    rows = await fetch(both(after.first), limit, 0);
    if (rows.length < limit && after.thenNulls)
      rows.push(...(await fetch(both(after.thenNulls), limit - rows.length, 0)));
    offset = cursor.n;
  } else {
    rows = await fetch(where, list.range?.limit ?? null, offset);
  }

  let total = offset + rows.length;
  let estimated = false;
  const limit = list.range?.limit ?? (request.query.cursor ? 25 : null);
  if (limit !== null && (rows.length === limit || (rows.length === 0 && offset > 0))) {
    const counted = await countMatching(db, where);
    estimated = counted.estimated;
    // An estimate may fall short of what was just read; a full page promises at least one more row.
    total = rows.length ? Math.max(counted.total, offset + rows.length + (estimated ? 1 : 0)) : counted.total;
    const last = rows.at(-1);
    if (last) {
      const next = {
        f: field,
        o: direction,
        k: last.sortKey,
        i: last.project.id,
        n: offset + rows.length,
        h: hash,
      };
      reply.header('X-Next-Cursor', encodeCursor(next));
    }
  }
  reply.header(
    'Content-Range',
    formatContentRange({ resource: 'projects', offset, limit: rows.length, total }),
  );
  if (estimated) reply.header('X-Total-Count-Estimated', 'true');
  return rows;
}
