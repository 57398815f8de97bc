import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestVersion,
  parseContentRange,
  ERROR_MESSAGES,
  FEATURE_ID_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  VERSION_LABEL_MAX_LENGTH,
  type CatalogueDocument,
  type CatalogueItem,
  type CustomBundle,
  type ErrorBody,
  type ExportAccessRequest,
  type Questionnaire,
  type SoftwareBundleDetail,
  type ToolDetail,
} from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { toolVersions, tools } from '../src/db/schema-catalogue.js';
import { startTestApp, type TestApp } from './support/app.js';
import { sentStatements, type Sent } from './support/sent-statements.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let promoted: Tokens;

beforeAll(async () => {
  // Without the mail worker: its poll would send statements inside a window that counts them.
  t = await startTestApp({}, { mailWorker: false });
  [admin, customer, promoted] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'promoted@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  tokens: Tokens | null,
  payload?: object,
  headers = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.status).toBe(status);
  expect(body.errors[0]?.errorCode).toBe(code);
  expect(body.errors[0]?.messages[0]).toBeTruthy();
  return body;
}

const list = (query: string, tokens: Tokens | null = null, range?: string) =>
  call('GET', `/catalogue${query}`, tokens, undefined, range ? { range } : {});
const keys = (response: LightMyRequestResponse) => response.json<CatalogueItem[]>().map((item) => item.key);
const tool = async (featureId: string, tokens: Tokens | null = null) => {
  const response = await call('GET', `/catalogue/tools/${featureId}`, tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ToolDetail>();
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/api\/v1/, '');

describe('the catalogue list', () => {
  it('lists tools of every item type, released bundles and public documents to anonymous visitors, by name', async () => {
    const response = await list('', null, 'catalogue=0-99');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<CatalogueItem[]>();
    expect(new Set(items.map((item) => item.category))).toEqual(
      new Set([
        'tool',
        'software',
        'software_external',
        'tool_online',
        'legacy-tool',
        'content-pack',
        'netlist',
        'software-bundle',
        'document',
      ]),
    );
    const names = items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(keys(response)).not.toContain('BND-RADAR-EVAL');
    expect(keys(response)).not.toContain('doc-sec-security-manual');
    expect(response.headers['content-range']).toBe(`catalogue 0-${items.length - 1}/${items.length}`);
    expect(response.headers['access-control-expose-headers']).toBe('Content-Range');
  });

  it('gives each tool its latest version by the rule of @portal/resources, with installable and requestable', async () => {
    const items = (await list('?categories=tool,software,software_external,tool_online,content-pack')).json<
      CatalogueItem[]
    >();
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('nx-flash-programmer')).toMatchObject({
      kind: 'tool',
      latestVersion: '3.0.0',
      tags: ['stable', 'recommended'],
      installable: true,
      requestable: true,
      payable: false,
    });
    expect(byKey.get('partner-rtos')).toMatchObject({ latestVersion: 'external', installable: false });
    expect(byKey.get('power-designer-online')).toMatchObject({ latestVersion: 'online', requestable: false });
    expect(byKey.get('nx-device-pack')).toMatchObject({ installable: true, latestVersion: '1.1.0' });
    expect(byKey.get('nx-motor-control-lib')).toMatchObject({ latestVersion: '4.0.0', payable: true });
    // The non-public beta is not seen anonymously; signed in it is the latest.
    expect(byKey.get('sensor-fusion-studio')?.latestVersion).toBe('0.9.0');
    const signedIn = (await list('?categories=tool', customer)).json<CatalogueItem[]>();
    expect(signedIn.find((item) => item.key === 'sensor-fusion-studio')?.latestVersion).toBe('1.0.0-beta');
  });

  it('filters by categories in the filter parameter or the customer route’s own parameter', async () => {
    const fromQuery = await list('?categories=software-bundle');
    expect(keys(fromQuery)).toEqual(['BND-MOTOR-STARTER', 'BND-SECURE-ELEMENT']);
    const fromFilter = await list(
      `?filter=${encodeURIComponent(JSON.stringify({ categories: ['document'] }))}`,
    );
    expect(fromFilter.json<CatalogueItem[]>().every((item) => item.kind === 'document')).toBe(true);
    expect(keys(fromFilter)).toHaveLength(4);
    expect(keys(await list('?categories=document', customer))).toContain('doc-sec-security-manual');
    expectError(await list('?categories=gadgets'), 400, 'invalid_request');
    expectError(
      await list(`?filter=${encodeURIComponent(JSON.stringify({ categories: ['gadgets'] }))}`),
      400,
      'invalid_request',
    );
    expectError(
      await list(`?filter=${encodeURIComponent(JSON.stringify({ owner: 'x' }))}`),
      400,
      'invalid_request',
    );
  });

  it('searches the full text with every word as a prefix, case-insensitively', async () => {
    // By name: Legacy Flasher, NX Flash Programmer, NX Flash Programmer User Manual.
    expect(keys(await list('?q=flash'))).toEqual([
      'legacy-flasher',
      'nx-flash-programmer',
      'doc-flash-programmer-manual',
    ]);
    expect(keys(await list('?q=FLASH%20prog'))).toEqual([
      'nx-flash-programmer',
      'doc-flash-programmer-manual',
    ]);
    expect(keys(await list(`?filter=${encodeURIComponent(JSON.stringify({ q: 'motor control' }))}`))).toEqual(
      ['BND-MOTOR-STARTER', 'nx-motor-control-lib'],
    );
    expect(keys(await list('?q=motor&categories=software'))).toEqual(['nx-motor-control-lib']);
    expect(keys(await list('?q=zzzz-nothing'))).toEqual([]);
    // Query syntax is not passed through: operators are just separators.
    expect((await list('?q=%27%20%7C%20!%3A*')).statusCode).toBe(200);
  });

  it('pages in the database: Range, range and sort, with the total', async () => {
    const first = await list('?categories=tool', null, 'catalogue=0-1');
    expect(first.json<CatalogueItem[]>()).toHaveLength(2);
    const range = parseContentRange(first.headers['content-range'] as string);
    expect(range).toMatchObject({ offset: 0, limit: 2 });
    const all = (await list('?categories=tool')).json<CatalogueItem[]>();
    expect(range.total).toBe(all.length);
    const second = await list(`?categories=tool&range=${encodeURIComponent('[2,3]')}`);
    expect(keys(second)).toEqual(all.slice(2, 4).map((item) => item.key));
    const byChange = await list(`?categories=tool&sort=${encodeURIComponent('["updatedAt","DESC"]')}`);
    const dates = byChange.json<CatalogueItem[]>().map((item) => item.updatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expectError(await list(`?sort=${encodeURIComponent('["price","ASC"]')}`), 400, 'invalid_request');
    expectError(await list('', null, 'catalogue=5-1'), 400, 'invalid_request');
    const beyond = await list('', null, 'catalogue=500-509');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['content-range']).toMatch(/^catalogue \*\/\d+$/);
  });

  it('pages every kind together in each sort and direction, each page the rows of the whole list there', async () => {
    // What an anonymous visitor may see, read from the tables: listed tools, released bundles, public documents.
    const rows = async (query: SQL) =>
      ((await t.database.db.execute(query)) as unknown as { rows: { item: string }[] }).rows.map(
        (row) => row.item,
      );
    const listed = [
      ...(await rows(sql`select 'tool ' || id as item from tools where not is_removed`)),
      ...(await rows(sql`select 'software-bundle ' || id as item from software_bundles where released`)),
      ...(await rows(sql`select 'document ' || id as item from catalogue_documents where public`)),
    ].sort();
    expect(new Set(listed.map((item) => item.split(' ')[0]))).toEqual(
      new Set(['tool', 'software-bundle', 'document']),
    );
    for (const sort of ['["name","ASC"]', '["name","DESC"]', '["updatedAt","ASC"]', '["updatedAt","DESC"]']) {
      const query = `?sort=${encodeURIComponent(sort)}`;
      const all = (await list(query)).json<CatalogueItem[]>();
      expect(all.map((item) => `${item.kind} ${item.id}`).sort()).toEqual(listed);
      if (sort.startsWith('["updatedAt"')) {
        const dates = all.map((item) => item.updatedAt);
        expect(dates).toEqual(sort.endsWith('"ASC"]') ? [...dates].sort() : [...dates].sort().reverse());
      }
      const paged: CatalogueItem[] = [];
      for (let from = 0; from < all.length; from += 3) {
        paged.push(...(await list(query, null, `catalogue=${from}-${from + 2}`)).json<CatalogueItem[]>());
      }
      // Whole rows: every field of each page's items, not only their order.
      expect(paged, sort).toEqual(all);
    }
  });

  it('pages a search in each sort and direction, its total the matching items, counted by the page itself', async () => {
    // Every word starting with "n" (NX…): most of the catalogue, read from the tables as an anonymous visitor sees it.
    const matching = sql`search @@ to_tsquery('simple', 'n:*')`;
    const counts = (await t.database.db.execute(sql`select
        (select count(*) from tools where not is_removed and ${matching})
        + (select count(*) from software_bundles where released and ${matching})
        + (select count(*) from catalogue_documents where public and ${matching}) as n`)) as unknown as {
      rows: { n: number | string }[];
    };
    const total = Number(counts.rows[0]!.n);
    expect(total).toBeGreaterThan(4);
    for (const sort of ['["name","ASC"]', '["name","DESC"]', '["updatedAt","ASC"]', '["updatedAt","DESC"]']) {
      const query = `?q=n&sort=${encodeURIComponent(sort)}`;
      const all = (await list(query)).json<CatalogueItem[]>();
      expect(all, sort).toHaveLength(total);
      const paged: CatalogueItem[] = [];
      for (let from = 0; from < total; from += 2) {
        let response!: LightMyRequestResponse;
        const sent = await sentStatements(t, async () => {
          response = await list(query, null, `catalogue=${from}-${from + 1}`);
        });
        // A full page's total comes with its rows: no statement of its own. An anonymous list first reads the
        // catalogue version its ETag is made of (transport/public-cache.ts).
        expect(
          sent.map((statement) => statement.text.slice(0, 14)),
          sort,
        ).toEqual(['select "value"', 'select items.i']);
        expect(parseContentRange(response.headers['content-range'] as string), sort).toMatchObject({
          offset: from,
          total,
        });
        paged.push(...response.json<CatalogueItem[]>());
      }
      expect(paged, sort).toEqual(all);
    }
    // Past the end there is no row to carry the count: it is counted on its own.
    const beyond = await list('?q=n', null, `catalogue=${total + 10}-${total + 11}`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['content-range']).toBe(`catalogue */${total}`);
  });

  it('searches only what the caller may see, in the rows and in the total a full page counts', async () => {
    // Among the matches of the words: a removed tool, the seed's unreleased bundle and its private manual.
    await t.database.db
      .insert(tools)
      .values({ featureId: 'removed-radar-probe', name: 'Radar Probe', type: 'tool', isRemoved: true });
    try {
      for (const [q, tokens, hidden, shown] of [
        [
          'radar',
          null,
          ['removed-radar-probe', 'BND-RADAR-EVAL'],
          ['rf-radar-sdk', 'doc-radar-getting-started'],
        ],
        ['radar', customer, ['removed-radar-probe', 'BND-RADAR-EVAL'], ['rf-radar-sdk']],
        ['sec', null, ['doc-sec-security-manual'], []],
        ['sec', customer, [], ['doc-sec-security-manual']],
      ] as const) {
        const all = keys(await list(`?q=${q}`, tokens));
        for (const key of hidden) expect(all, `${q} ${key}`).not.toContain(key);
        for (const key of shown) expect(all, `${q} ${key}`).toContain(key);
        expect(all.length).toBeGreaterThan(1);
        const first = await list(`?q=${q}`, tokens, 'catalogue=0-0');
        expect(keys(first)).toEqual(all.slice(0, 1));
        expect(parseContentRange(first.headers['content-range'] as string).total, q).toBe(all.length);
      }
    } finally {
      await t.database.db.delete(tools).where(eq(tools.featureId, 'removed-radar-probe'));
    }
  });

  it('sends one statement per shape, its words, types and page as parameters (issue 24: prepared once)', async () => {
    const pageOf = (sent: Sent[]) => sent.filter((statement) => statement.text.startsWith('select items.'));
    const [flash, motor] = [
      pageOf(
        await sentStatements(t, () => list('?q=flash&categories=tool,software', customer, 'catalogue=0-1')),
      ),
      pageOf(await sentStatements(t, () => list('?q=motor&categories=software', customer, 'catalogue=2-4'))),
    ];
    expect(flash).toHaveLength(1);
    expect(motor).toHaveLength(1);
    expect(motor[0]!.text).toBe(flash[0]!.text);
    for (const [statement, words, types, page] of [
      [flash[0]!, 'flash:*', ['tool', 'software'], [2, 2, 0]],
      [motor[0]!, 'motor:*', ['software'], [5, 3, 2]],
    ] as const) {
      expect(statement.text).not.toContain(words.slice(0, -2));
      expect(statement.params).toContain(words);
      expect(statement.params).toContainEqual(types);
      expect(statement.params).toEqual(expect.arrayContaining([...page]));
    }
    // node-postgres names the statement, so PostgreSQL plans it once; PGlite takes no name.
    expect(motor[0]!.name).toBe(flash[0]!.name);
    if (process.env.PORTAL_TEST_DB === 'postgres') expect(flash[0]!.name).toMatch(/^catalogue_page_/);
  });
});

describe('tool details', () => {
  it('checks the feature id and version in the path by the catalogue rules of @portal/resources', async () => {
    const malformed = await call('GET', `/catalogue/tools/${encodeURIComponent('nx flash')}`, null);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.body).toContain('Feature ID may contain only letters');
    const tooLong = await call('GET', `/catalogue/tools/${'x'.repeat(FEATURE_ID_MAX_LENGTH + 1)}`, null);
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.body).toContain(`at most ${FEATURE_ID_MAX_LENGTH} characters`);
    const version = await call(
      'GET',
      `/catalogue/tools/nx-flash-programmer/versions/${'9'.repeat(VERSION_LABEL_MAX_LENGTH + 1)}/release-notes`,
      null,
    );
    expect(version.statusCode, version.body).toBe(400);
    expect(version.body).toContain(`at most ${VERSION_LABEL_MAX_LENGTH} characters`);
  });

  it('answers every field of a version: downloads with stable addresses and SHA-256, links, dependencies, release notes, license', async () => {
    const detail = await tool('nx-flash-programmer');
    expect(Object.keys(detail.versions)).toEqual(['2.3.0', '2.4.1', '3.0.0']);
    expect(detail).toMatchObject({
      featureId: 'nx-flash-programmer',
      type: 'tool',
      latestVersion: '3.0.0',
      installable: true,
      requestable: true,
      requestFlow: 'cart',
      exportAccess: null,
      isRemoved: false,
    });
    expect(detail.licenseText).toContain('License Agreement');
    expect(detail.latestVersion).toBe(latestVersion(detail)?.version);
    const v3 = detail.versions['3.0.0']!;
    expect(v3).toMatchObject({
      version: '3.0.0',
      versionNumeric: 30000,
      orderable: true,
      public: true,
      canDownload: true,
      downloadRefusal: null,
      spn: null,
      price: null,
      exportControlled: false,
      exportControlClassifications: [],
      tags: ['stable', 'recommended'],
    });
    expect(v3.releaseNotes).toContain('3.0.0');
    expect(v3.links[0]).toMatchObject({ title: 'Documentation' });
    expect(v3.dependencies).toEqual([
      expect.objectContaining({
        targetFeatureId: 'nx-device-pack',
        minVersionNumeric: 10000,
        maxVersionNumeric: null,
      }),
    ]);
    expect(v3.downloadUrls.map((file) => [file.os, file.architecture])).toEqual([
      ['linux', 'x64'],
      ['macos', 'arm64'],
      ['windows', 'x64'],
    ]);
    for (const file of v3.downloadUrls) {
      expect(file.url).toBe(
        `http://localhost:8080/api/v1/catalogue/tools/nx-flash-programmer/versions/3.0.0/files/${file.fileName}`,
      );
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file.filesize).toBeGreaterThan(0);
    }
  });

  it('shows export control classifications and prices, and says why a caller may not download', async () => {
    const signer = await tool('secureboot-signer');
    expect(signer.versions['1.3.0']).toMatchObject({
      exportControlled: true,
      exportControlClassifications: ['ECCN 5D002', 'AL 5D002'],
      canDownload: false,
      downloadRefusal: 'sign-in-required',
    });
    expect((await tool('secureboot-signer', customer)).versions['1.3.0']).toMatchObject({
      canDownload: false,
      downloadRefusal: 'export-controlled',
    });
    const granted = await tool('secureboot-signer', promoted);
    expect(granted.exportAccess).toBe('granted');
    expect(granted.versions['1.3.0']).toMatchObject({ canDownload: true, downloadRefusal: null });
    const library = await tool('nx-motor-control-lib', customer);
    expect(library.versions['4.0.0']).toMatchObject({
      spn: 'SPN-MCL-400',
      price: { amountCents: 49900, currency: 'EUR' },
      canDownload: false,
      downloadRefusal: 'purchase-required',
    });
    expect(library.versions['3.2.0']).toMatchObject({ canDownload: true, price: null });
    expect((await tool('power-designer-online')).versions['2024.2']).toMatchObject({
      canDownload: false,
      downloadRefusal: 'disabled',
    });
    expect((await tool('nx-motor-control-lib', admin)).versions['4.0.0']!.canDownload).toBe(true);
  });

  it('hides versions that are not public from anonymous visitors', async () => {
    expect(Object.keys((await tool('sensor-fusion-studio')).versions)).toEqual(['0.9.0']);
    const signedIn = await tool('sensor-fusion-studio', customer);
    expect(Object.keys(signedIn.versions)).toEqual(['0.9.0', '1.0.0-beta']);
    expect(signedIn.latestVersion).toBe('1.0.0-beta');
  });

  it('answers 404 for an unknown tool and hides a tool removed upstream from all but admins', async () => {
    expectError(await call('GET', '/catalogue/tools/no-such-tool', null), 404, 'not_found');
    await t.database.db
      .update(tools)
      .set({ isRemoved: true })
      .where(eq(tools.featureId, 'pwr-stage-netlist'));
    expectError(await call('GET', '/catalogue/tools/pwr-stage-netlist', customer), 404, 'not_found');
    expect((await call('GET', '/catalogue/tools/pwr-stage-netlist', admin)).statusCode).toBe(200);
    expect(keys(await list('?categories=netlist'))).toEqual([]);
    await t.database.db
      .update(tools)
      .set({ isRemoved: false })
      .where(eq(tools.featureId, 'pwr-stage-netlist'));
  });

  it('answers release notes of a version, 404 without any or for an unknown version', async () => {
    const notes = await call(
      'GET',
      '/catalogue/tools/nx-flash-programmer/versions/2.4.1/release-notes',
      null,
    );
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toMatchObject({ featureId: 'nx-flash-programmer', version: '2.4.1' });
    expectError(
      await call('GET', '/catalogue/tools/nx-flash-programmer/versions/9.9.9/release-notes', null),
      404,
      'not_found',
    );
    expectError(
      await call('GET', '/catalogue/tools/sensor-fusion-studio/versions/1.0.0-beta/release-notes', null),
      404,
      'not_found',
    );
    const [flash] = await t.database.db
      .select()
      .from(tools)
      .where(eq(tools.featureId, 'nx-flash-programmer'));
    await t.database.db
      .update(toolVersions)
      .set({ releaseNotes: null })
      .where(and(eq(toolVersions.toolId, flash!.id), eq(toolVersions.version, '2.3.0')));
    expectError(
      await call('GET', '/catalogue/tools/nx-flash-programmer/versions/2.3.0/release-notes', null),
      404,
      'not_found',
    );
  });
});

describe('downloads', () => {
  it('checks the file name in the path by the upload rule of @portal/resources', async () => {
    const base = '/catalogue/tools/nx-flash-programmer/versions/3.0.0/files';
    const malformed = await call('GET', `${base}/${encodeURIComponent('setup tool.exe')}`, null);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.body).toContain(ERROR_MESSAGES.invalid_name);
    const tooLong = await call('GET', `${base}/${'a'.repeat(FILE_NAME_MAX_LENGTH + 1)}`, null);
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.body).toContain(ERROR_MESSAGES.name_too_long);
    const longest = await call('GET', `${base}/${'a'.repeat(FILE_NAME_MAX_LENGTH)}`, null);
    expect(longest.statusCode, longest.body).toBe(404);
  });

  it('serves a public file at its stable address with its SHA-256, to anyone', async () => {
    const file = (await tool('nx-flash-programmer')).versions['3.0.0']!.downloadUrls[0]!;
    const response = await call('GET', pathOf(file.url), null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toContain(file.fileName);
    expect(response.headers.etag).toBe(`"${file.sha256}"`);
    expect(response.headers['repr-digest']).toBe(
      `sha-256=:${Buffer.from(file.sha256!, 'hex').toString('base64')}:`,
    );
    expect(response.rawPayload.length).toBe(file.filesize);
    expect(sha256(response.rawPayload)).toBe(file.sha256);
  });

  it('asks anonymous callers to sign in for versions that are not public, payable or export-controlled', async () => {
    const beta = (await tool('sensor-fusion-studio', customer)).versions['1.0.0-beta']!.downloadUrls[0]!;
    expectError(await call('GET', pathOf(beta.url), null), 401, 'unauthorized');
    expect((await call('GET', pathOf(beta.url), customer)).statusCode).toBe(200);
    const paid = (await tool('nx-motor-control-lib')).versions['4.0.0']!.downloadUrls[0]!;
    expectError(await call('GET', pathOf(paid.url), null), 401, 'unauthorized');
  });

  it('refuses a payable version not bought with 403 purchase_required, and serves it to admins', async () => {
    const paid = (await tool('nx-motor-control-lib')).versions['4.0.0']!.downloadUrls[0]!;
    const body = expectError(await call('GET', pathOf(paid.url), customer), 403, 'purchase_required');
    expect(body.errors[0]!.resources).toEqual(['nx-motor-control-lib']);
    expect(body.supportId).toBeTruthy();
    expect((await call('GET', pathOf(paid.url), admin)).statusCode).toBe(200);
  });

  it('refuses an export-controlled download with its own code and its classifications, until access is granted', async () => {
    const file = (await tool('secureboot-signer')).versions['1.3.0']!.downloadUrls[0]!;
    const body = expectError(await call('GET', pathOf(file.url), customer), 403, 'export_controlled');
    expect(body.errors[0]!.resources).toEqual(['secureboot-signer', 'ECCN 5D002', 'AL 5D002']);
    expect(body.errors[0]!.messages[0]).toContain('export control');
    expect((await call('GET', pathOf(file.url), promoted)).statusCode).toBe(200);
  });

  it('refuses a version whose downloads are switched off with 403 download_disabled', async () => {
    const [online] = await t.database.db
      .select()
      .from(tools)
      .where(eq(tools.featureId, 'power-designer-online'));
    const [offline] = await t.database.db
      .select()
      .from(toolVersions)
      .where(and(eq(toolVersions.toolId, online!.id), eq(toolVersions.version, '2024.2')));
    // The version has no files in the demo; give it one through the admin API.
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/software/${online!.id}/versions/${offline!.id}/files/snapshot.zip?os=any&architecture=any`,
      headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('offline snapshot'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const url = '/catalogue/tools/power-designer-online/versions/2024.2/files/snapshot.zip';
    expectError(await call('GET', url, customer), 403, 'download_disabled');
    expect((await call('GET', url, admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown tool, version or file', async () => {
    expectError(await call('GET', '/catalogue/tools/nope/versions/1/files/a.zip', null), 404, 'not_found');
    expectError(
      await call('GET', '/catalogue/tools/nx-flash-programmer/versions/0.1/files/a.zip', null),
      404,
      'not_found',
    );
    expectError(
      await call('GET', '/catalogue/tools/nx-flash-programmer/versions/3.0.0/files/missing.exe', null),
      404,
      'not_found',
    );
  });
});

describe('export access requests', () => {
  let request: ExportAccessRequest;

  it('needs sign-in', async () => {
    expectError(
      await call('POST', '/catalogue/tools/secureboot-signer/export-access-requests', null, {}),
      401,
      'unauthorized',
    );
  });

  it('records a customer’s request, pending, audited', async () => {
    const response = await call(
      'POST',
      '/catalogue/tools/secureboot-signer/export-access-requests',
      customer,
      {
        reason: 'Firmware signing for our gateway.',
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    request = response.json<ExportAccessRequest>();
    expect(request).toMatchObject({
      featureId: 'secureboot-signer',
      toolName: 'SecureBoot Signing Tool',
      userEmail: 'customer@portal.test',
      status: 'pending',
      reason: 'Firmware signing for our gateway.',
      comment: null,
      decidedAt: null,
    });
    expect((await tool('secureboot-signer', customer)).exportAccess).toBe('pending');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, request.id));
    expect(entry).toMatchObject({ action: 'create', entity: 'export_access_request' });
  });

  it('refuses a second open request with 409 duplicate, one for a tool without export control with 409 not_export_controlled, an unknown tool with 404', async () => {
    expectError(
      await call('POST', '/catalogue/tools/secureboot-signer/export-access-requests', customer, {}),
      409,
      'duplicate',
    );
    expectError(
      await call('POST', '/catalogue/tools/nx-flash-programmer/export-access-requests', customer, {}),
      409,
      'not_export_controlled',
    );
    expectError(
      await call('POST', '/catalogue/tools/nope/export-access-requests', customer, {}),
      404,
      'not_found',
    );
    expectError(
      await call('POST', '/catalogue/tools/secureboot-signer/export-access-requests', customer, {
        reason: 'x'.repeat(1001),
      }),
      400,
      'invalid_request',
    );
  });

  it('lists a customer’s own requests and every request for an admin, filtered by status', async () => {
    const own = await call('GET', '/export-access-requests', customer);
    expect(own.json<ExportAccessRequest[]>().every((r) => r.userEmail === 'customer@portal.test')).toBe(true);
    expect(
      own
        .json<ExportAccessRequest[]>()
        .map((r) => r.featureId)
        .sort(),
    ).toEqual(['rf-radar-sdk', 'secureboot-signer']);
    const all = await call(
      'GET',
      `/export-access-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'granted' }))}`,
      admin,
    );
    expect(all.json<ExportAccessRequest[]>().map((r) => r.userEmail)).toEqual(['promoted@portal.test']);
    expect((await call('GET', `/export-access-requests/${request.id}`, customer)).json()).toEqual(request);
    expectError(await call('GET', `/export-access-requests/${request.id}`, promoted), 404, 'not_found');
  });

  it('lets only an admin decide; a refusal needs a comment; granting opens the download', async () => {
    expectError(
      await call('PUT', `/export-access-requests/${request.id}`, customer, { status: 'granted' }),
      403,
      'forbidden',
    );
    expectError(
      await call('PUT', `/export-access-requests/${request.id}`, admin, { status: 'refused' }),
      400,
      'invalid_request',
    );
    const granted = await call('PUT', `/export-access-requests/${request.id}`, admin, {
      status: 'granted',
      comment: 'Civil use confirmed.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<ExportAccessRequest>()).toMatchObject({
      status: 'granted',
      comment: 'Civil use confirmed.',
    });
    expectError(
      await call('PUT', `/export-access-requests/${request.id}`, admin, { status: 'granted' }),
      409,
      'invalid_state_transition',
    );
    const file = (await tool('secureboot-signer', customer)).versions['1.3.0']!;
    expect(file.canDownload).toBe(true);
    expect((await call('GET', pathOf(file.downloadUrls[0]!.url), customer)).statusCode).toBe(200);
    // Withdrawing the access closes the download again; a refused request stays refused.
    const refused = await call('PUT', `/export-access-requests/${request.id}`, admin, {
      status: 'refused',
      comment: 'End use changed.',
    });
    expect(refused.json<ExportAccessRequest>().status).toBe('refused');
    expectError(await call('GET', pathOf(file.downloadUrls[0]!.url), customer), 403, 'export_controlled');
    expectError(
      await call('PUT', `/export-access-requests/${request.id}`, admin, { status: 'granted' }),
      409,
      'invalid_state_transition',
    );
    expectError(
      await call('PUT', `/export-access-requests/${crypto.randomUUID()}`, admin, { status: 'granted' }),
      404,
      'not_found',
    );
  });
});

describe('bundles, documents, custom bundles and questionnaires', () => {
  it('shows a released bundle with its features and released versions; an unreleased one only to admins', async () => {
    const response = await call('GET', '/catalogue/bundles/BND-MOTOR-STARTER', null);
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json<SoftwareBundleDetail>();
    expect(bundle).toMatchObject({
      uuid: 'BND-MOTOR-STARTER',
      released: true,
      orderable: true,
      requestFlow: 'cart',
      toolFeatureIds: ['nx-flash-programmer', 'nx-motor-control-lib', 'nx-device-pack'],
      selectedFeatures: ['nx-flash-programmer', 'nx-device-pack'],
    });
    expect(bundle.features).toContainEqual({ featureId: 'nx-device-pack', name: 'NX Device Pack' });
    expect(bundle.versions.map((version) => version.version)).toEqual(['2024.1', '2025.1']);
    expectError(await call('GET', '/catalogue/bundles/BND-RADAR-EVAL', customer), 404, 'not_found');
    expect((await call('GET', '/catalogue/bundles/BND-RADAR-EVAL', admin)).statusCode).toBe(200);
    expectError(await call('GET', '/catalogue/bundles/nope', null), 404, 'not_found');
  });

  it('opens a bundle by its own UUID (spec §2.1), its catalogue key an alias; hidden ones stay hidden by either', async () => {
    const byKey = (
      await call('GET', '/catalogue/bundles/BND-MOTOR-STARTER', null)
    ).json<SoftwareBundleDetail>();
    expect(byKey.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const response = await call('GET', `/catalogue/bundles/${byKey.id}`, null);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SoftwareBundleDetail>()).toEqual(byKey);
    const hidden = (
      await call('GET', '/catalogue/bundles/BND-RADAR-EVAL', admin)
    ).json<SoftwareBundleDetail>();
    expectError(await call('GET', `/catalogue/bundles/${hidden.id}`, customer), 404, 'not_found');
    expect((await call('GET', `/catalogue/bundles/${hidden.id}`, admin)).statusCode).toBe(200);
    expectError(await call('GET', `/catalogue/bundles/${crypto.randomUUID()}`, null), 404, 'not_found');
  });

  it('shows a document by feature ID; one that is not public only to signed-in callers', async () => {
    const response = await call('GET', '/catalogue/documents/doc-nx240-datasheet', null);
    expect(response.json<CatalogueDocument>()).toMatchObject({
      title: 'NX240 Datasheet',
      type: 'datasheet',
      filename: 'nx240-datasheet.pdf',
      public: true,
    });
    expectError(await call('GET', '/catalogue/documents/doc-sec-security-manual', null), 404, 'not_found');
    expect((await call('GET', '/catalogue/documents/doc-sec-security-manual', customer)).statusCode).toBe(
      200,
    );
    expectError(await call('GET', '/catalogue/documents/nope', null), 404, 'not_found');
  });

  it('puts a custom bundle together with the questionnaire each tool asks', async () => {
    const response = await call('POST', '/catalogue/custom-bundles', null, {
      name: ' My lab kit ',
      toolFeatureIds: ['nx-flash-programmer', 'secureboot-signer', 'nx-flash-programmer'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json<CustomBundle>();
    expect(bundle.name).toBe('My lab kit');
    expect(bundle.toolFeatureIds).toEqual(['nx-flash-programmer', 'secureboot-signer']);
    expect(bundle.tools.map((item) => item.featureId)).toEqual(['nx-flash-programmer', 'secureboot-signer']);
    expect(Object.keys(bundle.toolQuestionnaires)).toEqual(['secureboot-signer']);
    expect(bundle.featureQuestionsMap['secureboot-signer']!.length).toBeGreaterThan(5);
    expectError(
      await call('POST', '/catalogue/custom-bundles', null, { name: 'x', toolFeatureIds: ['nope'] }),
      409,
      'cart_entry_unavailable',
    );
    expectError(
      await call('POST', '/catalogue/custom-bundles', null, {
        name: 'x',
        toolFeatureIds: ['power-designer-online'],
      }),
      409,
      'not_requestable',
    );
    expectError(
      await call('POST', '/catalogue/custom-bundles', null, { name: 'x', toolFeatureIds: [] }),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', '/catalogue/custom-bundles', null, {
        name: ' ',
        toolFeatureIds: ['nx-flash-programmer'],
      }),
      400,
      'invalid_request',
    );
  });

  it('gives a signed-in customer the questionnaire a cart item asks', async () => {
    const signer = await tool('secureboot-signer', customer);
    expectError(
      await call('GET', `/catalogue/questionnaires/${signer.questionnaireId}`, null),
      401,
      'unauthorized',
    );
    const response = await call('GET', `/catalogue/questionnaires/${signer.questionnaireId}`, customer);
    expect(response.statusCode).toBe(200);
    const questionnaire = response.json<Questionnaire>();
    expect(questionnaire.name).toBe('Export control declaration');
    expect(new Set(questionnaire.questions.map((q) => q.type))).toEqual(
      new Set(['info', 'free-text', 'single-select', 'multi-select', 'drop-down', 'datepicker', 'agreement']),
    );
    expectError(
      await call('GET', `/catalogue/questionnaires/${crypto.randomUUID()}`, customer),
      404,
      'not_found',
    );
  });
});
