import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { createDatabaseIn } from '../../src/ops/postgres-cluster.js';

export const TEST_PUBLIC_URL = 'http://localhost:8080';

export const usingPostgres = () => process.env.PORTAL_TEST_DB === 'postgres';

/** A fresh database for one test file: in-memory PGlite, or a new database in the throwaway PostgreSQL cluster. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (!usingPostgres()) return openDatabase({ dataDir: null });
  const clusterUrl = inject('postgresUrl');
  if (!clusterUrl) throw new Error('PostgreSQL run without a cluster');
  const { default: pg } = await import('pg');
  const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
  const handle = await openDatabase({ databaseUrl: await createDatabaseIn(clusterUrl, name), dataDir: null });
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

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database with the demo data, the embedded provider and in-memory keys. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await freshDatabase();
  const app = await buildApp(config, { database, inMemory: true, logger: false });
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
