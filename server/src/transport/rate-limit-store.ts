import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.js';
import { ApiError } from './errors.js';
import { rateLimitHits } from '../db/schema-rate-limits.js';

/**
 * The refusal of an attempt over the limit of `budget`, with the wait in its message (and in Retry-After when
 * `reply`).
 */
export function tooManyAttempts(ttlMs: number, budget: string, reply?: FastifyReply): ApiError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply?.header('Retry-After', String(seconds));
  const error = ApiError.of(429, 'too_many_requests', `Too many attempts. Try again in ${seconds} seconds.`);
  error.retryAfterSeconds = seconds;
  error.budget = budget;
  return error;
}

/** One counted attempt: how many the window holds now (this one included) and how long until it ends. */
interface RateLimitHit {
  count: number;
  resetAt: Date;
  /** Milliseconds until the window ends, by the database's clock. */
  ttlMs: number;
}

export interface RateLimitCounter {
  /** Counts one hit of `key` in `namespace`; a window of `windowMs` starts with the first hit after the last ended. */
  hit(namespace: string, key: string, windowMs: number): Promise<RateLimitHit>;
  /** The window of `key` as it stands, without counting; undefined when none is running. */
  peek(namespace: string, key: string): Promise<RateLimitHit | undefined>;
  /** Gives one hit of a running window back; a window back at nothing is removed. */
  release(namespace: string, key: string): Promise<void>;
  /** Deletes up to `limit` rows whose window has ended; answers how many. */
  prune(limit?: number): Promise<number>;
}

export interface RateLimitCounterOptions {
  /** At most this often (ms) a hit also deletes ended windows; 0 never (tests call `prune`). */
  pruneEveryMs?: number;
  /** Rows deleted by one pruning: bounded work, whatever piled up. */
  pruneBatch?: number;
  /** Told when a pruning failed; the hit that started it is not affected. */
  onPruneError?: (error: unknown) => void;
}

/**
 * The stored key: the namespace in clear (a route or a purpose, for whoever reads the table) and a hash of the
 * client part, so a row is of bounded size whatever a client sends and keeps no address or email.
 */
export const storedKey = (namespace: string, key: string) =>
  `${namespace}|${createHash('sha256').update(key).digest('base64url')}`;

// Every time is the database's: two instances with clocks a little apart still agree on when a window ends.
const millisecondsLeft = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))::int`;

/**
 * Rate-limit counters in the table `rate_limit_hits`, shared by every server instance on the database and kept
 * over a restart. A hit is one statement — an upsert that adds one, or starts a new window when the stored one
 * has ended, and returns the result — so concurrent hits on any instance each get their own count, with no read
 * before the write to race on.
 */
export function createRateLimitCounter(
  // A transaction too: a count that belongs to a write is kept or dropped with it.
  db: Pick<Database, 'insert' | 'select' | 'delete' | 'update'>,
  options: RateLimitCounterOptions = {},
): RateLimitCounter {
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  const pruneBatch = options.pruneBatch ?? 1000;
  let lastPrune = Date.now();

  const counter: RateLimitCounter = {
    async hit(namespace, key, windowMs) {
      const ended = sql`${rateLimitHits.resetAt} <= now()`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({
          key: storedKey(namespace, key),
          count: 1,
          resetAt: sql`now() + ${Math.max(1, Math.trunc(windowMs))}::double precision * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            count: sql`case when ${ended} then 1 else least(${rateLimitHits.count}, 2147483646) + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt, ttlMs: millisecondsLeft });
      if (!row) throw new Error('the rate-limit upsert returned no row');
      if (pruneEveryMs > 0 && Date.now() - lastPrune >= pruneEveryMs) {
        lastPrune = Date.now();
        // Off the request's path: a failed pruning is retried at the next turn and costs the caller nothing.
        counter.prune(pruneBatch).catch((error: unknown) => options.onPruneError?.(error));
      }
      return { count: Number(row.count), resetAt: row.resetAt, ttlMs: Number(row.ttlMs) };
    },

    async peek(namespace, key) {
      const [row] = await db
        .select({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt, ttlMs: millisecondsLeft })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, storedKey(namespace, key)), gt(rateLimitHits.resetAt, sql`now()`)))
        .limit(1);
      return row && { count: Number(row.count), resetAt: row.resetAt, ttlMs: Number(row.ttlMs) };
    },

    async release(namespace, key) {
      const stored = and(
        eq(rateLimitHits.key, storedKey(namespace, key)),
        gt(rateLimitHits.resetAt, sql`now()`),
      );
      const removed = await db
        .delete(rateLimitHits)
        .where(and(stored, lte(rateLimitHits.count, 1)))
        .returning({ key: rateLimitHits.key });
      if (removed.length > 0) return;
      await db
        .update(rateLimitHits)
        .set({ count: sql`${rateLimitHits.count} - 1` })
        .where(and(stored, gt(rateLimitHits.count, 1)));
    },

    async prune(limit = pruneBatch) {
      const ended = db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(lte(rateLimitHits.resetAt, sql`now()`))
        .orderBy(rateLimitHits.resetAt)
        .limit(limit);
      const deleted = await db
        .delete(rateLimitHits)
        // A hit that came in meanwhile started a new window on the row: it stays.
        .where(and(inArray(rateLimitHits.key, ended), lte(rateLimitHits.resetAt, sql`now()`)))
        .returning({ key: rateLimitHits.key });
      return deleted.length;
    },
  };
  return counter;
}

/** A budget of attempts: at most `max` in a window of `windowMs` per key of the namespace. */
export interface AttemptBudget {
  namespace: string;
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Takes one attempt from every budget before the attempt's outcome is known, and refuses (429 with Retry-After on
 * `reply`) when one is spent; `release` gives them back once the attempt turned out not to be a failure (a right
 * password, an empty form), so only failures stay counted. Counting first is what holds a burst of parallel
 * attempts to the budget: with a check before and a count after, every attempt of the burst passes the check.
 */
export async function reserveAttempts(
  counter: RateLimitCounter,
  budgets: AttemptBudget[],
  reply?: FastifyReply,
): Promise<{ release: () => Promise<void> }> {
  const taken: AttemptBudget[] = [];
  const release = async () => {
    for (const budget of taken.splice(0)) await counter.release(budget.namespace, budget.key);
  };
  for (const budget of budgets) {
    const hit = await counter.hit(budget.namespace, budget.key, budget.windowMs);
    taken.push(budget);
    if (hit.count > budget.max) {
      // The refused attempt was never made: what it took is given back, so the counts stay counts of failures.
      await release();
      throw tooManyAttempts(hit.ttlMs, budget.namespace, reply);
    }
  }
  return { release };
}

/** What @fastify/rate-limit hands `child()`: the merged route options, with the route they are for. */
interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The namespace of a route's counts: its method and path, so two routes never share a count. */
function routeNamespace(options: RouteLimitOptions): string {
  const route = options.routeInfo;
  if (!route?.url) return 'limiter';
  const methods = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '*');
  return `${methods} ${route.url}`;
}

/**
 * A store for @fastify/rate-limit that counts in the database through `counter()` (asked at each hit, so the
 * store can be registered before the database is open). Each rate-limited route gets a child with its own
 * namespace. Fixed windows only: `continueExceeding` and `exponentialBackoff` are refused where they are set
 * rather than silently ignored. An error of the database reaches the app's error handler (503 when it is
 * unreachable): a limit that cannot count does not let the attempt through.
 */
export function databaseRateLimitStore(counter: () => RateLimitCounter): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: RouteLimitOptions,
      private readonly namespace = 'limiter',
    ) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'The database rate-limit store counts fixed windows: continueExceeding and exponentialBackoff are not supported.',
        );
      }
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      Promise.resolve()
        .then(() => counter().hit(this.namespace, key, timeWindow))
        .then(
          (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /** The non-counting look @fastify/rate-limit makes for `{ increment: false }`. */
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      Promise.resolve()
        .then(() => counter().peek(this.namespace, key))
        .then(
          (hit) => callback(null, { current: hit?.count ?? 0, ttl: hit?.ttlMs ?? 0 }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as RouteLimitOptions;
      return new DatabaseRateLimitStore(options, routeNamespace(options));
    }
  }
  return DatabaseRateLimitStore;
}
