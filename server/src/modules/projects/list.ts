import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  ADMIN_DEFAULT_PER_PAGE,
  PROJECT_SORT_FIELDS,
  formatContentRange,
  projectListFilterSchema,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { writtenLimit } from '../../db/paging.js';
import { PreparedShapes, type Preparable } from '../../db/prepared.js';
import { projects } from '../../db/tables.js';
import { parseListQuery } from '../../crud/list-query.js';
import { badRequest } from '../../transport/errors.js';
import { fromJson } from './json.js';
import { filterSql } from './list-filter.js';
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  filterHash,
  type projectListQuerystring,
} from './list-cursor.js';
import {
  ESTIMATED_TOTAL_HEADER,
  EXACT_COUNT_LIMIT,
  OWN_EXACT_COUNT_LIMIT,
  boundedCount,
  forgetLongTotal,
  knownLongTotal,
  listTotal,
  pageTotal,
} from '../../crud/list-total.js';
import {
  COUNT_ROWS_TO_FOLD,
  countMatching,
  lastTotal,
  setLastTotal,
  countSql,
  foldCount,
  fullCount,
  plannerEstimate,
} from './list-totals.js';
import { inScopeOf, unionOf, type ProjectScope } from './own-scope.js';
import { ownPageWay, rememberScopeSize, scopeSize } from './own-walk.js';
import { fromEndPage, pageQuery } from './page-query.js';
import { normaliseRow, type ProjectWithBoard } from './records.js';

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

type PageRow = ProjectWithBoard & {
  sortKey: string | null;
  counted: number | null;
  countRows: number | null;
};
interface PageStatement {
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}

/**
 * Prepared page statements of every list, per database, by shape (sort, paging, which filters, which scope branches;
 * a few dozen in practice): filter and scope values are parameters, so one statement serves every caller.
 */
const pageStatements = new PreparedShapes<{ page: Preparable<PageStatement> }>('projects');

/**
 * A project list in react-admin's simple-rest dialect: one prepared query per page ({@link pageQuery}); a full page's
 * `X-Next-Cursor` finds the next by keyset, as cheap deep as near the start; totals follow `listTotal` (README).
 */
export async function listProjects(
  db: Database,
  request: { query: z.infer<typeof projectListQuerystring>; headers: { range?: string } },
  reply: FastifyReply,
  scope: ProjectScope | undefined,
): Promise<ProjectWithBoard[]> {
  const list = parseListQuery(request.query, request.headers.range, {
    sortFields: PROJECT_SORT_FIELDS,
    filter: projectListFilterSchema,
    keyset: !!request.query.cursor,
  });
  const filtered = filterSql(list.filter);
  const where =
    scope && filtered.condition
      ? and(scope.condition, filtered.condition)
      : (scope?.condition ?? filtered.condition);
  // The same rows found through the scope's indexes (inScopeOf): what counts, and what a scope read first
  // sorts, so neither walks the sort index nor tests every row of the company space.
  const found = scope ? and(inScopeOf(scope), filtered.condition) : where;
  // What counts a scoped list: its rows branch by branch, never looked up again by primary key.
  const scopeCounted = scope
    ? unionOf(
        scope.branches.map((branch) => and(branch, filtered.condition) ?? branch),
        sql`1`,
      )
    : undefined;
  const listValues = { ...scope?.values, ...filtered.values };
  // A caller's own list counts exactly up to its own, lower limit (list-total.ts).
  const exactLimit = scope ? OWN_EXACT_COUNT_LIMIT : EXACT_COUNT_LIMIT;
  const countOf = (rows: SQL | undefined) => (rows ? boundedCount(rows, exactLimit) : countSql(where));
  const field = list.sort?.field ?? 'updatedAt';
  const direction = list.sort?.order ?? 'DESC';
  const key = SORT_KEYS[field];
  const cast = field === 'updatedAt' || field === 'createdAt' ? 'timestamptz' : 'text';
  const hash = filterHash(list.filter);
  // Long totals are kept per list: the filter's and the scope's shapes and values, and the caller's board links.
  const listKey = `${filtered.shape}|${scope?.shape ?? ''}|${scope?.links ?? ''}|${JSON.stringify(listValues)}`;

  const run = async (
    mode: 'offset' | 'end' | 'after' | 'nulls',
    position: SQL | undefined,
    values: Record<string, unknown>,
    limit: number | null,
    count: boolean,
  ): Promise<PageRow[]> => {
    const countRows = count && !where;
    const limitIn = limit === null ? 'none' : (writtenLimit(limit) ?? 'param');
    const offset = Number(values.offset ?? 0);
    const offsetIn = mode === 'end' ? 'from-end' : offset === 0 ? 'zero' : 'param';
    const shape = [
      field,
      direction,
      mode,
      filtered.shape,
      scope?.shape,
      limitIn,
      offsetIn,
      count ? 'count' : '',
      matchFirst ? 'match-first' : '',
      probes ? 'probe' : '',
    ];
    // A scope not known to be long is read first, then sorted: walking the sort index would read the whole index
    // to find a small scope's rows. A long one walks the sort index, where its rows are dense. An unfiltered offset
    // page reads the scope's rows with their sort keys once, for the page and its count.
    const matching = matchFirst ? found : probes ? and(scope!.probing, filtered.condition) : where;
    const scopeRows = matchFirst && !filtered.condition && !position ? scope!.branches : undefined;
    const build = () =>
      pageQuery(db, {
        key,
        direction,
        condition: matching && position ? and(matching, position) : (matching ?? position),
        limit: limitIn,
        offset: offsetIn,
        count: !count
          ? null
          : scopeRows && mode === 'end'
            ? sql`(select count(*) from scope_rows)::int`
            : countOf(scopeRows ? sql`select 1 from scope_rows` : scopeCounted),
        countRows,
        scopeBranches: scopeRows,
      });
    const shapeKey = `${shape.join('|')}|${values.c_k === null ? 'null-key' : ''}`;
    const { page: statement } = pageStatements.of(db, shapeKey, () => ({ page: build() }));
    const rows = await statement.execute({ ...listValues, ...values, limit, offset });
    const page = (rows as PageRow[]).map((row) => normaliseRow(row));
    // The page's company space people came with its first row: every row of the page shares them.
    const people = fromJson(page.find((row) => row.people)?.people ?? []);
    for (const row of page) row.people = people;
    const folded = page.find((row) => row.countRows !== null)?.countRows;
    if (folded != null && folded > COUNT_ROWS_TO_FOLD) foldCount(db);
    return page;
  };

  // A cursor without a range reads pages as long as the console's default; otherwise the range asked, or the first
  // LIST_MAX_ROWS.
  const limit: number | null =
    !list.rangeAsked && request.query.cursor ? ADMIN_DEFAULT_PER_PAGE : list.range.limit;
  // Unfiltered lists count exactly (and cheaply); a filtered or scoped one known long skips its count a while.
  const longTotal = where ? knownLongTotal(db, listKey) : undefined;
  const countInQuery = limit !== null && longTotal === undefined;
  // A caller's own list reads its scope first (its rows, then sorted) or walks the sort index, whichever reads less
  // for this page, judged by the scope's size (its kept long total, or its last exact count) against the page's
  // depth; a keyset page walks from its cursor, so only its length counts (own-walk.ts). Size unknown: read first.
  const reach = (request.query.cursor ? 0 : list.range.offset) + (limit ?? 0);
  const { matchFirst, probes } =
    scope && limit !== null
      ? await ownPageWay(db, scope, longTotal ?? scopeSize(db, listKey), reach)
      : { matchFirst: !!scope, probes: false };
  let offset = list.range.offset;
  let rows: PageRow[];
  let countedRows = false;
  if (request.query.cursor) {
    const cursor = decodeCursor(request.query.cursor);
    if (cursor.f !== field || cursor.o !== direction || cursor.h !== hash) {
      throw badRequest('The cursor belongs to another sort or filter of this list.', ['cursor']);
    }
    const after = afterCursor(key, cast, direction, cursor.k === null);
    const position = { c_k: cursor.k, c_i: cursor.i, offset: 0 };
    rows = await run('after', after.first, position, limit, countInQuery);
    countedRows = true;
    if (rows.length < limit! && after.thenNulls) {
      rows.push(...(await run('nulls', after.thenNulls, { offset: 0 }, limit! - rows.length, false)));
      countedRows = false;
    }
    offset = cursor.n;
  } else {
    // An unfiltered page, or one of a scope read first, in the second half of the list is found from the far end
    // (see pageQuery); the total it goes by is a hint, the page's own exact count places it.
    const readsScope = matchFirst && !filtered.condition;
    const total = readsScope ? (longTotal ?? scopeSize(db, listKey)) : where ? undefined : lastTotal(db);
    const fromEnd = limit !== null && total !== undefined && offset + limit / 2 > total / 2;
    // From the end, the page's own exact count places it, kept total or not.
    rows = await run(fromEnd ? 'end' : 'offset', undefined, { offset }, limit, countInQuery || fromEnd);
    if (fromEnd) {
      const exact = rows.find((row) => row.counted !== null)?.counted ?? 0;
      rows = fromEndPage(rows, exact, offset, limit);
      // The page's own count says whether it is full; the total is known either way.
      for (const row of rows) row.counted = null;
      if (rows[0]) rows[0].counted = exact;
    }
    countedRows = true;
  }

  let total = offset + rows.length;
  let estimated = false;
  if (limit !== null && (rows.length === limit || (rows.length === 0 && offset > 0))) {
    const inQuery = countedRows ? rows.find((row) => row.counted !== null)?.counted : undefined;
    let counted: number;
    if (!where) {
      counted = inQuery ?? (await countMatching(db, undefined, listValues));
      setLastTotal(db, counted);
    } else {
      // A caller's own list is counted exactly when long (the planner cannot estimate a member subquery).
      const policy = await listTotal(db, {
        key: listKey,
        counted: inQuery,
        count: () => countMatching(db, found, listValues, scopeCounted, exactLimit),
        exactLimit,
        beyond: () =>
          scopeCounted ? fullCount(db, scopeCounted, listValues) : plannerEstimate(db, where, listValues),
      });
      counted = policy.total;
      estimated = policy.estimated;
    }
    total = pageTotal({ total: counted, estimated }, { offset, rows: rows.length });
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
  // Exact (counted, or the end of the list reached by an offset page: a cursor's position is the client's word): the
  // scope's size for the next page's path, and a kept long total that no longer holds is dropped.
  if (scope && !estimated && !request.query.cursor) {
    rememberScopeSize(db, listKey, total);
    if (total <= exactLimit) forgetLongTotal(db, listKey);
  }
  reply.header(
    'Content-Range',
    formatContentRange({ resource: 'projects', offset, limit: rows.length, total }),
  );
  if (estimated) reply.header(ESTIMATED_TOTAL_HEADER, 'true');
  return rows;
}

export { projectListQuerystring } from './list-cursor.js';
