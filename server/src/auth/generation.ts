import { setImmediate } from 'node:timers';
import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/**
 * One row counting changes to what a caller is, moved by database triggers in each change's transaction (migration
 * 0008). Not in the Drizzle schema: drizzle-kit does not know the triggers its migration makes.
 */
const authGeneration = pgTable('auth_generation', {
  id: boolean('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

const readers = new WeakMap<Database, () => Promise<number>>();

/**
 * Reads the current identity generation; calls arriving together share one read, sent on the next turn of the event
 * loop (node:timers' `setImmediate`, so tests faking the global timers do not hold it back).
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
