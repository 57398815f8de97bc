import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mailQueue } from '../db/schema-mail.js';
import { systemClock, type Clock } from '../payments/clock.js';
import type { Mail, Mailer } from './mailer.js';

/** The database or a transaction of it: enqueueing inside the caller's transaction makes the mail part of it. */
export type MailExecutor = Pick<Database, 'insert'>;

interface QueuedMail extends Mail {
  /** What sends it (verification, project-status-change, …), kept for the log and support. */
  kind: string;
}

interface DrainResult {
  sent: number;
  /** Attempts that failed (the mail is retried later, or given up after the last attempt). */
  failed: number;
}

/**
 * Durable outgoing mail: `enqueue` only writes rows, so an API call never waits for a mail server, and leased
 * claims let any instance deliver them, losing none (server README, "Mail").
 */
export interface MailQueue {
  /** Writes the mails; with `tx` inside that transaction (they go out only if it commits). */
  enqueue(mails: QueuedMail | QueuedMail[], tx?: MailExecutor): Promise<void>;
  /** Starts the background worker: it delivers what is due now (left from before too), then polls. */
  start(): void;
  /** Stops polling and waits for the mail being delivered. */
  stop(): Promise<void>;
  /** Delivers everything due now and waits until done (tests, and a shutdown that wants the outbox empty). */
  drain(): Promise<DrainResult>;
  /** Asks the worker to look for due mail now (after a transaction with mails committed). */
  wake(): void;
  /** The mail not delivered yet: how many, and how long the oldest has waited (the metrics read it). */
  backlog(): Promise<{ depth: number; oldestAgeSeconds: number }>;
}

/** Delays before the 2nd, 3rd, … attempt; after the last, the mail is marked failed. */
export const RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  6 * 60 * 60_000,
];

export interface MailQueueOptions {
  db: Database;
  mailer: Mailer;
  clock?: Clock;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** How often the worker looks for due mail besides being woken (ms). */
  pollIntervalMs?: number;
  /** How long a claim holds; a delivery taking longer is given up and retried (ms). */
  leaseMs?: number;
  /** Rows claimed at a time. */
  batchSize?: number;
  retryDelaysMs?: readonly number[];
  /** Sent rows older than this are deleted (ms); 30 days. */
  keepSentMs?: number;
  /** Runs each turn of the worker: the metrics keep when it last ran and how often it failed. */
  runTurn?: <T>(work: () => Promise<T>) => Promise<T>;
}

const DEFAULTS = {
  pollIntervalMs: 2_000,
  leaseMs: 5 * 60_000,
  batchSize: 20,
  keepSentMs: 30 * 24 * 60 * 60_000,
};
const PRUNE_EVERY_MS = 60 * 60_000;

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, mailer } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? quietLog;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const keepSentMs = options.keepSentMs ?? DEFAULTS.keepSentMs;
  // The send gives up a little before its lease ends, so another worker never takes a row still being sent.
  const sendTimeoutMs = Math.max(1_000, leaseMs - Math.min(30_000, leaseMs / 5));

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let stopped = true;
  /** Set by stop(): the cycle under way hands back what it has not delivered yet. */
  let stopping = false;
  let lastPrune = 0;

  async function claim() {
    const now = clock.now();
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          lte(mailQueue.nextAttemptAt, now),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const rows = await db
      .update(mailQueue)
      .set({ lockedUntil: leaseEnd, attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, due))
      .returning();
    return rows.map((row) => ({ ...row, leaseEnd }));
  }

  async function deliver(row: Awaited<ReturnType<typeof claim>>[number]): Promise<boolean> {
    const owned = and(eq(mailQueue.id, row.id), eq(mailQueue.lockedUntil, row.leaseEnd));
    try {
      await withTimeout(
        mailer.send({ to: row.recipient, subject: row.subject, text: row.body }),
        sendTimeoutMs,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelays[row.attempts - 1];
      const giveUp = delay === undefined;
      await db
        .update(mailQueue)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          ...(giveUp
            ? { status: 'failed' as const }
            : { nextAttemptAt: new Date(clock.now().getTime() + delay) }),
        })
        .where(owned);
      (giveUp ? log.error : log.warn)(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, err: message },
        giveUp ? 'mail could not be delivered; gave up' : 'mail delivery failed; will retry',
      );
      return false;
    }
    await db
      .update(mailQueue)
      .set({ status: 'sent', sentAt: clock.now(), lockedUntil: null, lastError: null })
      .where(owned);
    return true;
  }

  async function release(rows: Awaited<ReturnType<typeof claim>>) {
    for (const row of rows) {
      await db
        .update(mailQueue)
        .set({ lockedUntil: null, attempts: sql`${mailQueue.attempts} - 1` })
        .where(and(eq(mailQueue.id, row.id), eq(mailQueue.lockedUntil, row.leaseEnd)));
    }
  }

  async function prune() {
    const now = clock.now().getTime();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await db
      .delete(mailQueue)
      .where(and(eq(mailQueue.status, 'sent'), lt(mailQueue.sentAt, new Date(now - keepSentMs))));
  }

  /** Claims and delivers batches until nothing is due. */
  async function cycle(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) break;
      for (const [index, row] of rows.entries()) {
        if (stopping) {
          // Shutting down: hand the rest of the batch back at once rather than leaving it to its lease.
          await release(rows.slice(index));
          return result;
        }
        if (await deliver(row)) result.sent += 1;
        else result.failed += 1;
      }
    }
    await prune();
    return result;
  }

  function run(): Promise<DrainResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (options.runTurn ? options.runTurn(cycle) : cycle())
      .catch((error: unknown) => {
        // The database was unreachable a moment: the next poll tries again.
        log.error({ err: error }, 'mail worker cycle failed');
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  function wake() {
    if (!stopped) void run();
  }

  return {
    async enqueue(mails, tx) {
      const list = Array.isArray(mails) ? mails : [mails];
      if (list.length === 0) return;
      const now = clock.now();
      await (tx ?? db).insert(mailQueue).values(
        list.map((mail) => ({
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          kind: mail.kind,
          nextAttemptAt: now,
          createdAt: now,
        })),
      );
      if (!tx) queueMicrotask(wake);
      // Inside a transaction the rows show once it commits; a short delay usually finds them, the poll surely.
      else setTimeout(wake, 50).unref();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      timer = setInterval(() => void run(), pollIntervalMs);
      timer.unref();
      void run();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      while (running) await running;
    },
    async backlog() {
      const [row] = await db
        .select({ depth: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${mailQueue.createdAt})` })
        .from(mailQueue)
        .where(eq(mailQueue.status, 'pending'));
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      return {
        depth: Number(row?.depth ?? 0),
        oldestAgeSeconds: oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0,
      };
    },
    async drain() {
      // Asked for explicitly: deliver, even after stop().
      stopping = false;
      const total: DrainResult = { sent: 0, failed: 0 };
      // Wait for a cycle already under way, then run until a cycle finds nothing.
      for (;;) {
        while (running) await running;
        const result = await run();
        total.sent += result.sent;
        total.failed += result.failed;
        if (result.sent + result.failed === 0) return total;
      }
    },
    wake,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the mail server did not answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
