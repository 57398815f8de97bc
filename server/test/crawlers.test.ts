import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItemPath, type CatalogueItem, type SoftwareRecord } from '@portal/resources';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../src/transport/public-cache.js';
import { lastmodOf } from '../src/seo/crawler-routes.js';
import { TEST_PUBLIC_URL, startTestApp, type TestApp } from './support/app.js';
import { apiCaller } from './support/api-call.js';
import { sentStatements } from './support/sent-statements.js';
import { softwareFormOf } from './support/software-form.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let split: TestApp;
let admin: Tokens;
/** Addresses per sitemap file in the second app, so the demo catalogue needs several. */
const PAGE_SIZE = 4;

beforeAll(async () => {
  // Without the mail worker: its poll would send statements inside a window that counts them.
  [t, split] = await Promise.all([
    startTestApp({}, { mailWorker: false }),
    startTestApp({}, { mailWorker: false, sitemapPageSize: PAGE_SIZE }),
  ]);
  admin = await signIn(t.app, { email: 'admin@portal.test' });
});
afterAll(async () => {
  await t?.close();
  await split?.close();
});

const call = apiCaller(() => t.app);
const LIST_PAGES = ['/welcome', '/assets', '/assets/software', '/assets/software-bundles', '/documents'];

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
const entriesOf = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((match) => ({
    loc: match[1]!,
    lastmod: match[2] ?? null,
  }));

/** The catalogue as an anonymous visitor's list shows it. */
async function anonymousCatalogue(app: TestApp): Promise<CatalogueItem[]> {
  const response = await app.app.inject({ url: '/api/v1/catalogue', headers: { range: 'catalogue=0-999' } });
  expect(response.statusCode).toBe(200);
  return response.json<CatalogueItem[]>();
}
const pageOf = (item: CatalogueItem) =>
  `${TEST_PUBLIC_URL}${catalogueItemPath(item.kind, item.kind === 'software-bundle' ? item.id : item.key)}`;

describe('/robots.txt (issue 48, item 4)', () => {
  it('keeps crawlers out of the signed-in pages, the console, the API and sign-in, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const prefix of ['/my', '/cart', '/admin', '/api', '/login', '/auth/', '/oidc']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: /assets') || line === 'Disallow: /')).toEqual(
      [],
    );
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });

  it('names the configured address whatever host the request claims', async () => {
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
      const robots = await t.app.inject({ url: '/robots.txt', headers });
      expect(robots.body).not.toContain('evil.example');
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers });
      expect(sitemap.body).not.toContain('evil.example');
      expect(locsOf(sitemap.body).every((loc) => loc.startsWith(`${TEST_PUBLIC_URL}/`))).toBe(true);
    }
  });

  it('sets no cookie on a public answer, even to a browser that has no CSRF token yet', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const response = await t.app.inject({ url, headers: browser });
      expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const api = await t.app.inject({ url: '/api/v1/catalogue', headers: { cookie: 'other=1' } });
    expect(api.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(api.headers['set-cookie']).toBeUndefined();
    // A private answer still hands the browser its token.
    const page = await t.app.inject({ url: '/api/v1/maintenance', headers: { cookie: 'other=1' } });
    expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it('is cached publicly and answers 304 without a statement', async () => {
    const first = await t.app.inject({ url: '/robots.txt' });
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{20,}"$/);
    let status = 0;
    const sent = await sentStatements(t, async () => {
      status = (await t.app.inject({ url: '/robots.txt', headers: { 'if-none-match': tag } })).statusCode;
    });
    expect(status).toBe(304);
    expect(sent).toEqual([]);
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(tag);
  });
});

describe('/sitemap.xml (issue 48, item 4)', () => {
  let internalTool: string;

  beforeAll(async () => {
    // One tool marked for internal users: listed as a card, never in the sitemap.
    const list = await call('GET', '/software', admin, undefined, { range: 'software=0-99' });
    const record = list.json<SoftwareRecord[]>().find((row) => row.featureId === 'secureboot-signer')!;
    internalTool = record.featureId;
    const form = { ...softwareFormOf(record), internalOnly: true };
    const marked = await call('PUT', `/software/${record.id}`, admin, form);
    expect(marked.statusCode, marked.body).toBe(200);
  });

  it('lists the list pages and every public item with its last change, and no internal-only tool', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    expect(response.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const entries = entriesOf(response.body);
    expect(entries.slice(0, LIST_PAGES.length).map((entry) => entry.loc)).toEqual(
      LIST_PAGES.map((path) => `${TEST_PUBLIC_URL}${path}`),
    );

    const items = await anonymousCatalogue(t);
    const expected = items.filter((item) => item.key !== internalTool);
    expect(expected.length).toBeLessThan(items.length);
    const listed = new Map(entries.map((entry) => [entry.loc, entry.lastmod]));
    expect(entries).toHaveLength(LIST_PAGES.length + expected.length);
    for (const item of expected) {
      expect(listed.get(pageOf(item)), item.key).toBe(lastmodOf(new Date(item.updatedAt)));
    }
    expect(listed.has(`${TEST_PUBLIC_URL}/assets/${internalTool}`)).toBe(false);
    // Unreleased bundles and documents that need sign-in are not in the anonymous list either.
    expect(response.body).not.toContain('doc-sec-security-manual');
    for (const entry of entries.slice(1)) expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('is cached publicly and answers 304 after reading only the catalogue version', async () => {
    const first = await t.app.inject({ url: '/sitemap.xml' });
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const tag = first.headers.etag as string;
    expect((await t.app.inject({ url: '/sitemap.xml' })).headers.etag).toBe(tag);
    let status = 0;
    const sent = await sentStatements(t, async () => {
      status = (await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': tag } })).statusCode;
    });
    expect(status).toBe(304);
    expect(sent.map((statement) => statement.text)).toEqual([
      expect.stringMatching(/from "catalogue_version"/),
    ]);
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(tag);
    // Asked with a token, it is the same list, but not kept by a shared cache.
    const signedIn = await t.app.inject({
      url: '/sitemap.xml',
      headers: { ...bearer(admin), 'if-none-match': tag },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(signedIn.headers.etag).toBeUndefined();
  });

  it('splits into an index of files of at most the page size past it, covering every entry once', async () => {
    const whole = entriesOf((await t.app.inject({ url: '/sitemap.xml' })).body);
    const index = await split.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index.body);
    // The split app's catalogue is the demo one, without the internal-only mark the other app got.
    const total = LIST_PAGES.length + (await anonymousCatalogue(split)).length;
    expect(files).toEqual(
      Array.from(
        { length: Math.ceil(total / PAGE_SIZE) },
        (_, i) => `${TEST_PUBLIC_URL}/sitemap-${i + 1}.xml`,
      ),
    );
    const paged: { loc: string; lastmod: string | null }[] = [];
    for (const file of files) {
      const response = await split.app.inject({ url: new URL(file).pathname });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      const entries = entriesOf(response.body);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(PAGE_SIZE);
      paged.push(...entries);
    }
    expect(paged).toHaveLength(total);
    expect(new Set(paged.map((entry) => entry.loc)).size).toBe(total);
    // The same order as one file: list pages, tools, bundles, documents.
    expect(paged.map((entry) => entry.loc).filter((loc) => whole.some((w) => w.loc === loc))).toEqual(
      whole.map((entry) => entry.loc),
    );
    for (const path of ['/sitemap-0.xml', `/sitemap-${files.length + 1}.xml`]) {
      const response = await split.app.inject({ url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('changes its tag after a catalogue write', async () => {
    const before = (await t.app.inject({ url: '/sitemap.xml' })).headers.etag;
    const list = await call('GET', '/software', admin, undefined, { range: 'software=0-99' });
    const record = list.json<SoftwareRecord[]>().find((row) => row.featureId === 'nx-flash-programmer')!;
    const deleted = await call('DELETE', `/software/${record.id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': before as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.body).not.toContain('/assets/nx-flash-programmer<');
  });
});
