import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ToolDetail } from '@portal/resources';
import { licenses } from '../src/db/schema-commerce.js';
import { dipUploadProject } from './access-dip-support.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';
import { projectTestKit } from './projects-support.js';

/**
 * A download link is a stable address, the same for everyone: what a user may fetch is decided per caller on every
 * request, so a link that works for one user (bought, export access granted) does not work for another who copies
 * it — not with their own token, not without one, not through a conditional request.
 */
let t: TestApp;
const kit = projectTestKit(() => t);
let customer: Tokens;
let promoted: Tokens;
let internal: Tokens;
let stranger: Tokens;
let paidPath: string;
let exportPath: string;
let licenseId: string;

const get = (url: string, tokens: Tokens | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(tokens ? bearer(tokens) : {}), ...headers } });

function expectRefused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ErrorBody>().errors[0]?.errorCode).toBe(code);
  expect(response.headers['content-disposition']).toBeUndefined();
}

async function fileOf(featureId: string, version: string, tokens: Tokens) {
  const response = await get(`/api/v1/catalogue/tools/${featureId}`, tokens);
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json<ToolDetail>().versions[version]!.downloadUrls[0]!.url;
  return new URL(url).pathname;
}

beforeAll(async () => {
  t = await startTestApp();
  [customer, promoted, internal] = await Promise.all([
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'promoted@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
  ]);
  stranger = (await kit.account('stranger@portal.test', { space: 'Stranger Space' })).tokens;
  // The customer holds a commercial license of the payable library's 4.0.0 (as its paid purchase gives them).
  const [license] = await t.database.db
    .insert(licenses)
    .values({
      userId: await kit.userId('customer@portal.test'),
      product: 'NX Motor Control Library',
      featureId: 'nx-motor-control-lib',
      version: '4.0.0',
      type: 'commercial',
      grantedAt: new Date(),
    })
    .returning();
  licenseId = license!.id;
  paidPath = await fileOf('nx-motor-control-lib', '4.0.0', customer);
  // The promoted user holds granted export access to the signer (demo data).
  exportPath = await fileOf('secureboot-signer', '1.3.0', promoted);
});
afterAll(() => t?.close());

describe('a bought download’s link', () => {
  it('works for its buyer (the control)', async () => {
    const response = await get(paidPath, customer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(0);
  });

  it('does not work for another user, whatever their roles, nor without a token', async () => {
    for (const tokens of [internal, promoted, stranger]) {
      expectRefused(await get(paidPath, tokens), 403, 'purchase_required');
    }
    expectRefused(await get(paidPath, null), 401, 'unauthorized');
  });

  it('does not work with the buyer’s token in the query or a cookie instead of the header', async () => {
    expectRefused(await get(`${paidPath}?access_token=${customer.access_token}`, null), 401, 'unauthorized');
    expectRefused(
      await get(paidPath, null, { cookie: `access_token=${customer.access_token}` }),
      401,
      'unauthorized',
    );
  });

  it('answers another user’s conditional request with the refusal, not 304', async () => {
    const etag = (await get(paidPath, customer)).headers.etag as string;
    expect(etag).toBeTruthy();
    expectRefused(await get(paidPath, internal, { 'if-none-match': etag }), 403, 'purchase_required');
    expectRefused(await get(paidPath, internal, { range: 'bytes=0-10' }), 403, 'purchase_required');
  });

  it('stops working for the buyer once the license is revoked', async () => {
    await t.database.db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, licenseId));
    expectRefused(await get(paidPath, customer), 403, 'purchase_required');
    await t.database.db.update(licenses).set({ revokedAt: null }).where(eq(licenses.id, licenseId));
    expect((await get(paidPath, customer)).statusCode).toBe(200);
  });
});

describe('an export-controlled download’s link', () => {
  it('works for the user granted access, and for nobody else', async () => {
    expect((await get(exportPath, promoted)).statusCode).toBe(200);
    for (const tokens of [customer, internal, stranger]) {
      expectRefused(await get(exportPath, tokens), 403, 'export_controlled');
    }
    expectRefused(await get(exportPath, null), 401, 'unauthorized');
  });
});

describe('a design-in upload’s download link', () => {
  it('works for the project’s people, and not for another user or through another project', async () => {
    const admin = await signIn(t.app, { email: 'admin@portal.test' });
    const { projectId, stepId } = await dipUploadProject(t.app, t.database.db, { owner: customer, admin });
    const bytes = Buffer.from('confidential schematics');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/dip/steps/${stepId}/assets?name=schematics.pdf`,
      headers: { ...bearer(customer), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const assetId = uploaded.json<{ id: string }>().id;
    const link = `/api/v1/projects/${projectId}/dip/assets/${assetId}/content`;
    const own = await get(link, customer);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.rawPayload.equals(bytes)).toBe(true);

    for (const tokens of [internal, stranger]) {
      const response = await get(link, tokens);
      expect([403, 404], response.body).toContain(response.statusCode);
      expect(response.rawPayload.includes(bytes)).toBe(false);
    }
    expectRefused(await get(link, null), 401, 'unauthorized');
    // The stranger's own project with the same asset id: the asset belongs to another project.
    const theirs = await dipUploadProject(
      t.app,
      t.database.db,
      { owner: stranger, admin },
      'Stranger project',
    );
    const crossed = await get(`/api/v1/projects/${theirs.projectId}/dip/assets/${assetId}/content`, stranger);
    expect(crossed.statusCode, crossed.body).toBe(404);
    expect(crossed.rawPayload.includes(bytes)).toBe(false);
  });
});
