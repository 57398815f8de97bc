import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem, SoftwareRecord } from '@portal/resources';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../src/transport/public-cache.js';
import { CATALOGUE_VERSION_TABLES } from '../src/modules/catalogue/public-catalogue-cache.module.js';
import { startTestApp, type TestApp } from './support/app.js';
import { apiCaller } from './support/api-call.js';
import { sentStatements } from './support/sent-statements.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;

beforeAll(async () => {
  // Without the mail worker: its poll would send statements inside a window that counts them.
  t = await startTestApp({}, { mailWorker: false });
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const call = apiCaller(() => t.app);

/** The anonymous catalogue answers the catalogue pages ask for. */
const PUBLIC_GETS = [
  '/catalogue?categories=software,tool',
  '/catalogue/tools/nx-flash-programmer',
  '/catalogue/tools/nx-flash-programmer/versions/2.4.1/release-notes',
  '/catalogue/documents/doc-nx240-datasheet',
];

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers });

function expectPublic(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  const vary = String(response.headers.vary).toLowerCase();
  expect(vary).toContain('authorization');
  expect(vary).toContain('accept-encoding');
  const tag = response.headers.etag as string;
  expect(tag).toMatch(/^"[\w-]{20,}"$/);
  return tag;
}

/** The tag of every public answer, by URL. */
async function tags(): Promise<Record<string, string>> {
  const bundleId = await releasedBundleId();
  const urls = [...PUBLIC_GETS, `/catalogue/bundles/${bundleId}`];
  return Object.fromEntries(await Promise.all(urls.map(async (url) => [url, expectPublic(await get(url))])));
}

async function releasedBundleId(): Promise<string> {
  const list = await get('/catalogue?categories=software-bundle');
  return list.json<CatalogueItem[]>()[0]!.id;
}

describe('anonymous catalogue answers (issue 48, item 5)', () => {
  it('carry a strong ETag, public Cache-Control and Vary, the same on a second request', async () => {
    const first = await tags();
    expect(await tags()).toEqual(first);
    // Each URL and query is its own representation.
    expect(new Set(Object.values(first)).size).toBe(Object.keys(first).length);
    const other = expectPublic(await get('/catalogue?categories=software,tool&q=flash'));
    expect(other).not.toBe(first[PUBLIC_GETS[0]!]);
  });

  it('differ by encoding and by the Range header, which select other bytes', async () => {
    const url = PUBLIC_GETS[0]!;
    const plain = expectPublic(await get(url));
    const gzip = expectPublic(await get(url, { 'accept-encoding': 'gzip' }));
    const ranged = expectPublic(await get(url, { range: 'catalogue=0-1' }));
    expect(new Set([plain, gzip, ranged]).size).toBe(3);
    expect(String((await get(url, { range: 'catalogue=0-1' })).headers.vary).toLowerCase()).toContain(
      'range',
    );
  });

  it('answer 304 to a matching If-None-Match after reading only the catalogue version', async () => {
    for (const url of PUBLIC_GETS) {
      const tag = expectPublic(await get(url));
      let response: LightMyRequestResponse | undefined;
      const sent = await sentStatements(t, async () => {
        response = await get(url, { 'if-none-match': tag });
      });
      expect(response!.statusCode, url).toBe(304);
      expect(response!.body).toBe('');
      expect(response!.headers.etag).toBe(tag);
      expect(response!.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(sent.map((statement) => statement.text)).toEqual([
        expect.stringMatching(/from "catalogue_version"/),
      ]);
    }
  });

  it('read the version before the answer, so a full answer is never labelled newer than it is', async () => {
    const sent = await sentStatements(t, () => get(PUBLIC_GETS[1]!));
    expect(sent[0]!.text).toMatch(/from "catalogue_version"/);
    expect(sent.length).toBeGreaterThan(1);
  });

  it('compare If-None-Match weakly, in a list, and ignore garbage, * and other tags', async () => {
    const url = PUBLIC_GETS[1]!;
    const tag = expectPublic(await get(url));
    const status = async (header: string) => (await get(url, { 'if-none-match': header })).statusCode;
    expect(await status(`W/${tag}`)).toBe(304);
    expect(await status(`"nope", ${tag}`)).toBe(304);
    expect(await status(tag.slice(1, -1))).toBe(200);
    expect(await status('*')).toBe(200);
    expect(await status('"nope"')).toBe(200);
    expect(await status('\u0000garbage,,,;;"')).toBe(200);
    expect(await status(`${Array.from({ length: 40 }, () => '"x"').join(',')},${tag}`)).toBe(200);
  });

  it('answer HEAD with the same headers and 304', async () => {
    const url = PUBLIC_GETS[1]!;
    const tag = expectPublic(await get(url));
    const head = await get(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(tag);
    expect(head.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await get(url, { 'if-none-match': tag }, 'HEAD')).statusCode).toBe(304);
  });

  it('never mark a signed-in answer public nor give it an ETag, and never answer it 304', async () => {
    for (const url of PUBLIC_GETS) {
      const anonymous = expectPublic(await get(url));
      const signedIn = await get(url, { ...bearer(customer), 'if-none-match': anonymous });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      expect(signedIn.headers.etag).toBeUndefined();
      expect(String(signedIn.headers.vary).toLowerCase()).toContain('authorization');
    }
    // A token that is not valid is refused, not answered from the cache.
    const refused = await get(PUBLIC_GETS[1]!, { authorization: 'Bearer nope' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).not.toContain('public');
    expect(refused.headers.etag).toBeUndefined();
  });

  it('cache no error answer: unknown, internal-only, bad input', async () => {
    for (const url of [
      '/catalogue/tools/no-such-tool',
      '/catalogue/documents/doc-sec-security-manual',
      '/catalogue?categories=nonsense',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers.etag, url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe('no-cache, no-store');
    }
  });
});

describe('the catalogue version', () => {
  it('is moved by triggers on exactly the tables public answers read', async () => {
    const rows = (await t.database.db.execute(
      sql`select distinct c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid where p.proname = 'catalogue_version_note' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.rows.map((row) => row.name)).toEqual([...CATALOGUE_VERSION_TABLES].sort());
  });

  it('moves at a committed write transaction, not at a rolled-back one, and leaves no note', async () => {
    const version = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select value from catalogue_version`)) as unknown as {
            rows: { value: string }[];
          }
        ).rows[0]!.value,
      );
    const before = await version();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update tools set updated_at = updated_at where feature_id = 'nx-flash-programmer'`,
      );
      await tx.execute(sql`update tool_versions set tags = tags`);
    });
    const moved = await version();
    expect(moved).toBeGreaterThan(before);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update tools set name = name`);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await version()).toBe(moved);
    const notes = (await t.database.db.execute(
      sql`select count(*)::int as n from catalogue_version_notes`,
    )) as unknown as { rows: { n: number }[] };
    expect(notes.rows[0]!.n).toBe(0);
  });
});

describe('every kind of admin write changes the tags', () => {
  const toolInput = {
    name: 'Cache Probe',
    featureId: 'cache-probe',
    type: 'tool',
    icon: null,
    description: 'A tool made to watch the tags move.',
    externalUrl: null,
    isOnlineTool: false,
    isInstallableViaLauncher: false,
    licenseText: null,
  };
  const versionInput = {
    version: '1.0.0',
    versionNumeric: 10000,
    description: 'First.',
    orderable: true,
    tags: [],
    protocolLink: null,
    spn: null,
    price: null,
    public: true,
    canDownload: true,
    releaseNotes: null,
    exportControlled: false,
    exportControlClassifications: [],
    links: [],
    dependencies: [],
    additionalAttributes: {},
  };
  let tool: SoftwareRecord;
  let versionId: string;

  /** Every public tag moves after `write` (as admin, through the API); the write's answer is checked. */
  async function expectAllMove(write: () => Promise<LightMyRequestResponse>) {
    const before = await tags();
    const written = await write();
    expect(written.statusCode, written.body).toBeLessThan(300);
    const after = await tags();
    for (const [url, tag] of Object.entries(before)) expect(after[url], url).not.toBe(tag);
    // And the old tag no longer answers 304.
    expect((await get(PUBLIC_GETS[0]!, { 'if-none-match': before[PUBLIC_GETS[0]!]! })).statusCode).toBe(200);
  }

  it('on create', async () => {
    await expectAllMove(async () => {
      const response = await call('POST', '/software', admin, toolInput);
      tool = response.json<SoftwareRecord>();
      return response;
    });
  });

  it('on update', async () => {
    await expectAllMove(() =>
      call('PUT', `/software/${tool.id}`, admin, { ...toolInput, description: 'Changed.' }),
    );
  });

  it('on a version and on its price', async () => {
    await expectAllMove(async () => {
      const response = await call('POST', `/software/${tool.id}/versions`, admin, versionInput);
      versionId = response.json<{ id: string }>().id;
      return response;
    });
    await expectAllMove(() =>
      call('PUT', `/software/${tool.id}/versions/${versionId}`, admin, {
        ...versionInput,
        spn: 'SPN-CACHE-1',
        price: { amountCents: 1290, currency: 'EUR' },
      }),
    );
  });

  it('on the internal-only flip', async () => {
    await expectAllMove(() =>
      call('PUT', `/software/${tool.id}`, admin, { ...toolInput, internalOnly: true }),
    );
  });

  it('on delete', async () => {
    await expectAllMove(() => call('DELETE', `/software/${tool.id}`, admin));
  });
});
