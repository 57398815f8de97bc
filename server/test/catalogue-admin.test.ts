import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BundleVersion,
  CatalogueFile,
  ErrorBody,
  MetadataKey,
  SoftwareBundle,
  SoftwareBundleDetail,
  SoftwareRecord,
  ToolDetail,
  ToolVersionDetail,
} from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { questionnaires } from '../src/db/schema-catalogue.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let questionnaireId: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const [form] = await t.database.db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.name, 'Evaluation request'));
  questionnaireId = form!.id;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, tokens: Tokens | null, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.errors[0]?.errorCode).toBe(code);
  return body;
}

const auditOf = (entityId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

const toolInput = {
  name: 'Clock Configurator',
  featureId: 'clock-configurator',
  type: 'tool',
  icon: 'icons/clock.svg',
  description: 'Configure the clock tree of NX devices.',
  externalUrl: null,
  isOnlineTool: false,
  isInstallableViaLauncher: true,
  licenseText: 'Use it well.',
};
const versionInput = {
  version: '1.0.0',
  versionNumeric: 10000,
  description: 'First release.',
  orderable: true,
  tags: ['stable'],
  protocolLink: null,
  spn: null,
  price: null,
  public: true,
  canDownload: true,
  releaseNotes: 'Everything is new.',
  exportControlled: false,
  exportControlClassifications: [],
  links: [{ title: 'Manual', url: 'https://example.com/manual' }],
  dependencies: [{ targetFeatureId: 'nx-device-pack', minVersionNumeric: 10000, maxVersionNumeric: 19999 }],
  additionalAttributes: { Host: 'Windows, Linux' },
};

let created: SoftwareRecord;
let version: ToolVersionDetail;

describe('software and tools', () => {
  it('is for admins only', async () => {
    expectError(await call('GET', '/software', customer), 403, 'forbidden');
    expectError(await call('POST', '/software', customer, toolInput), 403, 'forbidden');
    expectError(await call('GET', '/software', null), 401, 'unauthorized');
  });

  it('lists tools with every version, filtered by type and searched by name or feature ID, paged', async () => {
    const response = await call(
      'GET',
      `/software?filter=${encodeURIComponent(JSON.stringify({ type: 'software' }))}`,
      admin,
      undefined,
      { range: 'software=0-9' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<SoftwareRecord[]>();
    expect(rows.map((row) => row.featureId)).toEqual([
      'nx-motor-control-lib',
      'rf-radar-sdk',
      'sec-crypto-lib',
    ]);
    expect(Object.keys(rows[0]!.versions)).toEqual(['3.2.0', '4.0.0']);
    expect(response.headers['content-range']).toBe('software 0-2/3');
    const searched = await call(
      'GET',
      `/software?filter=${encodeURIComponent(JSON.stringify({ q: 'flash' }))}`,
      admin,
    );
    expect(searched.json<SoftwareRecord[]>().map((row) => row.featureId)).toEqual([
      'legacy-flasher',
      'nx-flash-programmer',
    ]);
    expectError(
      await call(
        'GET',
        `/software?filter=${encodeURIComponent(JSON.stringify({ type: 'document' }))}`,
        admin,
      ),
      400,
      'invalid_request',
    );
  });

  it('creates a tool, audited; refuses a taken feature ID with 409 duplicate and a bad form with 400', async () => {
    const response = await call('POST', '/software', admin, toolInput);
    expect(response.statusCode, response.body).toBe(201);
    created = response.json<SoftwareRecord>();
    expect(created).toMatchObject({
      ...toolInput,
      versions: {},
      isRemoved: false,
      requestFlow: 'cart',
      questionnaireId: null,
      requestUrl: null,
    });
    expect((await auditOf(created.id))[0]).toMatchObject({ action: 'create', entity: 'tool' });
    expectError(await call('POST', '/software', admin, toolInput), 409, 'duplicate');
    for (const bad of [
      { ...toolInput, featureId: 'has space' },
      { ...toolInput, featureId: 'other', name: ' ' },
      { ...toolInput, featureId: 'other', type: 'document' },
      { ...toolInput, featureId: 'other', externalUrl: 'javascript:alert(1)' },
    ]) {
      expectError(await call('POST', '/software', admin, bad), 400, 'invalid_request');
    }
  });

  it('reads and changes a tool; its feature ID stays', async () => {
    expect((await call('GET', `/software/${created.id}`, admin)).json()).toEqual(created);
    const response = await call('PUT', `/software/${created.id}`, admin, {
      ...created,
      name: 'Clock Tree Configurator',
      featureId: 'renamed',
      isOnlineTool: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SoftwareRecord>()).toMatchObject({
      name: 'Clock Tree Configurator',
      featureId: 'clock-configurator',
    });
    expectError(await call('GET', `/software/${randomUUID()}`, admin), 404, 'not_found');
    expectError(await call('PUT', `/software/${randomUUID()}`, admin, toolInput), 404, 'not_found');
  });
});

describe('versions and files', () => {
  it('adds a version; links and dependencies get their uuids; a duplicate label is 409', async () => {
    const response = await call('POST', `/software/${created.id}/versions`, admin, versionInput);
    expect(response.statusCode, response.body).toBe(201);
    version = response.json<ToolVersionDetail>();
    expect(version).toMatchObject({
      version: '1.0.0',
      tags: ['stable'],
      releaseNotes: 'Everything is new.',
      additionalAttributes: { Host: 'Windows, Linux' },
      downloadUrls: [],
    });
    expect(version.links[0]!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(version.dependencies[0]).toMatchObject({
      targetFeatureId: 'nx-device-pack',
      maxVersionNumeric: 19999,
    });
    expectError(
      await call('POST', `/software/${created.id}/versions`, admin, versionInput),
      409,
      'duplicate',
    );
  });

  it('refuses a payable version without a positive price, bad tags and inverted dependency bounds with 400', async () => {
    for (const bad of [
      { ...versionInput, version: '2.0.0', spn: 'SPN-1', price: null },
      { ...versionInput, version: '2.0.0', tags: ['bad;tag'] },
      { ...versionInput, version: '2.0.0', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      {
        ...versionInput,
        version: '2.0.0',
        dependencies: [{ targetFeatureId: 'x', minVersionNumeric: 5, maxVersionNumeric: 1 }],
      },
      { ...versionInput, version: 'a/b' },
      { ...versionInput, version: '2.0.0', price: { amountCents: 1.5, currency: 'EUR' }, spn: 'S' },
      { ...versionInput, version: '2.0.0', price: { amountCents: 0, currency: 'EUR' }, spn: 'S' },
    ]) {
      expectError(await call('POST', `/software/${created.id}/versions`, admin, bad), 400, 'invalid_request');
    }
    expectError(
      await call('POST', `/software/${randomUUID()}/versions`, admin, versionInput),
      404,
      'not_found',
    );
  });

  it('uploads a file as its bytes; the server computes size and SHA-256; the catalogue serves it', async () => {
    const bytes = Buffer.from('clock configurator installer bytes');
    const url = `/software/${created.id}/versions/${version.id}/files/clock-1.0.0-setup.exe?os=windows&architecture=x64&kind=installer`;
    const response = await call('PUT', url, admin, bytes, { 'content-type': 'application/octet-stream' });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<CatalogueFile>();
    expect(file).toMatchObject({
      fileName: 'clock-1.0.0-setup.exe',
      os: 'windows',
      architecture: 'x64',
      kind: 'installer',
      filetype: 'exe',
      filesize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const download = await t.app.inject({ url: new URL(file.url).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const detail = (await call('GET', '/catalogue/tools/clock-configurator', null)).json<ToolDetail>();
    expect(detail.versions['1.0.0']!.downloadUrls).toEqual([file]);

    const replaced = await call('PUT', url, admin, Buffer.from('a newer build'), {
      'content-type': 'application/octet-stream',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<CatalogueFile>().uuid).toBe(file.uuid);
    const again = await t.app.inject({ url: new URL(file.url).pathname });
    expect(again.body).toBe('a newer build');
  });

  it('refuses bad file names with their upload codes, and a body that is not the bytes with 415', async () => {
    const base = `/software/${created.id}/versions/${version.id}/files`;
    const octets = { 'content-type': 'application/octet-stream' };
    expectError(
      await call(
        'PUT',
        `${base}/bad%20name.exe?os=windows&architecture=x64`,
        admin,
        Buffer.from('x'),
        octets,
      ),
      400,
      'invalid_name',
    );
    // 100 characters is the longest file name (spec §9), refused by the upload rule with its code up to the longest
    // segment the router takes (765 characters, app.ts); a longer one the router refuses itself, in the spec's shape.
    for (const length of [101, 300, 765]) {
      expectError(
        await call(
          'PUT',
          `${base}/${'a'.repeat(length)}?os=windows&architecture=x64`,
          admin,
          Buffer.from('x'),
          octets,
        ),
        400,
        'name_too_long',
      );
    }
    expectError(
      await call(
        'PUT',
        `${base}/${'a'.repeat(766)}?os=windows&architecture=x64`,
        admin,
        Buffer.from('x'),
        octets,
      ),
      414,
      'invalid_request',
    );
    expectError(
      await call('PUT', `${base}/..?os=windows&architecture=x64`, admin, Buffer.from('x'), octets),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `${base}/ok.exe?os=windows&architecture=x64`, admin, { not: 'bytes' }),
      415,
      'unsupported_media_type',
    );
    expectError(await call('PUT', `${base}/ok.exe`, admin, Buffer.from('x'), octets), 400, 'invalid_request');
    expectError(
      await call(
        'PUT',
        `/software/${created.id}/versions/${randomUUID()}/files/ok.exe?os=a&architecture=b`,
        admin,
        Buffer.from('x'),
        octets,
      ),
      404,
      'not_found',
    );
  });

  it('lists, reads, changes and deletes versions and files', async () => {
    const all = await call('GET', `/software/${created.id}/versions`, admin);
    expect(all.json<ToolVersionDetail[]>().map((v) => v.version)).toEqual(['1.0.0']);
    expect(all.headers['content-range']).toBe('versions 0-0/1');
    expect(
      (await call('GET', `/software/${created.id}/versions/${version.id}`, admin)).json<ToolVersionDetail>()
        .id,
    ).toBe(version.id);
    const changed = await call('PUT', `/software/${created.id}/versions/${version.id}`, admin, {
      ...versionInput,
      version: '1.0.1',
      spn: 'SPN-CLOCK-101',
      price: { amountCents: 990, currency: 'EUR' },
      exportControlled: true,
      exportControlClassifications: ['ECCN 5D992'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ToolVersionDetail>()).toMatchObject({
      version: '1.0.1',
      spn: 'SPN-CLOCK-101',
      price: { amountCents: 990, currency: 'EUR' },
      exportControlClassifications: ['ECCN 5D992'],
    });
    expect(changed.json<ToolVersionDetail>().downloadUrls[0]!.url).toContain('/versions/1.0.1/files/');
    const deletedFile = await call(
      'DELETE',
      `/software/${created.id}/versions/${version.id}/files/clock-1.0.0-setup.exe`,
      admin,
    );
    expect(deletedFile.statusCode).toBe(200);
    expectError(
      await call(
        'DELETE',
        `/software/${created.id}/versions/${version.id}/files/clock-1.0.0-setup.exe`,
        admin,
      ),
      404,
      'not_found',
    );
    const deleted = await call('DELETE', `/software/${created.id}/versions/${version.id}`, admin);
    expect(deleted.json<ToolVersionDetail>().version).toBe('1.0.1');
    expectError(await call('GET', `/software/${created.id}/versions/${version.id}`, admin), 404, 'not_found');
  });
});

describe('request flows', () => {
  it('reads and sets how customers ask for a tool', async () => {
    expect((await call('GET', `/software/${created.id}/request-flow`, admin)).json()).toEqual({
      requestFlow: 'cart',
      questionnaireId: null,
      requestUrl: null,
    });
    const response = await call('PUT', `/software/${created.id}/request-flow`, admin, {
      requestFlow: 'cart-with-questionnaire',
      questionnaireId,
      requestUrl: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('GET', '/catalogue/tools/clock-configurator', null)).json<ToolDetail>()).toMatchObject(
      {
        requestFlow: 'cart-with-questionnaire',
        questionnaireId,
      },
    );
  });

  it('refuses a questionnaire flow without questionnaire, an external one without address, an unknown questionnaire', async () => {
    const url = `/software/${created.id}/request-flow`;
    expectError(
      await call('PUT', url, admin, {
        requestFlow: 'cart-with-questionnaire',
        questionnaireId: null,
        requestUrl: null,
      }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', url, admin, { requestFlow: 'external', questionnaireId: null, requestUrl: null }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', url, admin, {
        requestFlow: 'cart-with-questionnaire',
        questionnaireId: randomUUID(),
        requestUrl: null,
      }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `/software/${randomUUID()}/request-flow`, admin, {
        requestFlow: 'cart',
        questionnaireId: null,
        requestUrl: null,
      }),
      404,
      'not_found',
    );
    expectError(await call('GET', `/software/${randomUUID()}/request-flow`, admin), 404, 'not_found');
  });

  it('deletes a tool with its versions and files, answering the record', async () => {
    const deleted = await call('DELETE', `/software/${created.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<SoftwareRecord>().featureId).toBe('clock-configurator');
    expectError(await call('GET', '/catalogue/tools/clock-configurator', null), 404, 'not_found');
    expectError(await call('DELETE', `/software/${created.id}`, admin), 404, 'not_found');
  });
});

describe('software bundles', () => {
  const bundleInput = {
    uuid: 'BND-TEST-1',
    name: 'Test Bundle',
    orderable: true,
    released: false,
    iconUrl: null,
    hardwareNames: ['NX240 Evaluation Kit'],
    toolFeatureIds: ['nx-flash-programmer', 'nx-device-pack'],
    documentFeatureIds: ['doc-nx240-datasheet'],
    questionnaireId: null,
    requestFlow: 'cart',
  };
  let bundleVersion: BundleVersion;

  it('lists every bundle for admins, released or not, filtered and searched', async () => {
    expectError(await call('GET', '/software-bundles', customer), 403, 'forbidden');
    const all = await call('GET', '/software-bundles', admin, undefined, { range: 'software-bundles=0-9' });
    expect(all.json<SoftwareBundle[]>().map((b) => b.uuid)).toEqual([
      'BND-MOTOR-STARTER',
      'BND-RADAR-EVAL',
      'BND-SECURE-ELEMENT',
    ]);
    const unreleased = await call(
      'GET',
      `/software-bundles?filter=${encodeURIComponent(JSON.stringify({ released: false }))}`,
      admin,
    );
    expect(unreleased.json<SoftwareBundle[]>().map((b) => b.uuid)).toEqual(['BND-RADAR-EVAL']);
    const many = await call(
      'GET',
      `/software-bundles?filter=${encodeURIComponent(JSON.stringify({ id: ['BND-RADAR-EVAL'] }))}`,
      admin,
    );
    expect(many.json<SoftwareBundle[]>().map((b) => b.uuid)).toEqual(['BND-RADAR-EVAL']);
  });

  it('creates, reads, changes and deletes a bundle; the spec’s messages for uuid and name', async () => {
    const response = await call('POST', '/software-bundles', admin, bundleInput);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SoftwareBundleDetail>()).toMatchObject({
      ...bundleInput,
      versions: [],
      requestUrl: null,
    });
    expectError(await call('POST', '/software-bundles', admin, bundleInput), 409, 'duplicate');
    const missing = expectError(
      await call('POST', '/software-bundles', admin, { ...bundleInput, uuid: '', name: '' }),
      400,
      'invalid_request',
    );
    expect(missing.errors.flatMap((e) => e.messages)).toEqual(
      expect.arrayContaining(['UUID is required', 'Name is required']),
    );
    expectError(
      await call('POST', '/software-bundles', admin, {
        ...bundleInput,
        uuid: 'B2',
        toolFeatureIds: ['nope'],
      }),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', '/software-bundles', admin, {
        ...bundleInput,
        uuid: 'B3',
        requestFlow: 'cart-with-questionnaire',
      }),
      400,
      'invalid_request',
    );
    const changed = await call('PUT', '/software-bundles/BND-TEST-1', admin, {
      ...bundleInput,
      name: 'Renamed',
      released: true,
    });
    expect(changed.json<SoftwareBundleDetail>()).toMatchObject({ name: 'Renamed', released: true });
    expectError(
      await call('PUT', '/software-bundles/BND-TEST-1', admin, { ...bundleInput, uuid: 'OTHER' }),
      400,
      'invalid_request',
    );
    expect((await call('GET', '/software-bundles/BND-TEST-1', admin)).json<SoftwareBundleDetail>().name).toBe(
      'Renamed',
    );
    expect((await call('GET', '/catalogue/bundles/BND-TEST-1', null)).statusCode).toBe(200);
    expectError(await call('GET', '/software-bundles/nope', admin), 404, 'not_found');
  });

  it('keeps bundle versions that pin existing tool versions', async () => {
    const input = {
      version: '2025.2',
      description: 'Pinned.',
      released: false,
      toolVersions: [{ featureId: 'nx-flash-programmer', version: '3.0.0' }],
    };
    const response = await call('POST', '/software-bundles/BND-TEST-1/versions', admin, input);
    expect(response.statusCode, response.body).toBe(201);
    bundleVersion = response.json<BundleVersion>();
    expect(bundleVersion).toMatchObject(input);
    expectError(await call('POST', '/software-bundles/BND-TEST-1/versions', admin, input), 409, 'duplicate');
    expectError(
      await call('POST', '/software-bundles/BND-TEST-1/versions', admin, {
        ...input,
        version: 'x',
        toolVersions: [{ featureId: 'nx-flash-programmer', version: '9' }],
      }),
      400,
      'invalid_request',
    );
    // A pinned tool must be one the bundle lists: orders of the bundle are judged by its tools.
    const unlisted = expectError(
      await call('POST', '/software-bundles/BND-TEST-1/versions', admin, {
        ...input,
        version: 'y',
        toolVersions: [{ featureId: 'secureboot-signer', version: '1.3.0' }],
      }),
      400,
      'invalid_request',
    );
    expect(unlisted.errors[0]!.resources).toEqual(['toolVersions']);
    // An unreleased version is not on the public bundle page.
    expect(
      (await call('GET', '/catalogue/bundles/BND-TEST-1', null)).json<SoftwareBundleDetail>().versions,
    ).toEqual([]);
    const released = await call('PUT', `/software-bundles/BND-TEST-1/versions/${bundleVersion.id}`, admin, {
      ...input,
      released: true,
    });
    expect(released.json<BundleVersion>().released).toBe(true);
    expect(
      (await call('GET', '/catalogue/bundles/BND-TEST-1', null)).json<SoftwareBundleDetail>().versions,
    ).toHaveLength(1);
    expect(
      (await call('GET', '/software-bundles/BND-TEST-1/versions', admin)).json<BundleVersion[]>(),
    ).toHaveLength(1);
    expect(
      (await call('DELETE', `/software-bundles/BND-TEST-1/versions/${bundleVersion.id}`, admin)).statusCode,
    ).toBe(200);
    expectError(
      await call('DELETE', `/software-bundles/BND-TEST-1/versions/${bundleVersion.id}`, admin),
      404,
      'not_found',
    );
  });

  it('refuses an unknown questionnaire with 400 and a version label the bundle has with 409, changing nothing', async () => {
    const asking = { ...bundleInput, requestFlow: 'cart-with-questionnaire', questionnaireId: randomUUID() };
    const unknown = expectError(
      await call('PUT', '/software-bundles/BND-TEST-1', admin, asking),
      400,
      'invalid_request',
    );
    expect(unknown.errors[0]!.resources).toEqual(['questionnaireId']);
    expect(
      (await call('GET', '/software-bundles/BND-TEST-1', admin)).json<SoftwareBundleDetail>(),
    ).toMatchObject({
      name: 'Renamed',
      questionnaireId: null,
    });
    expectError(
      await call('POST', '/software-bundles', admin, { ...asking, uuid: 'BND-TEST-2' }),
      400,
      'invalid_request',
    );
    expectError(await call('GET', '/software-bundles/BND-TEST-2', admin), 404, 'not_found');

    const url = '/software-bundles/BND-TEST-1/versions';
    const input = {
      version: 'a',
      description: 'Pinned.',
      released: false,
      toolVersions: [{ featureId: 'nx-flash-programmer', version: '3.0.0' }],
    };
    const a = (await call('POST', url, admin, input)).json<BundleVersion>();
    const b = (await call('POST', url, admin, { ...input, version: 'b' })).json<BundleVersion>();
    expectError(await call('PUT', `${url}/${b.id}`, admin, input), 409, 'duplicate');
    const labels = (await call('GET', url, admin)).json<BundleVersion[]>().map((v) => v.version);
    expect(labels).toEqual(['a', 'b']);
    for (const version of [a, b])
      expect((await call('DELETE', `${url}/${version.id}`, admin)).statusCode).toBe(200);
  });

  it('has a request flow editor; deleting answers the record', async () => {
    const flow = { requestFlow: 'external', questionnaireId: null, requestUrl: 'https://example.com/ask' };
    expect((await call('PUT', '/software-bundles/BND-TEST-1/request-flow', admin, flow)).json()).toEqual(
      flow,
    );
    expect((await call('GET', '/software-bundles/BND-TEST-1/request-flow', admin)).json()).toEqual(flow);
    expectError(
      await call('PUT', '/software-bundles/BND-TEST-1/request-flow', admin, { ...flow, requestUrl: null }),
      400,
      'invalid_request',
    );
    const deleted = await call('DELETE', '/software-bundles/BND-TEST-1', admin);
    expect(deleted.json<SoftwareBundleDetail>().uuid).toBe('BND-TEST-1');
    expectError(await call('DELETE', '/software-bundles/BND-TEST-1', admin), 404, 'not_found');
  });
});

describe('metadata keys', () => {
  it('lists, creates, reads, relabels and deletes keys; admins only', async () => {
    expectError(await call('GET', '/metadata-keys', customer), 403, 'forbidden');
    const listed = await call('GET', '/metadata-keys', admin, undefined, { range: 'metadata-keys=0-9' });
    expect(listed.json<MetadataKey[]>().map((key) => key.key)).toEqual([
      'deviceId',
      'firmwareVersion',
      'keyVersion',
    ]);
    const created = await call('POST', '/metadata-keys', admin, {
      key: 'boardRevision',
      label: 'Board revision',
    });
    expect(created.statusCode).toBe(201);
    expectError(
      await call('POST', '/metadata-keys', admin, { key: 'boardRevision', label: 'Again' }),
      409,
      'duplicate',
    );
    expectError(await call('POST', '/metadata-keys', admin, { key: '', label: 'x' }), 400, 'invalid_request');
    // A key is an identifier: markup, paths, quotes and direction marks are refused, and none stored.
    for (const key of ['<b>x</b>', '../etc', "' or 1=1 --", '\u202eevil', '1st', 'two words']) {
      const refused = expectError(
        await call('POST', '/metadata-keys', admin, { key, label: 'x' }),
        400,
        'invalid_request',
      );
      expect(refused.errors[0]!.messages).toEqual([
        'A key starts with a letter and holds only letters, digits, ".", "_" and "-".',
      ]);
    }
    expect(
      (await call('GET', '/metadata-keys', admin, undefined, { range: 'metadata-keys=0-99' }))
        .json<{ key: string }[]>()
        .map((row) => row.key),
    ).toEqual(['deviceId', 'firmwareVersion', 'keyVersion', 'boardRevision'].sort());
    expect((await call('GET', '/metadata-keys/boardRevision', admin)).json()).toEqual({
      key: 'boardRevision',
      label: 'Board revision',
    });
    expect(
      (await call('PUT', '/metadata-keys/boardRevision', admin, { label: 'PCB revision' })).json(),
    ).toEqual({
      key: 'boardRevision',
      label: 'PCB revision',
    });
    expect((await call('DELETE', '/metadata-keys/boardRevision', admin)).statusCode).toBe(200);
    expectError(await call('GET', '/metadata-keys/boardRevision', admin), 404, 'not_found');
    expectError(await call('PUT', '/metadata-keys/boardRevision', admin, { label: 'x' }), 404, 'not_found');
    expectError(await call('DELETE', '/metadata-keys/boardRevision', admin), 404, 'not_found');
    const searched = await call(
      'GET',
      `/metadata-keys?filter=${encodeURIComponent(JSON.stringify({ q: 'firm' }))}`,
      admin,
    );
    expect(searched.json<MetadataKey[]>().map((key) => key.key)).toEqual(['firmwareVersion']);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'metadata_key'), eq(auditLog.entityId, 'boardRevision'))),
    ).toHaveLength(3);
  });
});

describe('a stored key of text (a bundle UUID, a metadata key) by path and in lists of ids', () => {
  // One bound per key, the record's own (`bundleKeySchema`, `metadataKeySchema`): the path and getMany's ids alike.
  const long = 'K'.repeat(256);
  it.each([
    ['software-bundles', 'BND-RADAR-EVAL'],
    ['metadata-keys', 'deviceId'],
  ])(
    '%s: a key of 256 characters is refused with 400 by path and in getMany; one of 255 is looked up',
    async (resource, known) => {
      const ids = (id: unknown) => `/${resource}?filter=${encodeURIComponent(JSON.stringify({ id }))}`;
      for (const url of [`/${resource}/${long}`, ids([known, long]), ids(long)]) {
        expectError(await call('GET', url, admin), 400, 'invalid_request');
      }
      expectError(await call('GET', `/${resource}/${long.slice(1)}`, admin), 404, 'not_found');
      expect((await call('GET', ids([known, long.slice(1)]), admin)).json<object[]>()).toHaveLength(1);
    },
  );

  it("the public bundle page takes the bundle key's bound too", async () => {
    expectError(await call('GET', `/catalogue/bundles/${long}`, null), 400, 'invalid_request');
    expectError(await call('GET', `/catalogue/bundles/${long.slice(1)}`, null), 404, 'not_found');
  });

  it('refuses a bundle UUID longer than its path takes when the bundle is made', async () => {
    const refused = expectError(
      await call('POST', '/software-bundles', admin, {
        uuid: long,
        name: 'Long',
        orderable: false,
        released: false,
        iconUrl: null,
        hardwareNames: [],
        toolFeatureIds: [],
        documentFeatureIds: [],
        questionnaireId: null,
        requestFlow: 'cart',
      }),
      400,
      'invalid_request',
    );
    expect(refused.errors.flatMap((e) => e.messages)).toEqual(['UUID may have at most 255 characters']);
  });
});
