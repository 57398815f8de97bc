import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Executor } from './repository.js';
import { COUNT_TTL_MS, CountCache } from './count-cache.js';

/**
 * Up to this many matching rows a list counts exactly (a count that stops one row past it, so its cost is bounded
 * whatever the list's length); beyond it the total is an estimate (docs/architecture.md: performance traps). Ten thousand:
 * a board's pasted serial numbers or a list read without Range (LIST_MAX_ROWS) keep their true total, and the
 * planner's estimate, stale until the table is analysed, is left to lists that long.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * A caller's own project list counts exactly up to this many; beyond it its total is still an exact count, kept a
 * few seconds (see {@link listTotal}). Its count reads the scope's rows branch by branch (members, space, linked
 * boards), the main cost of a page of a few thousand projects in scope, where a kept count costs nothing; a list up
 * to this size (ten pages of 100) shows every change in its total at once.
 */
export const OWN_EXACT_COUNT_LIMIT = 1_000;

/** Set to `true` on a list answer whose Content-Range total is an estimate. */
export const ESTIMATED_TOTAL_HEADER = 'X-Total-Count-Estimated';

/** `rows` (a select of anything) cut one row past the exact limit: enough to tell an exact count from a long list. */
export const boundedRows = (rows: SQL, exactLimit = EXACT_COUNT_LIMIT): SQL =>
  sql`${rows} limit ${sql.raw(String(exactLimit + 1))}`;

/** How many rows `rows` (a select of anything) gives, counting no further than one row past the exact limit. */
export const boundedCount = (rows: SQL, exactLimit = EXACT_COUNT_LIMIT): SQL =>
  sql`(select count(*) from (${boundedRows(rows, exactLimit)}) as bounded)::int`;

/** The first column of the first row of a raw query, for both drivers. */
export async function scalar<T>(db: Executor, query: SQL): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  return row ? (Object.values(row)[0] as T) : undefined;
}

/** The planner's estimate of how many rows `rows` (a select) gives: statistics, no rows read. */
export async function plannerRows(db: Executor, rows: SQL): Promise<number> {
  const plan = await scalar<unknown>(db, sql`explain (format json) ${rows}`);
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** The totals of long lists per database, by list key (its filter, scope and their values). */
const longTotals = new WeakMap<Database, CountCache>();
function totalsOf(db: Database): CountCache {
  let cache = longTotals.get(db);
  if (!cache) longTotals.set(db, (cache = new CountCache(() => Date.now())));
  return cache;
}

/**
 * How long after its count a long list's total still answers while one caller counts it again (stale while
 * refreshed): when a total expires under load, no caller waits for the count, and none takes the short list's way.
 */
export const LONG_TOTAL_STALE_MS = 6 * COUNT_TTL_MS;

/** The kept total of a list known to be long, fresh or being counted again: its page need not count. */
export const knownLongTotal = (db: Database, key: string): number | undefined =>
  totalsOf(db).within(key, LONG_TOTAL_STALE_MS);

/** Drops a list's kept total: a page has just shown it short (exact) again. */
export const forgetLongTotal = (db: Database, key: string): void => totalsOf(db).forget(key);

/**
 * The count policy of every list (README "Decisions"): exact up to {@link EXACT_COUNT_LIMIT}; beyond it `beyond`, one
 * count at a time kept per list key, stale for up to {@link LONG_TOTAL_STALE_MS} while it reruns. Short lists are never
 * kept, so a change shows in their total at once.
 */
export async function listTotal(
  db: Database,
  options: {
    key: string;
    counted?: number | null;
    count: () => Promise<number>;
    beyond: () => Promise<number>;
    /** Exact up to this many (the count's own bound): {@link EXACT_COUNT_LIMIT} unless a list says otherwise. */
    exactLimit?: number;
  },
): Promise<{ total: number; estimated: boolean }> {
  const cache = totalsOf(db);
  const exactLimit = options.exactLimit ?? EXACT_COUNT_LIMIT;
  // The page's own count, short: exact now, whatever was kept while the list was long.
  if (options.counted != null && options.counted <= exactLimit) {
    cache.forget(options.key);
    return { total: options.counted, estimated: false };
  }
  const kept = cache.get(options.key);
  if (kept !== undefined) return { total: kept, estimated: true };
  const stale = cache.within(options.key, LONG_TOTAL_STALE_MS);
  if (stale !== undefined) {
    // Long a moment ago: that total answers while one caller counts again, in the background. A list that has
    // become short is not kept, so its next page counts it exactly.
    cache
      .total(options.key, options.beyond)
      .then((total) => total <= exactLimit && cache.forget(options.key))
      .catch(() => undefined);
    return { total: stale, estimated: true };
  }
  const counted = options.counted ?? (await options.count());
  if (counted <= exactLimit) return { total: counted, estimated: false };
  return { total: Math.max(counted, await cache.total(options.key, options.beyond)), estimated: true };
}

/**
 * A counted page's total: the count, unless an estimate falls short of what the page has just read (a full page
 * promises at least one more row then). An empty page past the end proves nothing: its total is the count alone.
 */
export const pageTotal = (
  counted: { total: number; estimated: boolean },
  page: { offset: number; rows: number },
): number =>
  page.rows ? Math.max(counted.total, page.offset + page.rows + (counted.estimated ? 1 : 0)) : counted.total;
