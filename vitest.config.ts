import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBinaries } from './server/src/ops/postgres-cluster.js';

/**
 * How long a test may wait for a state and take, for every project: the libraries' defaults fail tests on a busy
 * machine, and a wait ends as soon as its state is there, so these only bound a failing test.
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

/**
 * Server files the PostgreSQL run leaves to the PGlite run: their subject is the HTTP layer (validation, logs,
 * compression, forwarded headers, security headers and CSRF, sign-in budgets, static files), file storage or where a
 * foreign provider puts its claims, not a statement, and the statements they reach run on PostgreSQL in the files
 * about their data (users from a token: external-provider and every sign-in; rate-limit counts: rate-limit-store).
 */
const NOT_ABOUT_SQL = [
  'unknown-fields',
  'api-contract',
  'request-log',
  'log-redaction',
  'compression',
  'outdated-browser',
  'download-range',
  'storage-local',
  'storage-s3',
  'uploads-scanner',
  'uploads-stream',
  'uploads-xml',
  'behind-proxy',
  'static-dotfiles',
  'static-apps-building',
  'foreign-providers',
  'security',
].map((name) => `test/${name}.test.ts`);

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    ...waits,
    name,
    root: './server',
    include: db === 'pglite' ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? NOT_ABOUT_SQL : [])],
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

/** A test file that mocks a module: `vi.mock` replaces it only where the file's own module graph first loads it. */
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

/** The folder a glob starts in: the parts before the first one with a wildcard (`test/**\/*.test.ts` → `test`). */
const folderOf = (glob: string) => {
  const parts = glob.split('/');
  return parts
    .slice(
      0,
      parts.findIndex((part) => /[*?{[]/.test(part)),
    )
    .join('/');
};

/** The test files a project includes (paths relative to its root) that mock a module. */
function filesMockingModules(root: string, include: string[]): string[] {
  const found = new Set<string>();
  for (const folder of new Set(include.map(folderOf))) {
    const entries = fs.readdirSync(path.join(root, folder), { recursive: folder !== '', encoding: 'utf8' });
    for (const entry of entries) {
      const file = path.join(folder, entry);
      if (!/\.test\.tsx?$/.test(file) || file.split(path.sep).includes('node_modules')) continue;
      if (MOCKS_A_MODULE.test(fs.readFileSync(path.join(root, file), 'utf8')))
        found.add(file.split(path.sep).join('/'));
    }
  }
  return [...found];
}

/**
 * A project's files share one module graph per worker (`isolate: false`) to import the libraries once
 * (docs/testing.md); files that mock a module run in an isolated companion project.
 */
function sharingModules(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const test = project.test!;
  const mocking = filesMockingModules(path.resolve(import.meta.dirname, test.root!), test.include!).filter(
    (file) => !test.exclude?.includes(file),
  );
  const shared: TestProjectInlineConfiguration = {
    ...project,
    test: {
      ...test,
      isolate: false,
      unstubGlobals: true,
      unstubEnvs: true,
      restoreMocks: true,
      exclude: [...(test.exclude ?? configDefaults.exclude), ...mocking],
    },
  };
  if (mocking.length === 0) return [shared];
  return [shared, { ...project, test: { ...test, name: `${test.name}-isolated`, include: mocking } }];
}

export default defineConfig({
  test: {
    // Two cores here; each server test file holds its own database.
    maxWorkers: 2,
    // One on-disk cache of transformed modules (node_modules/.experimental-vitest-cache, empty in a clean clone),
    // keyed by project root: the PGlite and PostgreSQL server projects transform the server's sources once.
    experimental: { fsModuleCache: true },
    projects: (
      [
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
      ] satisfies TestProjectInlineConfiguration[]
    ).flatMap(sharingModules),
  },
});
