import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './tables.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Opens the database and applies every migration: PostgreSQL when a URL is given, otherwise PGlite in
 * `dataDir` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** An in-memory PGlite starts from this dump of a data folder (`dumpDataDir`) instead of an empty cluster. */
  pgliteDump?: Blob;
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
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
