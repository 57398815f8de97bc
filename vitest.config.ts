import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBinaries } from './server/src/ops/postgres-cluster.js';

/**
 * How long a test may wait for a state (Testing Library's find and waitFor, expect.poll) and how long a test may
 * take, set once for every project: the libraries' defaults (1 s, 5 s) fail tests on a machine with both cores
 * busy. A wait ends as soon as its state is there, so these only bound a failing test.
 */
const WAIT_FOR_STATE_MS = 10_000;
const waits = {
  testTimeout: 30_000,
  expect: { poll: { timeout: WAIT_FOR_STATE_MS } },
  // Read by the component tests' setup files (Testing Library's asyncUtilTimeout).
  provide: { waitForStateMs: WAIT_FOR_STATE_MS },
};

// Autoload's import() of the server's route and module files goes through vitest's transform (TypeScript) when
// vitest runs autoload itself rather than leaving it to Node: every project that starts the server needs this.
const serverFilesThroughVitest = { deps: { inline: ['@fastify/autoload'] } };

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    ...waits,
    name,
    root: './server',
    include: db === 'pglite' ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : ['test/**/*.test.ts'],
    env: { PORTAL_TEST_DB: db },
    // Each run's database snapshots (test/support/database-snapshots.ts); PostgreSQL's cluster too.
    globalSetup: [`test/support/global-setup-${db}.ts`],
    // A file's beforeAll builds the whole app (migrations, demo data, autoload): with both cores busy that takes
    // well over a minute. Like the waits above, this only bounds a failing hook.
    hookTimeout: 180_000,
    server: serverFilesThroughVitest,
  },
});

const postgresFound = findPostgresBinaries() !== null;
if (!postgresFound) {
  console.warn(
    '[vitest] No PostgreSQL server binaries (PG_BIN, /usr/lib/postgresql/*/bin or pg_config): server tests run on PGlite only.',
  );
}

export default defineConfig({
  test: {
    // Two cores here; each server test file holds its own database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...waits,
          name: 'resources',
          root: './resources',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      { test: { ...waits, name: 'scripts', root: './scripts', include: ['*.test.ts'] } },
      { test: { ...waits, name: 'data-provider', root: './data-provider', include: ['src/**/*.test.ts'] } },
      {
        test: {
          ...waits,
          name: 'customer-app',
          root: './customer-app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          ...waits,
          name: 'admin-app',
          root: './admin-app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        // The command line against the real server on a loopback port (PGlite).
        test: {
          name: 'cli',
          root: './cli',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          server: serverFilesThroughVitest,
        },
      },
      server('server-pglite', 'pglite'),
      ...(postgresFound ? [server('server-postgres', 'postgres')] : []),
    ],
  },
});
