import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, MaintenanceInfo } from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let csa: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer, csa] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'csa@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'PUT',
  url: string,
  tokens: Tokens | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.status).toBe(status);
  expect(body.errors[0]?.errorCode).toBe(code);
  expect(body.errors[0]?.messages[0]).toBeTruthy();
  return body;
}

/** The banner as everyone reads it, on the site root. */
async function publicBanner(): Promise<MaintenanceInfo> {
  const response = await call('GET', '/maintenance', null);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache, no-store');
  return response.json<MaintenanceInfo>();
}

const auditEntries = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'maintenance')).orderBy(auditLog.id);

describe('GET /maintenance on the site root', () => {
  it('answers no banner before anyone set one, to anyone, uncached', async () => {
    expect(await publicBanner()).toEqual({ text: '', show: false });
  });

  it('ignores a token, even an invalid one, so the banner always reaches the apps', async () => {
    for (const headers of [bearer(customer), { authorization: 'Bearer not.a.token' }]) {
      const response = await call('GET', '/maintenance', null, undefined, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ text: '', show: false });
    }
  });

  it('is the site root’s, not the API root’s: the API path is the admin side', async () => {
    expectError(await call('GET', '/api/v1/maintenance', null), 401, 'unauthorized');
  });
});

describe('admins read and change the banner', () => {
  it('reads the banner at /api/v1/maintenance, uncached', async () => {
    const response = await call('GET', '/api/v1/maintenance', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
    expect(response.json()).toEqual({ text: '', show: false });
  });

  it('changes it by PUT, answers the banner, audits before and after; the site root shows it', async () => {
    const banner = { text: 'Maintenance on Saturday 18:00–20:00 UTC.', show: true };
    const response = await call('PUT', '/api/v1/maintenance', admin, banner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
    expect(response.json()).toEqual(banner);
    expect(await publicBanner()).toEqual(banner);
    expect((await call('GET', '/api/v1/maintenance', admin)).json()).toEqual(banner);
    const [entry, ...more] = await auditEntries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'update',
      entityId: '1',
      before: { text: '', show: false },
      after: banner,
    });
    expect(entry!.actorId).toBeTruthy();
  });

  it('hides it again, keeping the text, and accepts exactly 1000 characters', async () => {
    const hidden = { text: 'Maintenance on Saturday 18:00–20:00 UTC.', show: false };
    expect((await call('PUT', '/api/v1/maintenance', admin, hidden)).json()).toEqual(hidden);
    expect(await publicBanner()).toEqual(hidden);
    const longest = { text: 'x'.repeat(1000), show: true };
    expect((await call('PUT', '/api/v1/maintenance', admin, longest)).statusCode).toBe(200);
    expect(await publicBanner()).toEqual(longest);
    expect(await auditEntries()).toHaveLength(3);
  });

  it('refuses a text over 1000 characters, an empty banner shown, or a missing field, changing nothing', async () => {
    const before = await publicBanner();
    const tooLong = expectError(
      await call('PUT', '/api/v1/maintenance', admin, { text: 'x'.repeat(1001), show: true }),
      400,
      'invalid_request',
    );
    expect(tooLong.errors[0]).toMatchObject({
      resources: ['body.text'],
      messages: ['The banner text may have at most 1000 characters.'],
    });
    const empty = expectError(
      await call('PUT', '/api/v1/maintenance', admin, { text: '  ', show: true }),
      400,
      'invalid_request',
    );
    expect(empty.errors[0]!.resources).toEqual(['body.text']);
    expectError(await call('PUT', '/api/v1/maintenance', admin, { text: 'Soon' }), 400, 'invalid_request');
    expectError(
      await call('PUT', '/api/v1/maintenance', admin, { text: 5, show: true }),
      400,
      'invalid_request',
    );
    expect(await publicBanner()).toEqual(before);
    expect(await auditEntries()).toHaveLength(3);
  });

  it('refuses customers and company space admins with 403, anonymous callers with 401, changing nothing', async () => {
    const before = await publicBanner();
    for (const tokens of [customer, csa, null]) {
      const status = tokens ? 403 : 401;
      const code = tokens ? 'forbidden' : 'unauthorized';
      expectError(await call('GET', '/api/v1/maintenance', tokens), status, code);
      expectError(
        await call('PUT', '/api/v1/maintenance', tokens, { text: 'Hacked', show: true }),
        status,
        code,
      );
    }
    expect(await publicBanner()).toEqual(before);
    expect(await auditEntries()).toHaveLength(3);
  });
});

describe('OpenAPI', () => {
  it('documents the banner on the site root and every platform route under /api/v1', async () => {
    const doc = (await call('GET', '/api/v1/openapi.json', null)).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    expect(Object.keys(doc.paths['/maintenance']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/v1/maintenance']!).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/v1/feature-flags/enabled']!.get!.summary).toContain('{ keys: [...] }');
    for (const path of [
      '/api/v1/feature-flags',
      '/api/v1/feature-flags/{id}',
      '/api/v1/company-spaces',
      '/api/v1/company-spaces/{id}',
      '/api/v1/company-spaces/{id}/members',
      '/api/v1/company-spaces/{id}/members/{userId}',
      '/api/v1/company-spaces/{id}/faes',
      '/api/v1/company-spaces/{id}/faes/{userId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
