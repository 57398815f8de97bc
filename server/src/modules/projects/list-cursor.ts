import { createHash } from 'node:crypto';
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { PROJECT_SORT_FIELDS, LIST_CURSOR_MAX_LENGTH } from '@portal/resources';
import { projects } from '../../db/tables.js';
import { badRequest } from '../../transport/errors.js';
import { listQuerystring } from '../../crud/list-query.js';

// Keyset paging of the project lists: the cursor a page gives out and the condition "after it".

const ph = (name: string) => sql.placeholder(name);
type Direction = 'ASC' | 'DESC';

/** A keyset position: after the row with sort key `k` (as text) and id `i`, which is row `n - 1` of the list. */
export const cursorSchema = z.object({
  f: z.enum(PROJECT_SORT_FIELDS),
  o: z.enum(['ASC', 'DESC']),
  k: z.string().nullable(),
  i: z.uuid(),
  n: z.number().int().nonnegative(),
  h: z.string(),
});
export type Cursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString()));
  } catch {
    throw badRequest('The cursor is not one this list gave out.', ['cursor']);
  }
}
export const filterHash = (filter: unknown) =>
  createHash('sha256').update(JSON.stringify(filter)).digest('base64url').slice(0, 12);

/** Query parameters of the project lists: react-admin's, plus the `cursor` of keyset paging. */
export const projectListQuerystring = listQuerystring.extend({
  cursor: z
    .string()
    .max(LIST_CURSOR_MAX_LENGTH)
    .optional()
    .describe(
      'Continue after the page that answered this `X-Next-Cursor` (keyset paging, fast at any depth)',
    ),
});

/**
 * The condition "after the cursor's row" in the list's order, on the sort key's index, null keys included; the
 * cursor's key and id are placeholders (`c_k`, `c_i`).
 */
export function afterCursor(
  key: PgColumn | SQL,
  cast: string,
  direction: Direction,
  keyIsNull: boolean,
): { first: SQL; thenNulls: SQL | null } {
  const k = sql`${ph('c_k')}::${sql.raw(cast)}`;
  const id = sql`${ph('c_i')}::uuid`;
  if (direction === 'ASC') {
    // Ascending: keys in order, then the rows without a key (nulls last) by id.
    if (keyIsNull) return { first: and(isNull(key), sql`${projects.id} > ${id}`)!, thenNulls: null };
    return { first: sql`(${key}, ${projects.id}) > (${k}, ${id})`, thenNulls: isNull(key) };
  }
  // Descending: the rows without a key first (nulls first) by id downwards, then keys downwards.
  if (keyIsNull) {
    return { first: and(isNull(key), sql`${projects.id} < ${id}`)!, thenNulls: sql`${key} is not null` };
  }
  return { first: sql`(${key}, ${projects.id}) < (${k}, ${id})`, thenNulls: null };
}
