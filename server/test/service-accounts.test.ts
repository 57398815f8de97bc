import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ServiceAccount, ServiceAccountWithSecret, User } from '@portal/resources';
import { serviceAccounts } from '../src/db/schema.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, { email: 'admin@portal.test' });
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = bearer(admin),
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const tokenFor = (clientId: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      host: 'localhost:8080',
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    payload: 'grant_type=client_credentials&scope=portal',
  });

describe('service accounts', () => {
  let created: ServiceAccountWithSecret;

  it('are created with a secret shown once and stored only as a hash', async () => {
    const response = await call('POST', '/api/v1/service-accounts', {
      clientId: 'ci-pipeline',
      userEmail: 'ci@example.com',
      defaultRoles: ['MFA User', 'Promoted User'],
    });
    expect(response.statusCode).toBe(201);
    created = response.json<ServiceAccountWithSecret>();
    expect(created).toMatchObject({
      clientId: 'ci-pipeline',
      userEmail: 'ci@example.com',
      defaultRoles: ['MFA User', 'Promoted User'],
    });
    expect(created.secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, created.id));
    expect(row!.secretHash).not.toContain(created.secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const shown = await call('GET', `/api/v1/service-accounts/${created.id}`);
    expect(shown.json()).not.toHaveProperty('secret');
  });

  it('get a token with that secret that carries their default roles, MFA included', async () => {
    const response = await tokenFor('ci-pipeline', created.secret);
    expect(response.statusCode).toBe(200);
    const tokens = response.json<Tokens>();
    const me = (await call('GET', '/api/v1/users/me', undefined, bearer(tokens))).json<User>();
    expect(me.email).toBe('ci@example.com');
    expect(me.roles.map((r) => r.name)).toEqual(['MFA User', 'Promoted User']);
    // Not an admin: the board list stays closed.
    expect((await call('GET', '/api/v1/boards', undefined, bearer(tokens))).statusCode).toBe(403);
  });

  it('are listed with Range and refuse a duplicate or reserved client id', async () => {
    const list = await call('GET', '/api/v1/service-accounts', undefined, {
      ...bearer(admin),
      range: 'service-accounts=0-9',
    });
    expect(list.headers['content-range']).toBe('service-accounts 0-1/2');
    expect(list.json<ServiceAccount[]>().map((a) => a.clientId)).toEqual([
      'ci-pipeline',
      'portal-smoke-test',
    ]);
    for (const clientId of ['ci-pipeline', 'portal', 'portal-mfa']) {
      const refused = await call('POST', '/api/v1/service-accounts', {
        clientId,
        userEmail: 'x@example.com',
        defaultRoles: [],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().errors[0]!.errorCode).toBe('duplicate');
    }
    const bad = await call('POST', '/api/v1/service-accounts', {
      clientId: 'has space',
      userEmail: 'nope',
      defaultRoles: ['Wizard'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().errors.map((e) => e.resources[0])).toEqual(
      expect.arrayContaining(['body.clientId', 'body.userEmail']),
    );
  });

  it('change roles and rotate the secret: the old one stops working', async () => {
    const updated = await call('PUT', `/api/v1/service-accounts/${created.id}`, {
      userEmail: 'ci@example.com',
      defaultRoles: ['Admin'],
    });
    expect(updated.json<ServiceAccount>().defaultRoles).toEqual(['Admin']);
    const rotated = (
      await call('POST', `/api/v1/service-accounts/${created.id}/secret`)
    ).json<ServiceAccountWithSecret>();
    expect(rotated.secret).not.toBe(created.secret);
    expect((await tokenFor('ci-pipeline', created.secret)).statusCode).toBe(401);
    const tokens = (await tokenFor('ci-pipeline', rotated.secret)).json<Tokens>();
    expect(
      (await call('GET', '/api/v1/boards', undefined, { ...bearer(tokens), range: 'boards=0-0' })).statusCode,
    ).toBe(200);
    created = rotated;
  });

  it('are deleted, and their tokens stop working at once', async () => {
    const tokens = (await tokenFor('ci-pipeline', created.secret)).json<Tokens>();
    expect((await call('DELETE', `/api/v1/service-accounts/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/service-accounts/${created.id}`)).statusCode).toBe(404);
    expect((await tokenFor('ci-pipeline', created.secret)).statusCode).toBe(401);
    // The token names the client, whose account is gone: it now counts as no known caller.
    expect((await call('GET', '/api/v1/boards', undefined, bearer(tokens))).statusCode).toBe(401);
  });

  it('are for admins only', async () => {
    const customer = await signIn(t.app, { email: 'customer@portal.test' });
    expect((await call('GET', '/api/v1/service-accounts', undefined, bearer(customer))).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/v1/service-accounts',
          { clientId: 'x', userEmail: 'x@example.com', defaultRoles: [] },
          bearer(customer),
        )
      ).statusCode,
    ).toBe(403);
  });
});
