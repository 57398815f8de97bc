import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startPostgresCluster } from '../../src/ops/postgres-cluster.js';
import { makePostgresTemplates } from './database-snapshots.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** One throwaway cluster for the whole PostgreSQL run; each test file makes its own database in it, from a template. */
export default async function setup(project: TestProject) {
  const binDir = findPostgresBinaries();
  if (!binDir) {
    console.warn(
      '\n[server-postgres] No PostgreSQL server binaries found (set PG_BIN, or apt-get install postgresql): the PostgreSQL run is skipped.\n',
    );
    project.provide('postgresUrl', null);
    project.provide('databaseSnapshots', null);
    return;
  }
  const cluster = await startPostgresCluster(binDir);
  project.provide('postgresUrl', cluster.url);
  try {
    project.provide('databaseSnapshots', await makePostgresTemplates(cluster.url));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
