import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig, User } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { userInfoCache } from '../src/auth/userinfo.js';
import { freshDatabase, TEST_PUBLIC_URL, testConfig, type TestApp } from './support/app.js';
import {
  FOREIGN_SHAPES,
  startForeignProvider,
  type ForeignProvider,
  type ForeignShape,
} from './support/foreign-oidc.js';

/**
 * Sign-in through an OpenID provider that is not the portal's own oidc-provider, shaped in turn like Keycloak,
 * Auth0, Entra ID, Okta and Google (support/foreign-oidc.ts): the code flow with PKCE over HTTP, then the API
 * with the access token, as the apps do it.
 */
async function portalFor(env: Record<string, string>, lines?: string[]): Promise<TestApp> {
  const config = testConfig({ SEED_DEMO_DATA: 'false', ...env });
  const database = await freshDatabase();
  const logStream = lines && { write: (line: string) => void lines.push(line) };
  const app = await buildApp(config, {
    database,
    inMemory: true,
    ...(logStream ? { logger: true, logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const call = (portal: TestApp, url: string, token: string) =>
  portal.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } });

const errorCodeOf = (response: LightMyRequestResponse) =>
  response.json<{ errors: { errorCode: string }[] }>().errors[0]?.errorCode;

/** The CSP directive's sources. */
function cspSources(response: LightMyRequestResponse, directive: string): string[] {
  const policy = String(response.headers['content-security-policy']);
  const entry = policy.split(';').find((part) => part.trim().startsWith(`${directive} `));
  return entry ? entry.trim().split(/\s+/).slice(1) : [];
}

/** A test that starts a portal of its own: building the app takes long on a busy machine. */
const PORTAL_START_MS = 180_000;

/** Where each shape puts the profile: userinfo is asked once per token exactly when the access token lacks it. */
const ASKS_USERINFO: Record<ForeignShape, boolean> = {
  keycloak: false,
  auth0: true,
  entra: false,
  okta: true,
  google: true,
};

describe.each(FOREIGN_SHAPES)('signing in through a foreign %s', (shape) => {
  let idp: ForeignProvider;
  let portal: TestApp;

  beforeAll(async () => {
    idp = await startForeignProvider({ shape, portalOrigins: [TEST_PUBLIC_URL] });
    portal = await portalFor(idp.env);
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  it('reaches users/me and the own project list with the profile from where the provider puts it', async () => {
    const tokens = await idp.signIn('ada', TEST_PUBLIC_URL);
    for (let round = 0; round < 3; round++) {
      const me = await call(portal, 'users/me', tokens.access_token);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<User>()).toMatchObject({
        email: 'ada@example.com',
        givenName: 'Ada',
        familyName: 'Lovelace',
        emailVerified: true,
        // The provider's roles (Keycloak's realm roles, Entra's app roles) grant nothing here.
        roles: [],
      });
      const projects = await call(portal, 'projects/user', tokens.access_token);
      expect(projects.statusCode, projects.body).toBe(200);
    }
    expect(idp.userinfoCalls.get(tokens.access_token) ?? 0).toBe(ASKS_USERINFO[shape] ? 1 : 0);
    // The provider's admins are nobody special here.
    expect((await call(portal, 'boards', tokens.access_token)).statusCode).toBe(403);

    // A renewed token asks again (the profile may have changed), once.
    const renewed = await idp.signIn('ada', TEST_PUBLIC_URL);
    expect((await call(portal, 'users/me', renewed.access_token)).statusCode).toBe(200);
    expect((await call(portal, 'projects/user', renewed.access_token)).statusCode).toBe(200);
    expect(idp.userinfoCalls.get(renewed.access_token) ?? 0).toBe(ASKS_USERINFO[shape] ? 1 : 0);
  });

  it('tells the apps the issuer as the provider writes it; the CSP lets the browser reach each of its origins', async () => {
    const config = (await portal.app.inject({ method: 'GET', url: '/api/v1/config' })).json<PortalConfig>();
    expect(config.oidc.authority).toBe(idp.issuer);
    expect(config.oidc.loadUserInfo).toBe(shape !== 'entra');

    const page = await portal.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const endpoints = [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'end_session_endpoint',
    ];
    const origins = endpoints.flatMap((name) =>
      typeof idp.discovery[name] === 'string' ? [new URL(idp.discovery[name]).origin] : [],
    );
    expect(new Set(origins).size).toBe(shape === 'entra' || shape === 'google' ? 2 : 1);
    for (const origin of origins) {
      expect(cspSources(page, 'connect-src')).toContain(origin);
      expect(cspSources(page, 'form-action')).toContain(origin);
    }
  });

  it(
    'refuses a token for another audience, an expired one, one naming another issuer form, a forged one',
    { timeout: PORTAL_START_MS },
    async () => {
      const exact = await idp.accessToken('ada');
      expect((await call(portal, 'users/me', exact)).statusCode).toBe(200);
      const refused = [
        await idp.accessToken('ada', { aud: 'some-other-api' }),
        await idp.accessToken('ada', { exp: Math.floor(Date.now() / 1000) - 60 }),
        await idp.accessToken('ada', {
          iss: idp.issuer.endsWith('/') ? idp.issuer.replace(/\/+$/, '') : `${idp.issuer}/`,
        }),
      ];
      const other = await startForeignProvider({ shape, portalOrigins: [TEST_PUBLIC_URL] });
      try {
        // Another provider's key, its token claiming this issuer.
        refused.push(await other.accessToken('ada', { iss: idp.issuer }));
      } finally {
        await other.close();
      }
      for (const token of refused) {
        const me = await call(portal, 'users/me', token);
        expect(me.statusCode, me.body).toBe(401);
      }
    },
  );
});

describe('an issuer with a trailing slash (Auth0)', () => {
  it(
    'is found written with or without the slash, and tokens must carry it exactly as discovery writes it',
    { timeout: PORTAL_START_MS },
    async () => {
      const idp = await startForeignProvider({ shape: 'auth0', portalOrigins: [TEST_PUBLIC_URL] });
      expect(idp.issuer.endsWith('/')).toBe(true);
      const portal = await portalFor({ ...idp.env, OIDC_ISSUER: idp.issuer.replace(/\/+$/, '') });
      try {
        const tokens = await idp.signIn('ada', TEST_PUBLIC_URL);
        expect((await call(portal, 'projects/user', tokens.access_token)).statusCode).toBe(200);
        const config = (
          await portal.app.inject({ method: 'GET', url: '/api/v1/config' })
        ).json<PortalConfig>();
        expect(config.oidc.authority).toBe(idp.issuer);
      } finally {
        await portal.close();
        await idp.close();
      }
    },
  );

  it(
    'refuses to start when the discovery document names another issuer',
    { timeout: PORTAL_START_MS },
    async () => {
      const idp = await startForeignProvider({ shape: 'auth0', portalOrigins: [TEST_PUBLIC_URL] });
      idp.discovery.issuer = 'https://attacker.example.com/';
      try {
        await expect(portalFor(idp.env)).rejects.toThrow(
          /names the issuer "https:\/\/attacker\.example\.com\/"/,
        );
      } finally {
        await idp.close();
      }
    },
  );
});

describe('Entra ID: no email_verified, the address in preferred_username, the name in one claim', () => {
  let idp: ForeignProvider;
  beforeAll(async () => {
    idp = await startForeignProvider({ shape: 'entra', portalOrigins: [TEST_PUBLIC_URL] });
  });
  afterAll(async () => idp?.close());

  it(
    'leaves its users unverified without OIDC_TRUST_EMAIL, and the start log says so',
    { timeout: PORTAL_START_MS },
    async () => {
      const lines: string[] = [];
      const { OIDC_TRUST_EMAIL: _trust, ...env } = idp.env;
      const portal = await portalFor({ ...env, LOG_LEVEL: 'warn' }, lines);
      try {
        expect(lines.join('\n')).toMatch(/does not list email_verified.*OIDC_TRUST_EMAIL/);
        const tokens = await idp.signIn('ada', TEST_PUBLIC_URL);
        const me = await call(portal, 'users/me', tokens.access_token);
        expect(me.json<User>()).toMatchObject({
          email: 'ada@example.com',
          givenName: 'Ada',
          emailVerified: false,
        });
        const projects = await call(portal, 'projects/user', tokens.access_token);
        expect(projects.statusCode).toBe(403);
        expect(errorCodeOf(projects)).toBe('email_not_verified');
      } finally {
        await portal.close();
      }
    },
  );

  it('trusts only the listed domains; no start warning then', { timeout: PORTAL_START_MS }, async () => {
    const lines: string[] = [];
    const portal = await portalFor({ ...idp.env, OIDC_TRUST_EMAIL: 'example.com', LOG_LEVEL: 'warn' }, lines);
    try {
      expect(lines.join('\n')).not.toMatch(/email_verified/);
      const ada = await idp.signIn('ada', TEST_PUBLIC_URL);
      expect((await call(portal, 'projects/user', ada.access_token)).statusCode).toBe(200);
      const grace = await idp.signIn('grace', TEST_PUBLIC_URL);
      const refused = await call(portal, 'projects/user', grace.access_token);
      expect(refused.statusCode).toBe(403);
      expect(errorCodeOf(refused)).toBe('email_not_verified');
      // Entra's Graph userinfo is never asked with the API's token (it would refuse it).
      expect(idp.userinfoCalls.size).toBe(0);
    } finally {
      await portal.close();
    }
  });

  it(
    'with userinfo turned on against the default, goes on from the token when Graph refuses',
    { timeout: PORTAL_START_MS },
    async () => {
      const portal = await portalFor({ ...idp.env, OIDC_LOAD_USERINFO: 'true' });
      try {
        const tokens = await idp.signIn('ada', TEST_PUBLIC_URL);
        for (let round = 0; round < 3; round++) {
          expect((await call(portal, 'projects/user', tokens.access_token)).statusCode).toBe(200);
        }
        expect(idp.userinfoCalls.get(tokens.access_token)).toBe(1);
      } finally {
        await portal.close();
      }
    },
  );
});

describe('userinfo as an attacker would answer it', () => {
  let idp: ForeignProvider;
  let portal: TestApp;
  beforeAll(async () => {
    idp = await startForeignProvider({ shape: 'okta', portalOrigins: [TEST_PUBLIC_URL] });
    portal = await portalFor(idp.env);
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  it('drops an answer about another subject: the user is built from nothing, unverified', async () => {
    const ada = idp.users.find((user) => user.login === 'ada')!;
    idp.setUserinfo('grace', {
      sub: ada.id,
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
    });
    const tokens = await idp.signIn('grace', TEST_PUBLIC_URL);
    const me = await call(portal, 'users/me', tokens.access_token);
    expect(me.json<User>()).toMatchObject({ emailVerified: false, givenName: null });
    expect(me.json<User>().email).toMatch(/@users\.invalid$/);
    expect((await call(portal, 'projects/user', tokens.access_token)).statusCode).toBe(403);
    idp.setUserinfo('grace', null);
  });

  it('a stored profile is kept when a later userinfo answer fails; an unconfirmed new address is unverified', async () => {
    idp.setUserinfo('ada', null);
    const first = await idp.signIn('ada', TEST_PUBLIC_URL);
    expect((await call(portal, 'users/me', first.access_token)).json<User>()).toMatchObject({
      email: 'ada@example.com',
      emailVerified: true,
    });
    idp.setUserinfo('ada', { sub: 'not-ada' });
    const second = await idp.signIn('ada', TEST_PUBLIC_URL);
    expect((await call(portal, 'users/me', second.access_token)).json<User>()).toMatchObject({
      email: 'ada@example.com',
      givenName: 'Ada',
      emailVerified: true,
    });
    const ada = idp.users.find((user) => user.login === 'ada')!;
    idp.setUserinfo('ada', { sub: ada.id, email: 'ada.new@example.com' });
    const third = await idp.signIn('ada', TEST_PUBLIC_URL);
    expect((await call(portal, 'users/me', third.access_token)).json<User>()).toMatchObject({
      email: 'ada.new@example.com',
      emailVerified: false,
    });
    idp.setUserinfo('ada', null);
  });

  it('keeps a bounded number of answers', async () => {
    const cache = userInfoCache({
      endpoint: String(idp.discovery.userinfo_endpoint),
      maxEntries: 2,
      retryAfterMs: 1000,
    });
    for (const login of ['ada', 'grace', 'ada']) {
      const token = await idp.accessToken(login);
      const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { uid: string };
      expect(await cache.get(token, { sub: sub.uid, exp: Math.floor(Date.now() / 1000) + 60 })).toMatchObject(
        {
          sub: sub.uid,
        },
      );
    }
    expect(cache.size).toBe(2);
  });
});
