import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@portal/resources';
import { eq } from 'drizzle-orm';
import authPlugin from '../src/auth/plugin.js';
import { identityAccounts } from '../src/db/schema.js';
import { identityStore } from '../src/oidc/identity-store.js';
import type { AccessRule } from '../src/auth/access.js';
import { startTestApp, type TestApp } from './support/app.js';
import { AuthorizationFlow, InjectBrowser, signIn } from './support/sign-in.js';

/** A kind of caller, with what the test knows about it independently of the server's rule code. */
interface CallerKind {
  name: string;
  token: string | null;
  roles: RoleName[];
  verified: boolean;
  mfa: boolean;
}

let t: TestApp;
const callers: CallerKind[] = [];

async function registerUnverified(): Promise<string> {
  const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
  const page = await flow.start();
  await flow.submit(page.page!, {
    email: 'unverified@example.com',
    password: 'a-long-password',
    givenName: 'Una',
    familyName: 'Verified',
    company: 'Nowhere',
    country: 'DE',
  });
  return (await signIn(t.app, { email: 'unverified@example.com', password: 'a-long-password' })).access_token;
}

async function mfaToken(email: string): Promise<string> {
  const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { clientId: 'portal-mfa' });
  const login = await flow.start();
  const totpPage = await flow.submit(login.page!, { email, password: 'demo1234' });
  const secret = /id="totp-secret">([A-Z2-7]+)</.exec(totpPage.page!.body)![1]!;
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const done = await flow.submit(totpPage.page!, { code });
  return (await flow.exchange(done.callback!)).access_token;
}

async function serviceAccountToken(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      host: 'localhost:8080',
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('portal-smoke-test:demo-service-account-secret').toString('base64')}`,
    },
    payload: 'grant_type=client_credentials&scope=portal',
  });
  return response.json<{ access_token: string }>().access_token;
}

/** A company space admin of another space than the demo one: a verified account, the role and a space of its own. */
async function otherSpaceAdmin(adminToken: string): Promise<string> {
  const account = await identityStore(t.database.db).register({
    email: 'csa.other@example.com',
    password: 'a-long-password',
    givenName: 'Olga',
    familyName: 'Other',
    company: 'Globex',
    country: 'FR',
  });
  await t.database.db
    .update(identityAccounts)
    .set({ emailVerified: true })
    .where(eq(identityAccounts.id, account.id));
  const token = (await signIn(t.app, { email: 'csa.other@example.com', password: 'a-long-password' }))
    .access_token;
  // The first call with the token creates the portal user; the admin then gives the role and a space.
  await t.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  const asAdmin = async (url: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${adminToken}` },
      payload,
    });
    expect(response.statusCode, url).toBeLessThan(300);
    return response;
  };
  await asAdmin('/api/v1/users/roles', { role: 'Company Space Admin', user: 'csa.other@example.com' });
  const space = (await asAdmin('/api/v1/company-spaces', { name: 'Globex Space' })).json<{ uuid: string }>();
  await asAdmin(`/api/v1/company-spaces/${space.uuid}/members`, { email: 'csa.other@example.com' });
  return token;
}

beforeAll(async () => {
  t = await startTestApp();
  const token = async (email: string) => (await signIn(t.app, { email })).access_token;
  const adminToken = await token('admin@portal.test');
  callers.push(
    { name: 'anonymous', token: null, roles: [], verified: false, mfa: false },
    { name: 'unverified user', token: await registerUnverified(), roles: [], verified: false, mfa: false },
    { name: 'customer', token: await token('customer@portal.test'), roles: [], verified: true, mfa: false },
    {
      name: 'internal user',
      token: await token('internal@portal.test'),
      roles: ['Internal User'],
      verified: true,
      mfa: false,
    },
    {
      name: 'company space admin',
      token: await token('csa@portal.test'),
      roles: ['Company Space Admin'],
      verified: true,
      mfa: false,
    },
    {
      name: 'company space admin of another space',
      token: await otherSpaceAdmin(adminToken),
      roles: ['Company Space Admin'],
      verified: true,
      mfa: false,
    },
    {
      name: 'promoted user without MFA',
      token: await token('promoted@portal.test'),
      roles: ['Promoted User'],
      verified: true,
      mfa: false,
    },
    {
      name: 'promoted user with MFA',
      token: await mfaToken('promoted@portal.test'),
      roles: ['Promoted User'],
      verified: true,
      mfa: true,
    },
    { name: 'admin', token: adminToken, roles: ['Admin'], verified: true, mfa: false },
    {
      name: 'service account (Admin)',
      token: await serviceAccountToken(),
      roles: ['Admin'],
      verified: true,
      mfa: false,
    },
  );
});
afterAll(() => t?.close());

const ROUTE_ROLE_NAMES: Record<string, RoleName> = {
  ADMIN: 'Admin',
  COMPANYSPACE_ADMIN: 'Company Space Admin',
  INTERNAL_USER: 'Internal User',
};

/** The status class the test expects: written from the rule's meaning, not with the server's code. */
function expected(rule: AccessRule, caller: CallerKind): 'allowed' | 401 | 403 {
  if (rule.kind === 'public') return 'allowed';
  if (!caller.token) return 401;
  if (!caller.verified && !(rule.kind === 'signed-in' && rule.unverified)) return 403;
  if (rule.kind === 'signed-in') return 'allowed';
  const roles = rule.kind === 'roles' ? rule.roles : (rule.definition.access[rule.action] ?? []);
  const permitted = roles.some((routeRole) => caller.roles.includes(ROUTE_ROLE_NAMES[routeRole]!));
  if (!permitted) return 403;
  return rule.kind === 'roles' && rule.mfa && !caller.mfa ? 403 : 'allowed';
}

describe('authorization matrix', () => {
  it('covers every API route, each with a declared rule', () => {
    const declared = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(declared.length).toBeGreaterThan(3);
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared).toEqual(expect.arrayContaining(['GET /api/v1/users/me', 'GET /api/v1/boards']));
    // The design-in process: admin routes under the board, project routes under the project (rules checked below).
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /api/v1/boards/:id/dip-steps',
        'PUT /api/v1/boards/:id/dip-steps',
        'DELETE /api/v1/boards/:id/dip-steps',
        'PUT /api/v1/boards/:id/dip-steps/:stepId/getting-started',
        'PUT /api/v1/boards/:id/follow-up',
        'PUT /api/v1/boards/:id/secure-workflow',
        'PUT /api/v1/boards/:id/xml-validation-entries',
        'GET /api/v1/projects/:id/dip',
        'POST /api/v1/projects/:id/dip/steps/:stepId/resolve',
        'POST /api/v1/projects/:id/dip/steps/:stepId/complete',
        'POST /api/v1/projects/:id/dip/reset',
        'POST /api/v1/projects/:id/dip/steps/:stepId/assets',
        'GET /api/v1/projects/:id/dip/assets',
        'GET /api/v1/projects/:id/dip/assets/:assetId/content',
        'DELETE /api/v1/projects/:id/dip/assets/:assetId',
      ]),
    );
    const dipRules = t.app.apiRoutes.filter(
      (r) => r.url.includes('/dip') || /follow-up|secure-workflow|xml-validation/.test(r.url),
    );
    for (const route of dipRules) {
      const board = route.url.startsWith('/api/v1/boards/');
      expect(route.access.kind, `${route.method} ${route.url}`).toBe(board ? 'resource' : 'signed-in');
    }
    // A board's tools: admins only. The project's board view: signed in, the project's view rule in the handler.
    const ruleOf = (method: string, url: string) =>
      t.app.apiRoutes.find((r) => r.method === method && r.url === url)?.access;
    expect(ruleOf('GET', '/api/v1/boards/:id/tools')).toMatchObject({ kind: 'resource', action: 'show' });
    expect(ruleOf('PUT', '/api/v1/boards/:id/tools')).toMatchObject({ kind: 'resource', action: 'edit' });
    expect(ruleOf('GET', '/api/v1/projects/:id/board')).toMatchObject({ kind: 'signed-in' });
  });

  it('answers every route as its rule says for every kind of caller', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const url = route.url.replace(/:(\w+)/g, () => randomUUID());
      for (const caller of callers) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(route.access, caller);
        const got = response.statusCode;
        const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok)
          failures.push(`${route.method} ${route.url} as ${caller.name}: expected ${want}, got ${got}`);
        if (got === 401 || got === 403) {
          const body = response.json<{ status: number; errors: { errorCode: string }[] }>();
          if (body.status !== got || !body.errors?.length)
            failures.push(`${route.method} ${route.url}: ${got} not in the error shape`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses to start with an API route that declares no rule', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      verifier: async () => ({}),
      db: t.database.db,
      issuerKey: 'embedded',
      mfaAcrValues: [],
      apiPrefix: '/api/v1',
    });
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(
      'GET /api/v1/forgotten declares no access rule',
    );
    await app.close();
  });
});
