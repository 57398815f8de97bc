import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date: every table's time columns. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = at('created_at').notNull().defaultNow();
export const updatedAt = at('updated_at').notNull().defaultNow();
