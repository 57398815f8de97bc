import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SoftwareRecord } from '@portal/resources';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../src/transport/public-cache.js';
import { apiCaller } from './support/api-call.js';
import { softwareFormOf } from './support/software-form.js';
import { startTestApp, type TestApp } from './support/app.js';
import { sentStatements } from './support/sent-statements.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

// Issue 48 items 2 and 5: the server-rendered pages' public caching (ETag, 304) and their memory cache. The app
// serves a copy of the customer app's build (index.html and the server entry), which the build tests change.
const repo = path.resolve(import.meta.dirname, '..', '..');
const built = path.join(repo, 'customer-app', 'dist');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
const dist = path.join(root, 'customer-app', 'dist');
const entry = path.join(dist, '.server', 'entry-server.js');

/** The bound of the memory cache here: a few pages, so that a flood of addresses must evict. */
const CACHE_BYTES = 400_000;
/** Renders of pages not kept that run at once here. */
const RENDERS_AT_ONCE = 2;
const IE = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let t: TestApp;
let admin: Tokens;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  if (!fs.existsSync(path.join(built, '.server', 'entry-server.js'))) {
    execFileSync(path.join(repo, 'customer-app', 'node_modules', '.bin', 'vite'), ['build'], {
      cwd: path.join(repo, 'customer-app'),
      stdio: 'ignore',
    });
  }
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  fs.copyFileSync(path.join(built, 'index.html'), path.join(dist, 'index.html'));
  fs.copyFileSync(path.join(built, '.server', 'entry-server.js'), entry);
  fs.copyFileSync(path.join(built, '.server', 'entry-server.js.map'), `${entry}.map`);
  // The entry's own imports (the UI library) resolve from the app's dependencies.
  fs.symlinkSync(
    path.join(repo, 'customer-app', 'node_modules'),
    path.join(root, 'customer-app', 'node_modules'),
  );
  t = await startTestApp(
    { STATIC_DIR: root },
    { mailWorker: false, pageCacheBytes: CACHE_BYTES, pageRendersAtOnce: RENDERS_AT_ONCE },
  );
  admin = await signIn(t.app, { email: 'admin@portal.test' });
  // The first render loads the server entry (slow under the test runner's transform).
  await t.app.inject({ method: 'GET', url: '/welcome', headers: { accept: 'text/html' } });
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const TOOL = '/assets/nx-flash-programmer';

const page = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'text/html', 'user-agent': CHROME, ...headers } });

function expectPublicPage(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  const vary = String(response.headers.vary).toLowerCase();
  for (const name of ['authorization', 'accept-encoding', 'user-agent']) expect(vary).toContain(name);
  expect(response.headers['set-cookie']).toBeUndefined();
  const tag = response.headers.etag as string;
  expect(tag).toMatch(/^"[\w-]{20,}"$/);
  return tag;
}

async function cachedBytes(): Promise<number> {
  const metric = t.app.metrics.registry.getSingleMetric('portal_rendered_pages_cache_bytes')!;
  return (await metric.get()).values[0]!.value;
}

/** Renames a tool through the admin API (a catalogue write: it moves the catalogue version). */
async function renameTool(featureId: string, name: string): Promise<void> {
  const filter = encodeURIComponent(JSON.stringify({ q: featureId }));
  const list = await call('GET', `/software?filter=${filter}`, admin, undefined, { range: 'software=0-99' });
  const record = list.json<SoftwareRecord[]>().find((row) => row.featureId === featureId)!;
  const saved = await call('PUT', `/software/${record.id}`, admin, { ...softwareFormOf(record), name });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a server-rendered page (issue 48, item 5)', () => {
  it('carries a strong ETag, the public Cache-Control, Vary and no cookie, the same on a second request', async () => {
    const first = await page(TOOL);
    const tag = expectPublicPage(first);
    expect(first.body).toMatch(/<h1[^>]*>NX Flash Programmer<\/h1>/);
    const second = await page(TOOL);
    expect(expectPublicPage(second)).toBe(tag);
    expect(second.body).toBe(first.body);
    // Each address and encoding is its own representation.
    expect(expectPublicPage(await page(`${TOOL}?tab=versions`))).not.toBe(tag);
    expect(expectPublicPage(await page(TOOL, { 'accept-encoding': 'gzip' }))).not.toBe(tag);
  });

  it('answers 304 to a matching If-None-Match after reading only the catalogue version', async () => {
    for (const url of [TOOL, '/welcome', '/assets?q=flash', '/documents']) {
      const full = await page(url);
      const tag = expectPublicPage(full);
      let response: LightMyRequestResponse | undefined;
      const sent = await sentStatements(t, async () => {
        response = await page(url, { 'if-none-match': tag });
      });
      expect(response!.statusCode, url).toBe(304);
      expect(response!.body).toBe('');
      expect(response!.headers.etag).toBe(tag);
      expect(response!.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      // The browser keeps the 304's policy with its stored page: the page's inline scripts must stay admitted.
      expect(response!.headers['content-security-policy']).toBe(full.headers['content-security-policy']);
      expect(sent.map((statement) => statement.text)).toEqual([
        expect.stringMatching(/from "catalogue_version"/),
      ]);
      expect((await page(url, { 'if-none-match': tag }, 'HEAD')).statusCode).toBe(304);
    }
  });

  it('is served again from memory after the version check alone', async () => {
    const url = '/assets/software';
    const first = await page(url);
    let again: LightMyRequestResponse | undefined;
    const sent = await sentStatements(t, async () => {
      again = await page(url);
    });
    expect(again!.body).toBe(first.body);
    expect(sent.map((statement) => statement.text)).toEqual([
      expect.stringMatching(/from "catalogue_version"/),
    ]);
  });

  it('shows a catalogue change at once: a new name, a new tag, the old tag answered in full', async () => {
    const before = await page(TOOL);
    const tag = expectPublicPage(before);
    await renameTool('nx-flash-programmer', 'NX Flash Programmer Pro');
    const after = await page(TOOL, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(expectPublicPage(after)).not.toBe(tag);
    expect(after.body).toMatch(/<h1[^>]*>NX Flash Programmer Pro<\/h1>/);
    expect(after.body).toContain('<title>NX Flash Programmer Pro | Developer Portal</title>');
    await renameTool('nx-flash-programmer', 'NX Flash Programmer');
    expect((await page(TOOL)).body).toMatch(/<h1[^>]*>NX Flash Programmer<\/h1>/);
  });

  it('answers a 404 page uncached, without an ETag, and never 304', async () => {
    const response = await page('/assets/no-such-tool');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
    expect(response.headers.etag).toBeUndefined();
    const again = await page('/assets/no-such-tool', { 'if-none-match': '*' });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the app shell as it was: no-cache, no ETag, its cookie', async () => {
    const response = await page('/my/projects');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Loading the Developer Portal');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeUndefined();
    expect(String(response.headers['set-cookie'])).toContain('XSRF-TOKEN');
  });

  it('never marks the answer to a request with a token public, nor answers it 304', async () => {
    const tag = expectPublicPage(await page(TOOL));
    const signedIn = await page(TOOL, { ...bearer(admin), 'if-none-match': tag });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(signedIn.headers.etag).toBeUndefined();
  });

  it('gives Internet Explorer no rendered page and no ETag', async () => {
    const tag = expectPublicPage(await page(TOOL));
    const continued = await page(TOOL, {
      'user-agent': IE,
      cookie: 'useOutdatedBrowser=true',
      'if-none-match': tag,
    });
    expect(continued.statusCode).toBe(200);
    expect(continued.headers.etag).toBeUndefined();
    expect(continued.body).not.toContain('portal-server-data');
    const outdated = await page(TOOL, { 'user-agent': IE });
    expect(outdated.statusCode).toBe(302);
    expect(outdated.headers.etag).toBeUndefined();
  });
});

describe('the build in the tag (issue 48, item 5)', () => {
  it('changes the tag and the page when index.html or the server entry changes', async () => {
    const url = '/documents';
    const tag = expectPublicPage(await page(url));
    fs.appendFileSync(path.join(dist, 'index.html'), '<!-- another build -->');
    const afterIndex = await page(url, { 'if-none-match': tag });
    expect(afterIndex.statusCode).toBe(200);
    const indexTag = expectPublicPage(afterIndex);
    expect(indexTag).not.toBe(tag);
    expect(afterIndex.body).toContain('<!-- another build -->');

    fs.appendFileSync(entry, '\n// another build\n');
    // The entry is reloaded when its modification time changes; a copy within the same tick may keep it.
    const later = new Date(Date.now() + 2000);
    fs.utimesSync(entry, later, later);
    const afterEntry = await page(url, { 'if-none-match': indexTag });
    expect(afterEntry.statusCode).toBe(200);
    expect(expectPublicPage(afterEntry)).not.toBe(indexTag);
  }, 300_000);
});

describe('the memory cache under attack (issue 48, item 2)', () => {
  it('stays within its bound when every request brings a query of its own', async () => {
    const sizes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await page(`${TOOL}?x=${Math.random().toString(36).slice(2)}`);
      expect(response.statusCode).toBe(200);
      sizes.push(await cachedBytes());
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CACHE_BYTES);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });

  it('renders only a few pages not kept at once: a flood of new addresses gets the app shell', async () => {
    const flood = await Promise.all(
      Array.from({ length: 4 * RENDERS_AT_ONCE }, (_, i) =>
        page(`${TOOL}?flood=${i}-${Math.random().toString(36).slice(2)}`),
      ),
    );
    for (const response of flood) expect(response.statusCode).toBe(200);
    const rendered = flood.filter((response) => response.body.includes('portal-server-data'));
    // Each request reads the version first, so their renders overlap only in part: the bound holds renders at
    // once, not in all, and a flood far past it always meets it.
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(flood.length);
    // The shell is the browser's to render: not public, nothing kept.
    for (const shell of flood.filter((response) => !rendered.includes(response))) {
      expect(shell.headers.etag).toBeUndefined();
      expect(shell.headers['cache-control']).not.toBe(PUBLIC_CACHE_CONTROL);
    }
    // The same address alone afterwards renders.
    expect((await page(`${TOOL}?flood=after`)).body).toContain('portal-server-data');
  });

  it('never lets a forged Host or X-Forwarded-* header reach another visitor’s page', async () => {
    const url = `${TOOL}?from=forged-host`;
    const forged = await page(url, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    const honest = await page(url);
    expect(honest.body).not.toContain('evil.example');
    expect(honest.body).toBe(forged.body);
    expect(honest.body).toContain(`${t.config.publicUrl}/assets/nx-flash-programmer`);
  });

  it('serves one browser’s cached page to another only as the same bytes every current browser gets', async () => {
    const url = `${TOOL}?from=another-browser`;
    const firefox = await page(url, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    const chrome = await page(url);
    expect(expectPublicPage(chrome)).toBe(expectPublicPage(firefox));
    expect(chrome.body).toBe(firefox.body);
  });
});
