import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.js';

/**
 * Two workers, each with a server and a database of its own, so specs run side by side without seeing each other's
 * records: one worker left a core idle while pages waited.
 */
const WORKERS = 2;

// Workers re-read this file and inherit the main process's environment, so these are settled once.
process.env.E2E_PORT ??= String(8200 + Math.floor(Math.random() * 600));
process.env.E2E_DATA_ROOT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const servers = Array.from({ length: WORKERS }, (_, slot) => ({
  port: Number(process.env.E2E_PORT) + slot,
  dataDir: path.join(process.env.E2E_DATA_ROOT!, `server-${slot}`),
}));
// In a worker, its own server: Playwright numbers the running workers 0 to WORKERS - 1 (TEST_PARALLEL_INDEX).
const own = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]!;
process.env.E2E_DATA_DIR = own.dataDir;
const baseURL = `http://localhost:${own.port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

const chromium = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Every wait is for a state, so these only bound a failing test: room for a machine with both cores busy.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.test-reports', 'playwright.json') }]],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    // Recording a trace of every test cost about a tenth of the run; `--trace=retain-on-failure` turns it on.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  // No spec times what it measures (times are `pnpm bench`'s, on a quiet machine), so every spec shares the cores.
  projects: [{ name: 'chromium', use: chromium }],
  webServer: servers.map(({ port, dataDir }) => ({
    // The production build of the server (`pnpm build`) with the built apps, the embedded provider and a fresh
    // PGlite database.
    command: 'node --conditions=portal-built --enable-source-maps server/dist/main.js',
    cwd: repoRoot,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // A folder holding customer-app/dist and admin-app/dist built elsewhere (default: this checkout's builds).
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
    },
  })),
});
