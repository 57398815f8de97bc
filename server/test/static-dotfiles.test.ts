import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

const BUILD_HASH = 'the-build-hash-of-this-test';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  // Built apps as `pnpm start` leaves them: its bookkeeping (dist/.build-hash) sits beside the files it serves.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
  for (const app of ['customer-app', 'admin-app']) {
    const dist = path.join(staticDir, app, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'export {};');
    fs.writeFileSync(path.join(dist, '.build-hash'), `${BUILD_HASH}\n`);
  }
  t = await startTestApp({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('the built apps', () => {
  it.each(['/assets/app.js', '/admin/assets/app.js'])('serve their files (%s)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('export {};');
  });

  it.each(['/.build-hash', '/admin/.build-hash', '/admin/assets/../.build-hash', '/%2ebuild-hash'])(
    'never serve a dot file such as the build hash (%s)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain(BUILD_HASH);
    },
  );
});
