import { dipAssets } from '../db/schema-dip.js';
import { toolFiles, tools } from '../db/schema-catalogue.js';
import type { Database } from '../db/client.js';
import type { FileStorage } from './file-storage.js';

/** A file is written a moment before the row naming it commits; an hour is far beyond any such moment. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes stored files no table names (uploads whose transaction never committed), older than `olderThanMs` so a
 * write about to commit is never touched. Answers how many; a storage that cannot list its keys (S3) is left alone.
 */
export async function removeOrphanFiles(
  db: Database,
  storage: FileStorage,
  olderThanMs = ORPHAN_AGE_MS,
): Promise<number> {
  if (!storage.keysWrittenBefore) return 0;
  // Read the cut-off first: a file older than it had its row committed (or never will) before the keys are read.
  const before = new Date(Date.now() - olderThanMs);
  const [files, icons, assets] = await Promise.all([
    db.select({ key: toolFiles.storageKey }).from(toolFiles),
    // An icon's `icon` is its storage key (a path under the API's base URL).
    db.select({ key: tools.icon }).from(tools),
    db.select({ key: dipAssets.storageKey }).from(dipAssets),
  ]);
  const named = new Set([...files, ...icons, ...assets].map((row) => row.key));
  let removed = 0;
  for await (const key of storage.keysWrittenBefore(before)) {
    if (named.has(key)) continue;
    await storage.delete(key);
    removed += 1;
  }
  return removed;
}
