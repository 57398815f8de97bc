import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentRange, type Board, type ErrorBody, type User } from '@portal/resources';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function expectErrorShape(body: ErrorBody, status: number) {
  expect(body.status).toBe(status);
  expect(typeof body.type).toBe('string');
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(typeof error.errorCode).toBe('string');
    expect(Array.isArray(error.resources)).toBe(true);
    expect(error.messages.length).toBeGreaterThan(0);
  }
}

describe('sign-in through the embedded provider', () => {
  it('issues a JWT access token for the API audience, an ID token with the profile claims, and a refresh token', () => {
    const [, payload] = admin.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.aud).toBe(t.config.oidc.audience);
    expect(claims.iss).toBe(t.config.oidc.issuer);
    expect(claims.scope).toContain('portal');
    const idClaims = JSON.parse(Buffer.from(admin.id_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(idClaims).toMatchObject({
      given_name: 'Ada',
      family_name: 'Admin',
      email: 'admin@portal.test',
      email_verified: true,
    });
    expect(admin.refresh_token).toBeTruthy();
  });

  it('renews with the refresh token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: admin.refresh_token!,
        client_id: 'portal',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const renewed = response.json<Tokens>();
    expect((await get('/api/v1/users/me', bearer(renewed))).statusCode).toBe(200);
    admin = renewed;
  });

  it('refuses a wrong password on the login page and changes nothing', async () => {
    await expect(signIn(t.app, { email: 'admin@portal.test', password: 'wrong-password' })).rejects.toThrow(
      'sign-in refused: 401',
    );
  });

  it('publishes its key set and discovery document under /oidc', async () => {
    const discovery = (await get('/oidc/.well-known/openid-configuration', { host: 'localhost:8080' })).json<
      Record<string, unknown>
    >();
    expect(discovery.issuer).toBe(t.config.oidc.issuer);
    expect(discovery.end_session_endpoint).toBe(`${t.config.oidc.issuer}/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${t.config.oidc.issuer}/token/revocation`);
    const jwks = (await get('/oidc/jwks')).json<{ keys: { kty: string; d?: string }[] }>();
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });
});

describe('GET /api/v1/users/me', () => {
  it('answers the verified user with roles from the database', async () => {
    const response = await get('/api/v1/users/me', bearer(admin));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
    const user = response.json<User>();
    expect(user).toMatchObject({
      email: 'admin@portal.test',
      givenName: 'Ada',
      familyName: 'Admin',
      emailVerified: true,
    });
    expect(user.roles).toEqual([{ name: 'Admin' }]);
  });

  it('refuses a missing, malformed or forged token with 401 in the error shape', async () => {
    const [header, payload] = admin.access_token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${forged}` },
    ]) {
      const response = await get('/api/v1/users/me', headers);
      expect(response.statusCode).toBe(401);
      expectErrorShape(response.json(), 401);
    }
  });

  it('refuses an ID token used as an access token (wrong audience)', async () => {
    const response = await get('/api/v1/users/me', { authorization: `Bearer ${admin.id_token}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/boards', () => {
  it('pages by the Range header and answers Content-Range with the total', async () => {
    const response = await get('/api/v1/boards', { ...bearer(admin), range: 'boards=0-24' });
    expect(response.statusCode).toBe(200);
    const rows = response.json<Board[]>();
    expect(rows).toHaveLength(25);
    expect(response.headers['content-range']).toBe('boards 0-24/41');
    expect(response.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(parseContentRange(response.headers['content-range'] as string)).toEqual({
      resource: 'boards',
      offset: 0,
      limit: 25,
      total: 41,
    });
    const last = await get('/api/v1/boards', { ...bearer(admin), range: 'boards=25-49' });
    expect(last.headers['content-range']).toBe('boards 25-40/41');
    expect(last.json<Board[]>()).toHaveLength(16);
  });

  it('sorts in SQL in both directions', async () => {
    const q = (order: string) =>
      get(
        `/api/v1/boards?sort=${encodeURIComponent(JSON.stringify(['name', order]))}&range=${encodeURIComponent('[0,40]')}`,
        bearer(admin),
      );
    const asc = (await q('ASC')).json<Board[]>().map((b) => b.name);
    const desc = (await q('DESC')).json<Board[]>().map((b) => b.name);
    expect(asc).toHaveLength(41);
    expect(desc).toEqual([...asc].reverse());
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by name, case-insensitively, with wildcards taken literally', async () => {
    const filter = (f: object) =>
      get(`/api/v1/boards?filter=${encodeURIComponent(JSON.stringify(f))}`, {
        ...bearer(admin),
        range: 'boards=0-24',
      });
    const sec = await filter({ name: 'sec' });
    const names = sec.json<Board[]>().map((b) => b.name);
    expect(names.length).toBe(8);
    expect(names.every((n) => n.toLowerCase().includes('sec'))).toBe(true);
    expect(sec.headers['content-range']).toBe('boards 0-7/8');
    expect((await filter({ name: '%' })).json<Board[]>()).toHaveLength(0);
    expect((await filter({ name: "'; drop table boards; --" })).json<Board[]>()).toHaveLength(0);
    expect(
      (await get('/api/v1/boards', { ...bearer(admin), range: 'boards=0-0' })).headers['content-range'],
    ).toBe('boards 0-0/41');
  });

  it('answers every row without a range (react-admin getMany)', async () => {
    const all = await get('/api/v1/boards', bearer(admin));
    const ids = all
      .json<Board[]>()
      .slice(0, 2)
      .map((b) => b.id);
    const many = await get(
      `/api/v1/boards?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`,
      bearer(admin),
    );
    expect(
      many
        .json<Board[]>()
        .map((b) => b.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('refuses unknown sort fields, filters and bad ranges with 400 in the error shape', async () => {
    for (const url of [
      '/api/v1/boards?sort=["password","ASC"]',
      '/api/v1/boards?sort=not-json',
      '/api/v1/boards?filter={"secret":1}',
      '/api/v1/boards?filter={"id":["not-a-uuid"]}',
      '/api/v1/boards?range=[5,1]',
    ]) {
      const response = await get(encodeURI(url), bearer(admin));
      expect(response.statusCode, url).toBe(400);
      expectErrorShape(response.json(), 400);
    }
    const badRange = await get('/api/v1/boards', { ...bearer(admin), range: 'boards=9-3' });
    expect(badRange.statusCode).toBe(400);
  });

  it('refuses a customer with 403 carrying a support ID', async () => {
    const response = await get('/api/v1/boards', bearer(customer));
    expect(response.statusCode).toBe(403);
    const body = response.json<ErrorBody>();
    expectErrorShape(body, 403);
    expect(body.supportId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds one board and answers 404 for an unknown one', async () => {
    const [first] = (await get('/api/v1/boards', { ...bearer(admin), range: 'boards=0-0' })).json<Board[]>();
    const one = await get(`/api/v1/boards/${first!.id}`, bearer(admin));
    expect(one.json<Board>().name).toBe(first!.name);
    const missing = await get('/api/v1/boards/00000000-0000-4000-8000-000000000000', bearer(admin));
    expect(missing.statusCode).toBe(404);
    expectErrorShape(missing.json(), 404);
    const bad = await get('/api/v1/boards/not-a-uuid', bearer(admin));
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad.json(), 400);
  });
});

describe('platform routes', () => {
  it('serves /healthz, /readyz and the public sign-in config', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).statusCode).toBe(200);
    expect((await get('/api/v1/config')).json()).toEqual({
      apiUrl: '/api/v1',
      oidc: {
        authority: 'http://localhost:8080/oidc',
        clientId: 'portal',
        mfaClientId: 'portal-mfa',
        scope: 'openid email profile portal',
        loadUserInfo: false,
        mfaAcrValues: 'urn:portal:acr:mfa',
      },
    });
  });

  it('describes the API in OpenAPI 3.1 and serves a browsable reference', async () => {
    const spec = (await get('/api/v1/openapi.json')).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/users/me', '/api/v1/boards', '/api/v1/boards/{id}']),
    );
    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes 404 in the error shape and every other path with the customer app', async () => {
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expectErrorShape(api.json(), 404);
    const page = await get('/some/unknown/page');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const admin = await get('/admin/boards');
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toContain('text/html');
  });

  it('refuses malformed JSON bodies in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/boards',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorShape(response.json(), response.statusCode);
  });
});

describe('static apps', () => {
  it('answers a missing script with 404, not with the app page', async () => {
    expect((await get('/assets/index-deadbeef.js')).statusCode).toBe(404);
    expect((await get('/admin/assets/vendor-deadbeef.js')).statusCode).toBe(404);
    expect((await get('/my/projects')).statusCode).toBe(200);
  });

  it('compresses large answers for clients that accept it', async () => {
    const response = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
