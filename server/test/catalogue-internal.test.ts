import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogueItem,
  Checkout,
  ErrorBody,
  InstallerRecord,
  SoftwareRecord,
  ToolDetail,
} from '@portal/resources';
import { startTestApp, type TestApp } from './support/app.js';
import { tool } from './support/cart-entries.js';
import { apiCaller } from './support/api-call.js';
import { softwareFormOf } from './support/software-form.js';
import { signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let internal: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer, internal] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const call = apiCaller(() => t.app);

function expectInternalUseOnly(response: LightMyRequestResponse, featureId: string): void {
  expect(response.statusCode, response.body).toBe(403);
  const body = response.json<ErrorBody>();
  expect(body.errors[0]?.errorCode).toBe('internal_use_only');
  expect(body.errors[0]?.resources).toEqual([featureId]);
}

/** The admin's tool record and the form body that writes it back, with `internalOnly` as given (or left out). */
async function softwareRecord(featureId: string): Promise<SoftwareRecord> {
  const response = await call(
    'GET',
    `/software?filter=${encodeURIComponent(JSON.stringify({ q: featureId }))}`,
    admin,
    undefined,
    {
      range: 'software=0-99',
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  const record = response.json<SoftwareRecord[]>().find((row) => row.featureId === featureId);
  expect(record).toBeDefined();
  return record!;
}

describe('a tool marked for internal users (spec product §2.4 internal-use-only)', () => {
  const featureId = 'secureboot-signer';

  beforeAll(async () => {
    const record = await softwareRecord(featureId);
    expect(record.internalOnly).toBe(false);
    const marked = await call('PUT', `/software/${record.id}`, admin, {
      ...softwareFormOf(record),
      internalOnly: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // A form that leaves the marking out keeps it.
    const edited = await call('PUT', `/software/${record.id}`, admin, softwareFormOf(record));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await softwareRecord(featureId)).internalOnly).toBe(true);
  });

  it('still shows in the catalogue list, so the card leads to the internal-use-only page', async () => {
    const response = await call('GET', '/catalogue?q=SecureBoot', null);
    expect(response.json<CatalogueItem[]>().map((item) => item.key)).toContain(featureId);
  });

  it.each([
    ['an anonymous visitor', () => null],
    ['a customer', () => customer],
  ])('refuses %s every path to the tool', async (_who, tokens) => {
    const caller = tokens();
    expectInternalUseOnly(await call('GET', `/catalogue/tools/${featureId}`, caller), featureId);
    expectInternalUseOnly(
      await call('GET', `/catalogue/tools/${featureId}/versions/1.3.0/release-notes`, caller),
      featureId,
    );
    expectInternalUseOnly(
      await call(
        'GET',
        `/catalogue/tools/${featureId}/versions/1.3.0/files/secureboot-signer-setup.exe`,
        caller,
      ),
      featureId,
    );
    expectInternalUseOnly(
      await call('POST', '/catalogue/custom-bundles', caller, {
        name: 'Mine',
        toolFeatureIds: ['nx-flash-programmer', featureId],
      }),
      featureId,
    );
    if (caller) {
      // The cart cannot add it, but a checkout sent by hand is refused as well (409, with the other cart refusals).
      const checkout = await call('POST', '/checkouts', caller, {
        entries: [tool(featureId, '1.3.0')],
        answers: {},
      });
      expect(checkout.statusCode, checkout.body).toBe(409);
      expect(checkout.json<ErrorBody>().errors[0]).toMatchObject({
        errorCode: 'internal_use_only',
        resources: [expect.stringContaining(featureId)],
      });
      expectInternalUseOnly(
        await call('POST', `/catalogue/tools/${featureId}/export-access-requests`, caller, { reason: 'x' }),
        featureId,
      );
      // An installer's key would install the tool: refused like its downloads.
      expectInternalUseOnly(await call('POST', '/installers', caller, { featureId }), featureId);
    }
  });

  it.each([
    ['an internal user', () => internal],
    ['an admin', () => admin],
  ])('answers %s the tool, marked', async (_who, tokens) => {
    const response = await call('GET', `/catalogue/tools/${featureId}`, tokens());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ToolDetail>().internalOnly).toBe(true);
  });

  it('lets an internal user request export access to it', async () => {
    const response = await call('POST', `/catalogue/tools/${featureId}/export-access-requests`, internal, {
      reason: 'Evaluation',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the tool API version (spec §4; docs/decisions.md "Internal use only and the tool API version")', () => {
  const featureId = 'nx-flash-programmer';
  const filesOf = async (tokens: Tokens | null, version?: string) => {
    const response = await call(
      'GET',
      `/catalogue/tools/${featureId}`,
      tokens,
      undefined,
      version ? { 'x-tool-api-version': version } : {},
    );
    expect(response.statusCode, response.body).toBe(200);
    const files = Object.values(response.json<ToolDetail>().versions).flatMap((v) => v.downloadUrls);
    expect(files.length).toBeGreaterThan(0);
    return files;
  };
  const withChecksums = (files: Awaited<ReturnType<typeof filesOf>>) =>
    files.every((file) => /^[0-9a-f]{64}$/.test(file.sha256 ?? ''));
  const olderShape = (files: Awaited<ReturnType<typeof filesOf>>) =>
    files.every((file) => !('sha256' in file) && file.fileName && file.url && file.os);

  it('answers an internal user v1 (files without checksums) when they ask for it', async () => {
    expect(olderShape(await filesOf(internal, 'v1'))).toBe(true);
  });

  it.each([undefined, 'v2', 'v9', 'V1'])('answers an internal user v2 for the header %s', async (version) => {
    expect(withChecksums(await filesOf(internal, version))).toBe(true);
  });

  it.each([
    ['an anonymous visitor', () => null],
    ['a customer', () => customer],
    ['an admin', () => admin],
  ])('answers %s v2 although they send v1', async (_who, tokens) => {
    expect(withChecksums(await filesOf(tokens(), 'v1'))).toBe(true);
  });
});

describe('an order approved after its tool was marked for internal users', () => {
  it('grants no installer key to a customer who is not one', async () => {
    const featureId = 'nx-device-pack';
    const placed = await call('POST', '/checkouts', customer, { entries: [tool(featureId, '1.1.0')] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Checkout>().orders[0]!;
    const record = await softwareRecord(featureId);
    const marked = await call('PUT', `/software/${record.id}`, admin, {
      ...softwareFormOf(record),
      internalOnly: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const position = order.positions.find((p) => p.featureId === featureId)!;
    const approved = await call('PUT', `/orders/${order.id}/positions/${position.id}`, admin, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const installers = (await call('GET', '/installers', customer)).json<InstallerRecord[]>();
    expect(installers.map((installer) => installer.featureId)).not.toContain(featureId);
  });
});
