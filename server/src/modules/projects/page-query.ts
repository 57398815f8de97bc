import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { pageLimit, unpriced } from '../../db/paging.js';
import { boards, projects } from '../../db/tables.js';
import { exactTotal } from './list-totals.js';
import { unionOf } from './own-scope.js';
import { peopleJson, projectColumns } from './records.js';

export type Direction = 'ASC' | 'DESC';

const ph = (name: string) => sql.placeholder(name);

/**
 * The one query of a list page: the page's ids and sort keys on the sort key's index alone (an index-only scan,
 * quick to skip even deep in the list), then only those rows with their boards, people, latest invitations and the
 * company space people of every space and board on the page; with `count`, the first row also carries how many rows
 * match when the page is full. The limit is written into the text when the apps ask for that size (`writtenLimit`),
 * else the placeholder `limit`; the offset is the placeholder `offset`, priced alike in every plan (`unpriced`).
 *
 * `fromEnd` (unfiltered lists, and scopes read first) finds a page in the second half of the list from its far end:
 * the index (or the scope's rows) read backwards, skipping `total - offset - limit` rows, with the exact total of the
 * same snapshot (the first row carries it, full page or not), so a page near the end costs what a page near the start
 * does.
 */
export function pageQuery(
  db: Database,
  options: {
    key: PgColumn | SQL;
    direction: Direction;
    condition: SQL | undefined;
    /** The page size: none (every row), written into the statement, or a placeholder. */
    limit: 'none' | number | 'param';
    /** Where the page starts: at the first row, a placeholder, or from the end (unfiltered lists). */
    offset: 'zero' | 'param' | 'from-end';
    count: SQL | null;
    /** Also tell how many delta rows the exact count summed (unfiltered counts), to fold them when many. */
    countRows: boolean;
    /**
     * An unfiltered scope read first: the branches of the scope, whose rows come with their sort keys into
     * `scope_rows` (never found again by primary key) for the page and its count; `condition` is then unused.
     */
    scopeBranches?: SQL[];
  },
) {
  const { key, direction, condition } = options;
  const ordered = (dir: Direction) =>
    dir === 'DESC' ? [desc(key), desc(projects.id)] : [asc(key), asc(projects.id)];
  const orderBy = ordered(direction);
  const scopeRows = options.scopeBranches
    ? db
        .$with('scope_rows', { id: projects.id, k: sql`${key}`.as('k') })
        .as(unionOf(options.scopeBranches, sql`${projects.id}, ${key} as k`))
    : undefined;
  const fromProjects = () =>
    db
      .select({ id: projects.id, sortKey: sql<string | null>`(${key})::text`.as('sort_key') })
      .from(projects)
      .where(condition)
      .orderBy(...(options.offset === 'from-end' ? ordered(direction === 'DESC' ? 'ASC' : 'DESC') : orderBy));
  // Both select `id` and `sort_key`; only the table they read differs, which the page's readers never see.
  const fromScopeRows = (rows: NonNullable<typeof scopeRows>) =>
    db
      .select({ id: rows.id, sortKey: sql<string | null>`(${rows.k})::text`.as('sort_key') })
      .from(rows)
      .orderBy(
        ...((direction === 'DESC') !== (options.offset === 'from-end')
          ? [desc(rows.k), desc(rows.id)]
          : [asc(rows.k), asc(rows.id)]),
      );
  let ids = (
    scopeRows ? (fromScopeRows(scopeRows) as unknown as ReturnType<typeof fromProjects>) : fromProjects()
  ).$dynamic();
  // A page size written into the statement (db/paging.ts) and a first page that starts at row 0 leave the planner
  // nothing to guess: PostgreSQL then keeps one generic plan for the statement instead of planning each call.
  const limit = pageLimit(typeof options.limit === 'number' ? options.limit : null, ph('limit'));
  if (options.offset === 'from-end') {
    // The offset is computed from the exact total (Drizzle types it as a number or placeholder; at run time it takes
    // any SQL). A last page shorter than the limit comes back with rows before it, which the caller drops
    // ({@link fromEndPage}).
    const total = scopeRows ? sql`(select count(*) from scope_rows)` : exactTotal;
    const offset = sql`greatest(0, ${total} - ${ph('offset')} - ${limit})`;
    ids = ids.limit(limit as unknown as number).offset(offset as unknown as number);
  } else if (options.limit !== 'none') {
    ids = ids.limit(limit as unknown as number);
    if (options.offset === 'param') ids = ids.offset(unpriced(ph('offset')) as unknown as number);
  }
  const page = db.$with('page').as(ids);
  const ctes = scopeRows ? [scopeRows, page] : [page];
  const onPage = (column: string) =>
    sql.raw(`array(select distinct p.${column} from page join projects p on p.id = page.id)`);
  // Only the first row carries the page-wide columns: their sub-plans run once (CASE evaluates lazily).
  const first = sql`row_number() over () = 1`;
  const full = options.offset === 'from-end' ? sql`true` : sql`(select count(*) from page) = ${ph('limit')}`;
  const count = options.count
    ? sql<number | null>`case when ${first} and ${full} then ${options.count} end`
    : sql<number | null>`null::int`;
  return db
    .with(...ctes)
    .select({
      ...projectColumns,
      sortKey: page.sortKey,
      people: sql<
        string | null
      >`case when ${first} then ${peopleJson(onPage('company_space_id'), onPage('board_id'))} end`,
      counted: count,
      countRows: options.countRows
        ? sql<number | null>`case when ${first} then (select count(*) from projects_count)::int end`
        : sql<number | null>`null::int`,
    })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.id))
    .innerJoin(boards, eq(boards.id, projects.boardId))
    .orderBy(...orderBy);
}

/**
 * The rows of the page `offset`..`offset + limit - 1` among those a from-the-end query read: it read the `limit` rows
 * ending at row `total - 1 - max(0, total - offset - limit)`, so a last page shorter than the limit starts later.
 */
export function fromEndPage<Row>(rows: Row[], total: number, offset: number, limit: number): Row[] {
  const skipped = Math.max(0, total - offset - limit);
  const firstRead = Math.max(0, total - skipped - limit);
  return rows.slice(Math.max(0, offset - firstRead));
}
