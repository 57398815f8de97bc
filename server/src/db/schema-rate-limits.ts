import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters, kept in the database so every server instance and a restarted one count the same attempts
 * (`src/http/rate-limit-store.ts`). One row per limited thing — a route and a hashed client key, or an invitation
 * and its guesser — counting hits until `reset_at`; the next hit after that starts a new window on the same row.
 * Rows past their window are deleted now and then; none holds anything worth a backup.
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
