import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { ErrorBody, Project, RoleName } from '@portal/resources';
import { companySpaceMembers, companySpaces, identityAccounts, userRoles, users } from '../src/db/schema.js';
import { identityStore } from '../src/oidc/identity-store.js';
import type { TestApp } from './support/app.js';
import { AuthorizationFlow, InjectBrowser, bearer, signIn, type Tokens } from './support/sign-in.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Test helpers of the project suites: calls, accounts with roles and spaces, step-up tokens. */
export function projectTestKit(t: () => TestApp) {
  const call = (
    method: Method,
    url: string,
    tokens: Pick<Tokens, 'access_token'> | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t().app.inject({
      method,
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ErrorBody>();
    expect(body.status).toBe(status);
    expect(body.errors[0]?.errorCode, response.body).toBe(code);
    expect(body.errors[0]?.messages[0]).toBeTruthy();
    return body;
  }

  function expectOk<T = Project>(response: LightMyRequestResponse, status = 200): T {
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  /** Registers a product for `tokens` (with the service agreement accepted). */
  const register = (
    tokens: Pick<Tokens, 'access_token'>,
    board: string,
    extra: Record<string, unknown> = {},
  ) =>
    call('POST', 'projects?acceptServiceAgreement=true', tokens, { name: 'Test project', board, ...extra });

  async function registered(
    tokens: Pick<Tokens, 'access_token'>,
    board: string,
    extra: Record<string, unknown> = {},
  ) {
    return expectOk(await register(tokens, board, extra), 201);
  }

  /** A verified portal account, signed in once so its user row exists; with global roles and a company space. */
  async function account(
    email: string,
    options: { roles?: RoleName[]; space?: string | null; spaceKind?: 'member' | 'fae' } = {},
  ): Promise<{ tokens: Tokens; id: string; email: string }> {
    const db = t().database.db;
    const created = await identityStore(db).register({
      email,
      password: 'a-long-password',
      givenName: 'Test',
      familyName: email.split('@')[0]!,
      company: 'Test Company',
      country: 'DE',
    });
    await db.update(identityAccounts).set({ emailVerified: true }).where(eq(identityAccounts.id, created.id));
    const tokens = await signIn(t().app, { email, password: 'a-long-password' });
    // The portal user is made on the first API call with the token.
    expect((await call('GET', 'users/me', tokens)).statusCode).toBe(200);
    const id = await userId(email);
    if (options.roles?.length)
      await db.insert(userRoles).values(options.roles.map((role) => ({ userId: id, role })));
    if (options.space) await joinSpace(email, options.space, options.spaceKind);
    return { tokens, id, email };
  }

  async function userId(email: string): Promise<string> {
    const [row] = await t()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  async function spaceId(name: string): Promise<string> {
    const db = t().database.db;
    const [found] = await db.select().from(companySpaces).where(eq(companySpaces.name, name)).limit(1);
    if (found) return found.id;
    const [created] = await db.insert(companySpaces).values({ name }).returning();
    return created!.id;
  }

  async function joinSpace(email: string, name: string, kind: 'member' | 'fae' = 'member') {
    await t()
      .database.db.insert(companySpaceMembers)
      .values({ userId: await userId(email), companySpaceId: await spaceId(name), kind });
  }

  /** A step-up token: the MFA client, password, then the TOTP factor (enrolled on first use). */
  async function mfaToken(email: string, password = 'demo1234'): Promise<Tokens> {
    const flow = new AuthorizationFlow(t().app, new InjectBrowser(t().app), { clientId: 'portal-mfa' });
    const login = await flow.start();
    const totpPage = await flow.submit(login.page!, { email, password });
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(totpPage.page!.body)?.[1];
    if (!secret) throw new Error('expected TOTP enrolment');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const done = await flow.submit(totpPage.page!, { code });
    return flow.exchange(done.callback!);
  }

  async function serviceAccountToken(): Promise<Tokens> {
    const response = await t().app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        host: 'localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('portal-smoke-test:demo-service-account-secret').toString('base64')}`,
      },
      payload: 'grant_type=client_credentials&scope=portal',
    });
    return response.json<Tokens>();
  }

  return {
    call,
    expectError,
    expectOk,
    register,
    registered,
    account,
    userId,
    spaceId,
    joinSpace,
    mfaToken,
    serviceAccountToken,
  };
}

/** Demo serial numbers by board: `<code>SN000n`; the first of each board allows multi registration. */
export async function demoBoards(t: TestApp) {
  const rows = (await t.database.db.execute(sql`
    select b.id, b.name, b.released_for_registration as released, b.restricted_access as restricted,
      b.secure, b.serialnumber_required as "serialRequired", split_part(b.name, '_', 1) as code
    from boards b order by b.name`)) as unknown as {
    rows: {
      id: string;
      name: string;
      released: boolean;
      restricted: boolean;
      secure: boolean;
      serialRequired: boolean;
      code: string;
    }[];
  };
  const all = rows.rows;
  const pick = (test: (board: (typeof all)[number]) => boolean) => {
    const found = all.find(test);
    if (!found) throw new Error('no such demo board');
    return found;
  };
  const open = all.filter(
    (b) => b.released && !b.restricted && !b.secure && b.serialRequired && b.code !== 'ESIM',
  );
  return {
    all,
    open,
    serial: (board: { code: string }, n: number) => `${board.code}SN${String(n).padStart(4, '0')}`,
    unreleased: pick((b) => !b.released && !b.secure),
    restricted: pick((b) => b.released && b.restricted && !b.secure && b.serialRequired),
    noSerial: pick((b) => b.released && !b.restricted && !b.secure && !b.serialRequired && b.code !== 'ESIM'),
    secure: pick((b) => b.released && !b.restricted && b.secure && b.serialRequired),
  };
}
