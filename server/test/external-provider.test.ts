import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig, User } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { freePort } from '../src/ops/postgres-cluster.js';
import { freshDatabase, startTestApp, type TestApp } from './support/app.js';
import { bearer, claimsOf, signIn } from './support/sign-in.js';
import type { DatabaseHandle } from '../src/db/client.js';

/**
 * Two portals: one runs its embedded provider and plays the company's "external" identity provider; the other
 * has OIDC_ISSUER pointing at it, so it runs no provider and verifies tokens by discovery and JWKS over HTTP.
 */
let identityPort: number;
let idp: FastifyInstance;
let idpDb: DatabaseHandle;
let portal: Omit<TestApp, 'close'>;

beforeAll(async () => {
  identityPort = await freePort();
  const idpUrl = `http://127.0.0.1:${identityPort}`;
  idpDb = await freshDatabase();
  idp = await buildApp(loadConfig({ PUBLIC_URL: idpUrl, PORT: String(identityPort), LOG_LEVEL: 'silent' }), {
    database: idpDb,
    inMemory: true,
    logger: false,
  });
  await idp.listen({ port: identityPort, host: '127.0.0.1' });

  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: `${idpUrl}/oidc`,
    OIDC_AUDIENCE: `${idpUrl}/api/v1`,
  });
  const database = await freshDatabase();
  const app = await buildApp(config, { database, inMemory: true, logger: false });
  await app.ready();
  portal = { app, database, config };
});

afterAll(async () => {
  await portal?.app.close();
  await portal?.database.close();
  await idp?.close();
  await idpDb?.close();
});

async function passwordToken(email: string): Promise<string> {
  const tokens = await signIn(idp, { email, hostOverride: `127.0.0.1:${identityPort}` });
  return tokens.access_token;
}

describe('with an external OIDC provider', () => {
  it('runs no embedded provider and tells the apps where to sign in', async () => {
    expect(
      (await portal.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    const config = (await portal.app.inject({ method: 'GET', url: '/api/v1/config' })).json<PortalConfig>();
    expect(config.oidc).toMatchObject({
      authority: `http://127.0.0.1:${identityPort}/oidc`,
      clientId: 'portal',
      loadUserInfo: true,
    });
  });

  it("verifies the provider's tokens through its JWKS and creates the user from the token's claims", async () => {
    const token = await passwordToken('customer@portal.test');
    expect(claimsOf(token).iss).toBe(`http://127.0.0.1:${identityPort}/oidc`);
    const me = await portal.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>()).toMatchObject({
      email: 'customer@portal.test',
      givenName: 'Chris',
      familyName: 'Customer',
      roles: [],
    });
  });

  it('takes roles from its own database, not from the provider', async () => {
    // An admin of the provider's portal is nobody special here until this portal grants a role.
    const token = await passwordToken('admin@portal.test');
    const boards = await portal.app.inject({
      method: 'GET',
      url: '/api/v1/boards',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(boards.statusCode).toBe(403);
  });

  it('refuses a token of the right shape from the wrong issuer', async () => {
    const stranger = await startTestApp();
    try {
      const tokens = await signIn(stranger.app, { email: 'admin@portal.test' });
      const me = await portal.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(tokens) });
      expect(me.statusCode).toBe(401);
    } finally {
      await stranger.close();
    }
  });
});
