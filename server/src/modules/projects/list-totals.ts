import { Param, Placeholder, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projects } from '../../db/tables.js';
import { LONG_TOTAL_STALE_MS, boundedCount, plannerRows, scalar } from '../../crud/list-total.js';

// The project lists' side of the count policy (crud/list-total.ts): the kept exact total of the whole list, and the
// counts and estimates of filtered or scoped ones.

/**
 * The exact number of projects, from the sum of `projects_count` (migration 0009: one delta row per statement that
 * adds or removes projects). Cheap while the rows are few: {@link foldCount} folds them.
 */
export const exactTotal = sql`(select coalesce(sum(delta), 0) from projects_count)`;
export const COUNT_ROWS_TO_FOLD = 500;

/** Folds the count's delta rows into one: the deletion and the insertion commit together, so the sum holds. */
export function foldCount(db: Database): void {
  db.execute(
    sql`with folded as (delete from projects_count returning delta)
      insert into projects_count (delta) select coalesce(sum(delta), 0) from folded`,
  ).catch(() => undefined);
}

/**
 * How many rows match, in the page's own query (the first row carries it). Unfiltered: exact, from
 * `projects_count`. Filtered or scoped: the bounded count of the policy (exact up to its limit).
 */
export function countSql(where: SQL | undefined): SQL {
  if (!where) return sql`${exactTotal}::int`;
  return boundedCount(sql`select 1 from ${projects} where ${where}`);
}

/** The planner's estimate of a long filtered list (the admins' list: its filters are columns the statistics know). */
export const plannerEstimate = (db: Database, where: SQL, values: Record<string, unknown>) =>
  plannerRows(db, sql`select 1 from ${projects} where ${fillPlaceholders(where, values)}`);

/**
 * The exact count of a long scoped list (a caller's own projects: the planner cannot see how many rows a member
 * subquery reaches, so its estimate would be far off), affordable because the policy runs it once per list a while.
 * `rows`: the scope's rows, found branch by branch (ProjectScope.branches, disjoint), so none is looked up again.
 */
export const fullCount = async (db: Database, rows: SQL, values: Record<string, unknown>) =>
  Number(
    await scalar<number>(db, sql`select count(*)::int from (${fillPlaceholders(rows, values)}) as scoped`),
  );

/** The last exact total of the unfiltered list per database (where a deep page is nearer the end), and when. */
const lastTotals = new WeakMap<Database, { total: number; at: number }>();
export const setLastTotal = (db: Database, total: number) => lastTotals.set(db, { total, at: Date.now() });
export const lastTotal = (db: Database): number | undefined => lastTotals.get(db)?.total;

/** The number of projects for the own list's path choice: the last unfiltered count, recounted once it is old. */
export async function projectsTotal(db: Database): Promise<number> {
  const known = lastTotals.get(db);
  if (known && Date.now() - known.at < LONG_TOTAL_STALE_MS) return known.total;
  const counted = await countMatching(db, undefined, {});
  setLastTotal(db, counted);
  return counted;
}

/** The SQL with each placeholder replaced by its value as a bound parameter. */
export function fillPlaceholders(query: SQL, values: Record<string, unknown>): SQL {
  return new SQL(
    query.queryChunks.map((chunk) => {
      if (chunk instanceof SQL) return fillPlaceholders(chunk, values);
      // A Param, not a plain value: the template would spread an array into a list.
      if (chunk instanceof Placeholder) return new Param(values[chunk.name]);
      return chunk;
    }),
  );
}

/**
 * How many rows match, on its own (the rare pages whose query did not count: past the end, or a keyset page that
 * went on into the rows without a key): all projects without `where`, else the bounded count of `rows` (a select of
 * the matching rows) or of the projects `where` matches.
 */
export async function countMatching(
  db: Database,
  where: SQL | undefined,
  values: Record<string, unknown>,
  rows?: SQL,
  exactLimit?: number,
): Promise<number> {
  const query = rows ? boundedCount(rows, exactLimit) : countSql(where);
  return Number(await scalar<number>(db, sql`select ${fillPlaceholders(query, values)}`));
}
