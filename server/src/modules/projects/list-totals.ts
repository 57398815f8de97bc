import { Param, Placeholder, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projects } from '../../db/tables.js';

/** Up to this many matching rows a list counts exactly; beyond it the total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/** The first column of the first row of a raw query, for both drivers. */
export async function scalar<T>(db: Database, query: SQL): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  return row ? (Object.values(row)[0] as T) : undefined;
}

/**
 * Estimated totals of long lists, per database and list (filter, scope), kept briefly: an estimate is the planner's
 * guess from statistics that change slowly, so a list already known to be long is not counted again for a while.
 * Exact totals (short lists) are never kept.
 */
export const estimates = new WeakMap<Database, Map<string, { total: number; until: number }>>();
export const ESTIMATE_TTL_MS = 10_000;
export const MAX_ESTIMATES = 1_000;

export function knownEstimate(db: Database, key: string): number | null {
  const found = estimates.get(db)?.get(key);
  return found && found.until > Date.now() ? found.total : null;
}

export function keepEstimate(db: Database, key: string, total: number): void {
  let map = estimates.get(db);
  if (!map) estimates.set(db, (map = new Map()));
  map.delete(key);
  map.set(key, { total, until: Date.now() + ESTIMATE_TTL_MS });
  if (map.size > MAX_ESTIMATES) map.delete(map.keys().next().value!);
}

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
 * `projects_count`. Filtered or scoped: exactly up to {@link EXACT_COUNT_LIMIT} (a count that stops there); beyond it
 * the caller asks the planner ({@link plannerEstimate}).
 */
export function countSql(where: SQL | undefined): SQL {
  if (!where) return sql`${exactTotal}::int`;
  return sql`(select count(*) from (select 1 from ${projects} where ${where}
    limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) as bounded)::int`;
}

export async function plannerEstimate(
  db: Database,
  where: SQL | undefined,
  values: Record<string, unknown>,
): Promise<number> {
  // The condition's placeholders become bound parameters of this query, so the planner sees the real values.
  const filled = where ? fillPlaceholders(where, values) : sql`true`;
  const plan = await scalar<unknown>(
    db,
    sql`explain (format json) select 1 from ${projects} where ${filled}`,
  );
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
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
 * went on into the rows without a key).
 */
export async function countMatching(
  db: Database,
  where: SQL | undefined,
  values: Record<string, unknown>,
): Promise<number> {
  return Number(
    await scalar<number>(db, sql`select ${countSql(where ? fillPlaceholders(where, values) : undefined)}`),
  );
}
