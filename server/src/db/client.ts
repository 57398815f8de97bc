import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { initialClusterFor } from './initial-cluster.js';
import * as schema from './tables.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections running a query and queries waiting for one (the metrics read it). */
  pool(): { inUse: number; waiting: number };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Opens the database and applies every migration: PostgreSQL when a URL is given, otherwise PGlite in
 * `dataDir` (or in memory when `dataDir` is null, for tests). A new PGlite data folder starts from the packed
 * initial cluster of the server's build when there is one for the installed PGlite (`initial-cluster.ts`).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** An in-memory PGlite starts from this dump of a data folder (`dumpDataDir`) instead of an empty cluster. */
  pgliteDump?: Blob;
  /** The folder holding the packed initial clusters (default: `server/dist`, where the build writes them). */
  packedClusters?: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, terminated backend) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    const initial = await initialClusterFor(dir, options.packedClusters);
    client = new PGlite(dir, initial ? { loadDataDir: initial } : {});
  } else {
    client = new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
  }
  const inFlight = countQueries(client);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    // One connection: one query runs, the others wait in PGlite's queue.
    pool: () => ({ inUse: Math.min(inFlight(), 1), waiting: Math.max(inFlight() - 1, 0) }),
  };
}

/** Counts the statements (and transactions) handed to PGlite and not finished: it runs them one at a time. */
function countQueries(client: {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}): () => number {
  let running = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: never[]) => Promise<unknown>;
    client[method] = async (...args: never[]) => {
      running += 1;
      try {
        return await original(...args);
      } finally {
        running -= 1;
      }
    };
  }
  return () => running;
}
