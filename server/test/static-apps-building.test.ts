import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

// As `pnpm start` starts the server (scripts/start.mjs): the customer app built, the console's folder made but its
// build still running.
let t: TestApp;
let staticDir: string;
let adminDist: string;
beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-building-'));
  const customerDist = path.join(staticDir, 'customer-app', 'dist');
  fs.mkdirSync(customerDist, { recursive: true });
  fs.writeFileSync(path.join(customerDist, 'index.html'), '<!doctype html><title>customer</title>');
  adminDist = path.join(staticDir, 'admin-app', 'dist');
  fs.mkdirSync(adminDist, { recursive: true });
  t = await startTestApp({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('an app whose build has not ended', () => {
  it('answers 503 with a page that looks again, while the other app is served', async () => {
    const consolePage = await t.app.inject({
      method: 'GET',
      url: '/admin/boards',
      headers: { accept: 'text/html' },
    });
    expect(consolePage.statusCode).toBe(503);
    expect(consolePage.headers['retry-after']).toBe('10');
    expect(consolePage.headers['cache-control']).toBe('no-store');
    expect(consolePage.body).toContain('The admin console is not built yet');
    expect(consolePage.body).toContain('<meta http-equiv="refresh" content="10">');

    const customer = await t.app.inject({ method: 'GET', url: '/welcome', headers: { accept: 'text/html' } });
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toContain('<title>customer</title>');
  });

  it('is served as soon as its build writes its files, without a restart', async () => {
    fs.mkdirSync(path.join(adminDist, 'assets'));
    fs.writeFileSync(path.join(adminDist, 'assets', 'console.js'), 'export {};');
    fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>console</title>');

    const page = await t.app.inject({
      method: 'GET',
      url: '/admin/boards',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    const script = await t.app.inject({ method: 'GET', url: '/admin/assets/console.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('export {};');
  });
});
