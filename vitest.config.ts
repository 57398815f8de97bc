import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBinaries } from './server/test/support/postgres-cluster.js';

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './server',
    include: db === 'pglite' ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : ['test/**/*.test.ts'],
    env: { PORTAL_TEST_DB: db },
    globalSetup: db === 'postgres' ? ['test/support/global-setup-postgres.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Autoload's import() of the route and module files goes through vitest's transform (TypeScript) when
    // vitest runs autoload itself rather than leaving it to Node.
    server: { deps: { inline: ['@fastify/autoload'] } },
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
          name: 'resources',
          root: './resources',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      { test: { name: 'scripts', root: './scripts', include: ['*.test.ts'] } },
      { test: { name: 'data-provider', root: './data-provider', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'customer-app',
          root: './customer-app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'admin-app',
          root: './admin-app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      server('server-pglite', 'pglite'),
      ...(postgresFound ? [server('server-postgres', 'postgres')] : []),
    ],
  },
});
