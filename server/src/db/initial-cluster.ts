import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the server's build writes the packed cluster (`server/dist`, from `src/db` as from `dist/db`). */
const BUILT = path.resolve(import.meta.dirname, '../../dist');

/** The installed PGlite's version: its package.json is not among its exports, so it is found from its entry. */
function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '../package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The packed initial cluster of a PGlite version in `folder`. */
export function initialClusterFile(folder: string, version = installedPgliteVersion()): string {
  return path.join(folder, `pglite-${version}-initial-cluster.tar.gz`);
}

/**
 * Packs a freshly initialised, empty cluster of the installed PGlite (initdb only, no migration, so it holds
 * nothing of our schema) into `folder`, for `openDatabase` to start a new data folder from.
 */
export async function packInitialCluster(folder: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  const packed = await client.dumpDataDir('gzip');
  await client.close();
  const file = initialClusterFile(folder);
  await fs.mkdir(folder, { recursive: true });
  // Written whole or not at all: a cut-off file would stop the first start of every new data folder.
  await fs.writeFile(`${file}.partial`, Buffer.from(await packed.arrayBuffer()));
  await fs.rename(`${file}.partial`, file);
  return file;
}

/** The packed cluster a PGlite data folder `dir` starts from, or undefined: initdb runs, or its cluster opens. */
export async function initialClusterFor(dir: string, folder = BUILT): Promise<Blob | undefined> {
  // PGlite refuses to load a cluster over an existing one.
  if (existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  // Only the installed PGlite's own is loaded (another's catalog may not fit its Postgres); without it, initdb.
  const packed = await fs.readFile(initialClusterFile(folder)).catch(() => null);
  return packed ? new Blob([packed]) : undefined;
}
