import { dipAssets } from '../db/schema-dip.js';
import { toolFiles, tools } from '../db/schema-catalogue.js';
import type { Database } from '../db/client.js';
import type { FileStorage } from './file-storage.js';

/** A file is written a moment before the row naming it commits; an hour is far beyond any such moment. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes stored files that no row names: the bytes of an upload whose transaction never committed (the server was
 * killed between the file's rename and the commit, or the commit failed). Every table that keeps files is read
 * here — tool files, tool icons and design-in assets — so a file is kept while any of them names it. Only files older than
 * `olderThanMs` are considered, so a write that is about to commit on this or another instance is never touched.
 * Answers how many files it removed; a storage that cannot list its keys (S3) is left alone.
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
