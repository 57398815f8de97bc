import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.js';
import { seedDemoData } from '../../src/db/demo-data.js';
import { createDatabaseIn } from '../../src/ops/postgres-cluster.js';
import { issuerKeyOf } from '../../src/app.js';
import { testConfig } from './test-config.js';

/**
 * Where each server test file's database starts from, made once per run by the project's global setup: the
 * migrated schema, empty or with the demo data of the embedded provider. A PGlite file loads a dump of the data
 * folder (skipping the in-memory cluster's initdb, the migrations and the seed: seconds per file); a PostgreSQL file
 * copies a template database. Each file still gets its own database, and `openDatabase` still runs the migrations
 * (finding them applied), so a snapshot can only save time, never hold another schema.
 */
export interface DatabaseSnapshots {
  /** PGlite: the dump files; PostgreSQL: the template databases. */
  empty: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSnapshots: DatabaseSnapshots | null;
  }
}

/** The issuer key the demo data of `startTestApp`'s default configuration (the embedded provider) is seeded for. */
export const SNAPSHOT_ISSUER_KEY = issuerKeyOf(testConfig());

export async function makePgliteSnapshots(): Promise<{
  snapshots: DatabaseSnapshots;
  remove(): Promise<void>;
}> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-pglite-'));
  const snapshots = { empty: path.join(folder, 'empty.tar'), seeded: path.join(folder, 'seeded.tar') };
  const database = await openDatabase({ dataDir: null });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await fs.writeFile(snapshots.empty, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedDemoData(database.db, SNAPSHOT_ISSUER_KEY, { projects: false });
    await fs.writeFile(snapshots.seeded, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return { snapshots, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}

export async function makePostgresTemplates(clusterUrl: string): Promise<DatabaseSnapshots> {
  const snapshots = { empty: 'portal_template_empty', seeded: 'portal_template_seeded' };
  const empty = await openDatabase({
    databaseUrl: await createDatabaseIn(clusterUrl, snapshots.empty),
    dataDir: null,
  });
  await empty.close();
  const seeded = await openDatabase({
    databaseUrl: await createDatabaseIn(clusterUrl, snapshots.seeded, { template: snapshots.empty }),
    dataDir: null,
  });
  try {
    await seedDemoData(seeded.db, SNAPSHOT_ISSUER_KEY, { projects: false });
  } finally {
    await seeded.close();
  }
  return snapshots;
}
