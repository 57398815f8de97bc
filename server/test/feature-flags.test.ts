import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, FeatureFlag } from '@portal/resources';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (
  method: Method,
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

/** A list URL in react-admin's simple-rest dialect: each parameter as JSON. */
const listUrl = (params: Record<string, unknown> = {}) =>
  `/api/v1/feature-flags?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString()}`;

const allFlags = async () =>
  (await call('GET', '/api/v1/feature-flags', admin))
    .json<FeatureFlag[]>()
    .sort((a, b) => a.key.localeCompare(b.key));

const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'feature_flag'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

const flags: Record<string, FeatureFlag> = {};

async function create(key: string, enabled: boolean, description: string | null = `About ${key}`) {
  const response = await call('POST', '/api/v1/feature-flags', admin, { key, description, enabled });
  expect(response.statusCode, response.body).toBe(201);
  flags[key] = response.json<FeatureFlag>();
  return flags[key];
}

describe('creating feature flags', () => {
  it('creates a flag and answers the record with its id, audited', async () => {
    const flag = await create('new-cart', true, 'The new cart page');
    expect(flag).toMatchObject({ key: 'new-cart', description: 'The new cart page', enabled: true });
    expect(flag.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(flag.updatedAt))).toBe(false);
    const [entry] = await auditOf(flag.id);
    expect(entry).toMatchObject({ action: 'create', after: flag });
    expect(entry!.actorId).toBeTruthy();
  });

  it('stores a blank description as none', async () => {
    expect(await create('dark-mode', false, '   ')).toMatchObject({ description: null, enabled: false });
    expect(await create('qr-scan', true, null)).toMatchObject({ description: null });
  });

  it('refuses a duplicate key with 409 duplicate and keeps the one flag', async () => {
    const response = await call('POST', '/api/v1/feature-flags', admin, {
      key: 'new-cart',
      description: 'again',
      enabled: false,
    });
    const body = expectError(response, 409, 'duplicate');
    expect(body.errors[0]!.messages).toEqual(['A feature flag with this key already exists.']);
    expect(body.errors[0]!.resources).toEqual(['key']);
    const list = await allFlags();
    expect(list.filter((flag) => flag.key === 'new-cart')).toEqual([flags['new-cart']]);
  });

  it('refuses an invalid key or a missing field with 400 on that field and creates nothing', async () => {
    for (const [payload, field] of [
      [{ key: 'Bad Key', description: null, enabled: true }, 'body.key'],
      [{ key: '', description: null, enabled: true }, 'body.key'],
      [{ key: 'a'.repeat(101), description: null, enabled: true }, 'body.key'],
      [{ key: 'fine-key', description: null }, 'body.enabled'],
      [{ key: 'fine-key', description: 'x'.repeat(501), enabled: true }, 'body.description'],
    ] as const) {
      const body = expectError(
        await call('POST', '/api/v1/feature-flags', admin, payload),
        400,
        'invalid_request',
      );
      expect(body.errors.map((e) => e.resources[0])).toContain(field);
    }
    expect((await allFlags()).map((flag) => flag.key)).toEqual(['dark-mode', 'new-cart', 'qr-scan']);
  });
});

describe('listing and showing feature flags', () => {
  it('pages by the Range header and answers Content-Range', async () => {
    const first = await call('GET', '/api/v1/feature-flags', admin, undefined, {
      range: 'feature-flags=0-1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('feature-flags 0-1/3');
    expect(first.headers['cache-control']).toBe('no-cache, no-store');
    expect(first.json<FeatureFlag[]>().map((flag) => flag.key)).toEqual(['dark-mode', 'new-cart']);
    const rest = await call('GET', '/api/v1/feature-flags', admin, undefined, { range: 'feature-flags=2-3' });
    expect(rest.headers['content-range']).toBe('feature-flags 2-2/3');
    expect(rest.json<FeatureFlag[]>().map((flag) => flag.key)).toEqual(['qr-scan']);
  });

  it('sorts, filters by enabled, searches with q, and fetches many by id', async () => {
    const query = (params: Record<string, unknown>) => call('GET', listUrl(params), admin);
    const keys = (response: LightMyRequestResponse) => response.json<FeatureFlag[]>().map((flag) => flag.key);
    expect(keys(await query({ sort: ['key', 'DESC'], range: [0, 9] }))).toEqual([
      'qr-scan',
      'new-cart',
      'dark-mode',
    ]);
    expect(keys(await query({ filter: { enabled: true } }))).toEqual(['new-cart', 'qr-scan']);
    expect(keys(await query({ filter: { enabled: false } }))).toEqual(['dark-mode']);
    expect(keys(await query({ filter: { q: 'CART PAGE' } }))).toEqual(['new-cart']);
    expect(keys(await query({ filter: { id: [flags['qr-scan']!.id, flags['dark-mode']!.id] } }))).toEqual([
      'dark-mode',
      'qr-scan',
    ]);
  });

  it('refuses filters and sorts the definition does not allow, and ids that are no uuid', async () => {
    expectError(await call('GET', listUrl({ filter: { description: 'x' } }), admin), 400, 'invalid_request');
    expectError(await call('GET', listUrl({ sort: ['description', 'ASC'] }), admin), 400, 'invalid_request');
    expectError(
      await call('GET', listUrl({ filter: { id: ['not-a-uuid'] } }), admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', '/api/v1/feature-flags', admin, undefined, { range: 'nonsense' }),
      400,
      'invalid_request',
    );
  });

  it('shows one flag; an unknown id is 404, a malformed one 400', async () => {
    const flag = flags['new-cart']!;
    const response = await call('GET', `/api/v1/feature-flags/${flag.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(flag);
    expectError(
      await call('GET', '/api/v1/feature-flags/00000000-0000-4000-8000-000000000000', admin),
      404,
      'not_found',
    );
    expectError(await call('GET', '/api/v1/feature-flags/nope', admin), 400, 'invalid_request');
  });
});

describe('updating and deleting feature flags', () => {
  it('updates description and state by PUT, answers the record, audits before and after', async () => {
    const before = flags['dark-mode']!;
    const response = await call('PUT', `/api/v1/feature-flags/${before.id}`, admin, {
      ...before,
      description: 'Dark theme for both apps',
      enabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<FeatureFlag>();
    expect(after).toMatchObject({ id: before.id, key: 'dark-mode', description: 'Dark theme for both apps' });
    expect(after.enabled).toBe(true);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect((await call('GET', `/api/v1/feature-flags/${before.id}`, admin)).json()).toEqual(after);
    const entries = await auditOf(before.id);
    expect(entries.at(-1)).toMatchObject({ action: 'update', before, after });
    flags['dark-mode'] = after;
  });

  it('refuses to change the key, and an invalid body, changing nothing', async () => {
    const flag = flags['dark-mode']!;
    const renamed = await call('PUT', `/api/v1/feature-flags/${flag.id}`, admin, {
      ...flag,
      key: 'light-mode',
    });
    expect(expectError(renamed, 400, 'invalid_request').errors[0]!.resources).toEqual(['key']);
    expectError(
      await call('PUT', `/api/v1/feature-flags/${flag.id}`, admin, { ...flag, enabled: 'yes' }),
      400,
      'invalid_request',
    );
    expect((await call('GET', `/api/v1/feature-flags/${flag.id}`, admin)).json()).toEqual(flag);
    expectError(
      await call('PUT', '/api/v1/feature-flags/00000000-0000-4000-8000-000000000000', admin, flag),
      404,
      'not_found',
    );
  });

  it('deletes a flag, answering the deleted record; a second delete is 404', async () => {
    const flag = flags['qr-scan']!;
    const response = await call('DELETE', `/api/v1/feature-flags/${flag.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(flag);
    expectError(await call('GET', `/api/v1/feature-flags/${flag.id}`, admin), 404, 'not_found');
    expectError(await call('DELETE', `/api/v1/feature-flags/${flag.id}`, admin), 404, 'not_found');
    expect((await auditOf(flag.id)).at(-1)).toMatchObject({ action: 'delete', before: flag, after: null });
    delete flags['qr-scan'];
  });
});

describe('the enabled flags for the apps', () => {
  it('answers the enabled keys to anyone, without a token, uncached', async () => {
    await create('beta-banner', false);
    const response = await call('GET', '/api/v1/feature-flags/enabled', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
    expect(response.json()).toEqual({ keys: ['dark-mode', 'new-cart'] });
    expect((await call('GET', '/api/v1/feature-flags/enabled', customer)).json()).toEqual({
      keys: ['dark-mode', 'new-cart'],
    });
  });
});

describe('who may manage feature flags', () => {
  it('refuses customers and company space admins with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await allFlags();
    const flag = flags['new-cart']!;
    const body = { key: 'sneaky', description: null, enabled: true };
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/v1/feature-flags'],
      ['GET', `/api/v1/feature-flags/${flag.id}`],
      ['POST', '/api/v1/feature-flags', body],
      ['PUT', `/api/v1/feature-flags/${flag.id}`, { ...flag, enabled: false }],
      ['DELETE', `/api/v1/feature-flags/${flag.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(method, url, customer, payload), 403, 'forbidden');
      expectError(await call(method, url, csa, payload), 403, 'forbidden');
      expectError(await call(method, url, null, payload), 401, 'unauthorized');
    }
    expect(await allFlags()).toEqual(before);
  });
});
