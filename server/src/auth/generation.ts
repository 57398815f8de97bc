import { setImmediate } from 'node:timers';
import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/**
 * One row counting changes to what a caller is: users, global roles, service accounts, company spaces, their
 * members and board links. Database triggers move it in the transaction of each change (migration 0008), so it
 * moves for changes from any process, and a reader that sees a generation sees every change before it. Kept out of
 * the Drizzle schema files: the migration that makes it also makes the triggers, which drizzle-kit does not know.
 */
const authGeneration = pgTable('auth_generation', {
  id: boolean('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

const readers = new WeakMap<Database, () => Promise<number>>();

/**
 * Reads the current identity generation: one indexed row, a prepared statement per database. Calls that arrive
 * together share one read, sent on the next turn of the event loop, so it starts after every call that joined it
 * arrived and still sees every change committed before them. (`setImmediate` from node:timers: tests that fake the
 * global timers do not hold the read back.)
 */
export function identityGeneration(db: Database): () => Promise<number> {
  let read = readers.get(db);
  if (!read) {
    const query = db.select({ value: authGeneration.value }).from(authGeneration).prepare('auth_generation');
    let next: Promise<number> | null = null;
    read = () =>
      (next ??= new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          // From here on, a new call waits for a read of its own.
          next = null;
          query.execute().then(
            // Without the row nothing is ever fresh (NaN equals nothing): the cache then only saves nothing.
            (rows) => resolve(rows[0]?.value ?? Number.NaN),
            reject,
          );
        });
      }));
    readers.set(db, read);
  }
  return read;
}
