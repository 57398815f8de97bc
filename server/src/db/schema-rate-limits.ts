import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters in the database, so every instance and a restarted one count the same attempts; one row per
 * limited key, whose window restarts after `reset_at`. Nothing here is worth a backup.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** `<namespace>|<sha256 of the client key>`: bounded in length, and no address or email is stored. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The pruning of ended windows reads them by their end.
  (t) => [index('rate_limit_hits_reset_at_idx').on(t.resetAt)],
);
