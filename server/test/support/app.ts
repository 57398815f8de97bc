import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, issuerKeyOf, type BuildOptions } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { createDatabaseIn } from '../../src/ops/postgres-cluster.js';
import { SNAPSHOT_ISSUER_KEY } from './database-snapshots.js';
import { testConfig } from './test-config.js';

export { TEST_PUBLIC_URL, testConfig } from './test-config.js';

export const usingPostgres = () => process.env.PORTAL_TEST_DB === 'postgres';

/**
 * A fresh database for one test file: in-memory PGlite, or a new database in the throwaway PostgreSQL cluster. It
 * starts migrated and empty, or `seeded` with the demo data of the embedded provider, from the run's snapshots
 * (database-snapshots.ts) when the project made them (the cli project runs without).
 */
export async function freshDatabase({ seeded = false }: { seeded?: boolean } = {}): Promise<DatabaseHandle> {
  const snapshots = inject('databaseSnapshots') ?? null;
  const snapshot = snapshots && (seeded ? snapshots.seeded : snapshots.empty);
  if (!usingPostgres()) {
    const dump = snapshot ? new Blob([await fs.readFile(snapshot)]) : undefined;
    return openDatabase({ dataDir: null, pgliteDump: dump });
  }
  const clusterUrl = inject('postgresUrl');
  if (!clusterUrl) throw new Error('PostgreSQL run without a cluster');
  const { default: pg } = await import('pg');
  const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
  const url = await createDatabaseIn(clusterUrl, name, snapshot ? { template: snapshot } : {});
  const handle = await openDatabase({ databaseUrl: url, dataDir: null });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: clusterUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database with the demo data, the embedded provider and in-memory keys. */
export async function startTestApp(
  env: Record<string, string> = {},
  {
    onInstance,
    added,
    mailWorker,
    sitemapPageSize,
    pageCacheBytes,
    pageRendersAtOnce,
  }: Pick<
    BuildOptions,
    'onInstance' | 'added' | 'mailWorker' | 'sitemapPageSize' | 'pageCacheBytes' | 'pageRendersAtOnce'
  > = {},
): Promise<TestApp> {
  const config = testConfig(env);
  // The seeded snapshot holds the demo data the app would seed itself (for the embedded provider's issuer key).
  const database = await freshDatabase({
    seeded: config.seedDemoData && issuerKeyOf(config) === SNAPSHOT_ISSUER_KEY,
  });
  const app = await buildApp(config, {
    database,
    inMemory: true,
    logger: false,
    onInstance,
    added,
    mailWorker,
    sitemapPageSize,
    pageCacheBytes,
    pageRendersAtOnce,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
