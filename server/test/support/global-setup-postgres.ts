import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startPostgresCluster } from '../../src/ops/postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** One throwaway cluster for the whole PostgreSQL run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const binDir = findPostgresBinaries();
  if (!binDir) {
    console.warn(
      '\n[server-postgres] No PostgreSQL server binaries found (set PG_BIN, or apt-get install postgresql): the PostgreSQL run is skipped.\n',
    );
    project.provide('postgresUrl', null);
    return;
  }
  const cluster = await startPostgresCluster(binDir);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
