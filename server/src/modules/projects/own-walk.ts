import type { Database } from '../../db/client.js';

/**
 * How a caller's own list (a scope not known to be long) finds a page: its scope read first and sorted, or the sort
 * index walked with the scope's row test. A prepared statement's generic plan cannot choose, since it does not know
 * how many rows a caller's scope holds; this does, from the scope's size at its last exact count. Walking to a page
 * that ends `position` rows in reads about `position × projects / scope` index entries (the scope's rows lie spread
 * over the index); reading first reads the scope's rows and sorts them. A scope of 5,000 projects of 100,000 walks
 * 500 entries to its first page instead of sorting 5,000 rows; its deepest page, and any scope of 50, read first.
 * A hint only: a stale size picks the slower way, never other rows.
 */
const scopeSizes = new WeakMap<Database, Map<string, number>>();
const KEPT_SIZES = 10_000;

/** Keeps the exact size of a scope (its list key: scope and filter with their values) at its latest count. */
export function rememberScopeSize(db: Database, key: string, size: number): void {
  let sizes = scopeSizes.get(db);
  if (!sizes) scopeSizes.set(db, (sizes = new Map()));
  sizes.delete(key);
  sizes.set(key, size);
  if (sizes.size > KEPT_SIZES) sizes.delete(sizes.keys().next().value!);
}

/** The scope's size at its last exact count, if kept. */
export const scopeSize = (db: Database, key: string): number | undefined => scopeSizes.get(db)?.get(key);

/** Whether the page ending `position` rows into the list is cheaper to reach by walking the sort index. */
export function walksScope(
  db: Database,
  key: string,
  position: number,
  projectsTotal: number | undefined,
): boolean {
  const size = scopeSize(db, key);
  if (!size || !projectsTotal || position > size) return false;
  return (position * projectsTotal) / size <= size;
}
