import type { Database } from '../../db/client.js';
import { CountCache } from '../../crud/count-cache.js';
import { projectsTotal } from './list-totals.js';
import type { ProjectScope } from './own-scope.js';

/**
 * How a caller's own list finds a page: its scope read first and sorted, or the sort index walked with the scope's
 * row test, chosen by the scope's size, which a generic plan cannot know (README "Projects"). A hint only: a stale
 * size picks the slower way, never other rows.
 */
const scopeSizes = new WeakMap<Database, CountCache>();
const sizesOf = (db: Database): CountCache => {
  let sizes = scopeSizes.get(db);
  if (!sizes) scopeSizes.set(db, (sizes = new CountCache(Date.now, 10_000)));
  return sizes;
};

/** Keeps the exact size of a scope (its list key: scope and filter with their values) at its latest count. */
export const rememberScopeSize = (db: Database, key: string, size: number): void =>
  sizesOf(db).set(key, size);

/** The scope's size at its last exact count, whatever its age (a hint: a short list's; a long one's is its kept total). */
export const scopeSize = (db: Database, key: string): number | undefined => sizesOf(db).within(key, Infinity);

/**
 * Whether a page that ends `reach` rows past where a walk starts (the list's start, or a keyset cursor) is cheaper to
 * reach by walking the sort index than by reading the scope's `size` rows first, among `total` projects.
 */
function walksScope(size: number | undefined, reach: number, total: number): boolean {
  if (!size || !total || reach > size) return false;
  return walked(size, reach, total) <= size;
}

/** About how many index entries a walk reads to a page ending `reach` rows in, `size` of `total` in scope. */
const walked = (size: number, reach: number, total: number) => (reach * total) / size;

/** What looking one board up among a caller's links costs, in links read into a hashed set (4 µs against 0.8 µs). */
const PROBE_COST = 5;

/**
 * Whether a walk (see {@link walksScope}) tests its rows' boards one index lookup each rather than against all the
 * caller's `links` read into a hashed set first: when its lookups cost less than reading the links.
 */
const probesLinks = (size: number, reach: number, total: number, links: number): boolean =>
  walked(size, reach, total) * PROBE_COST < links;

/**
 * How a page of the caller's own list `scope` that ends `reach` rows past where its walk starts is found, by the
 * scope's `size` (a hint: its kept total or last exact count): read first, or walked, looking each row's board up
 * among the caller's links when the walk is short.
 */
export async function ownPageWay(
  db: Database,
  scope: ProjectScope,
  size: number | undefined,
  reach: number,
): Promise<{ matchFirst: boolean; probes: boolean }> {
  const total = await projectsTotal(db);
  const walks = walksScope(size, reach, total);
  return {
    matchFirst: !walks,
    probes: walks && !!scope.probing && probesLinks(size!, reach, total, scope.linkCount),
  };
}
