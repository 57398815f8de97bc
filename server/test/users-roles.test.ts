import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, ErrorBody, User } from '@portal/resources';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { auditLog, identityAccounts } from '../src/db/schema.js';
import { identityStore } from '../src/oidc/identity-store.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
/** The last history record before this file's changes: the demo data writes its own role grants. */
let auditBefore: number;
beforeAll(async () => {
  t = await startTestApp();
  const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
  auditBefore = last?.id ?? 0;
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  tokens: Tokens | null,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const rolesOf = async (email: string) =>
  (await call('GET', '/api/v1/users/roles/csv', admin))
    .json<User[]>()
    .find((u) => u.email === email)
    ?.roles.map((r) => r.name) ?? [];

describe('GET users/roles', () => {
  it('lists the users holding a role, paged by Range', async () => {
    const response = await call('GET', '/api/v1/users/roles?role=Admin', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json<User[]>();
    expect(list.map((u) => u.email)).toEqual(['admin@portal.test']);
    expect(list[0]!.roles).toEqual([{ name: 'Admin' }]);
    const paged = await call('GET', '/api/v1/users/roles', admin, undefined, { range: 'user-roles=0-1' });
    expect(paged.json<User[]>()).toHaveLength(2);
    expect(paged.headers['content-range']).toMatch(/^user-roles 0-1\/4$/);
  });

  it('refuses an unknown role name and a customer', async () => {
    expect((await call('GET', '/api/v1/users/roles?role=Wizard', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/users/roles?role=Admin', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/users/roles?role=Admin', null)).statusCode).toBe(401);
  });
});

describe('GET users/roles/csv', () => {
  it('answers JSON by default and CSV when asked', async () => {
    const json = await call('GET', '/api/v1/users/roles/csv', admin);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.json<User[]>().length).toBe(4);
    const csv = await call('GET', '/api/v1/users/roles/csv', admin, undefined, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,username,givenName,familyName,roles');
    expect(lines).toContain('admin@portal.test,admin@portal.test,Ada,Admin,Admin');
    expect(lines).toHaveLength(5);
  });
});

describe('POST and DELETE users/roles', () => {
  it('grants a role and refuses the same grant again with a warning code', async () => {
    const granted = await call('POST', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'CUSTOMER@portal.test',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<User>().roles).toEqual([{ name: 'Support' }]);
    const again = await call('POST', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'customer@portal.test',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().errors[0]).toMatchObject({
      errorCode: 'duplicate',
      messages: ['This user already has this role.'],
    });
    expect(await rolesOf('customer@portal.test')).toEqual(['Support']);
  });

  it('refuses an invalid email with the invalid-format message and an unknown user with 404, changing nothing', async () => {
    const before = await rolesOf('customer@portal.test');
    const invalid = await call('POST', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'not-an-email',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ErrorBody>().errors[0]!.messages[0]).toMatch(/valid email/i);
    expect(
      (await call('POST', '/api/v1/users/roles', admin, { role: 'Support', user: 'ghost@example.com' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/users/roles', admin, { role: 'Wizard', user: 'customer@portal.test' }))
        .statusCode,
    ).toBe(400);
    expect(await rolesOf('customer@portal.test')).toEqual(before);
  });

  it('removes a role, and 404 for a role the user does not hold', async () => {
    const removed = await call('DELETE', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'customer@portal.test',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<User>().roles).toEqual([]);
    expect(
      (await call('DELETE', '/api/v1/users/roles', admin, { role: 'Support', user: 'customer@portal.test' }))
        .statusCode,
    ).toBe(404);
  });

  it('needs an explicit confirmation to remove one of your own roles', async () => {
    await call('POST', '/api/v1/users/roles', admin, { role: 'Support', user: 'admin@portal.test' });
    const unconfirmed = await call('DELETE', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'admin@portal.test',
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<ErrorBody>().errors[0]).toMatchObject({
      errorCode: 'confirmation_required',
      resources: ['confirmOwnRole'],
    });
    expect(await rolesOf('admin@portal.test')).toEqual(['Admin', 'Support']);
    const confirmed = await call('DELETE', '/api/v1/users/roles', admin, {
      role: 'Support',
      user: 'admin@portal.test',
      confirmOwnRole: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await rolesOf('admin@portal.test')).toEqual(['Admin']);
  });

  it('writes an audit record for every change', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user_role'), gt(auditLog.id, auditBefore)))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete', 'create', 'delete']);
    expect(rows.every((r) => r.actorId)).toBe(true);
    // Each names the person it is about and belongs to them (issue 45): their History shows it.
    expect(
      rows.map((r) => [r.subjectEmail, r.subjectName, r.parentEntity, r.parentId === r.subjectId]),
    ).toEqual([
      ['customer@portal.test', 'Chris Customer', 'user', true],
      ['customer@portal.test', 'Chris Customer', 'user', true],
      ['admin@portal.test', 'Ada Admin', 'user', true],
      ['admin@portal.test', 'Ada Admin', 'user', true],
    ]);
    const history = await call(
      'GET',
      `/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify({ history: 'user:customer@portal.test' }))}`,
      admin,
    );
    expect(
      history
        .json<AuditRecord[]>()
        .filter((record) => record.entity === 'user_role')
        .map((record) => [record.action, record.subject?.email, record.subject?.name]),
    ).toEqual([
      ['delete', 'customer@portal.test', 'Chris Customer'],
      ['create', 'customer@portal.test', 'Chris Customer'],
    ]);
  });

  it('lets a new role take effect on the next call', async () => {
    expect(
      (await call('GET', '/api/v1/boards', customer, undefined, { range: 'boards=0-0' })).statusCode,
    ).toBe(403);
    await call('POST', '/api/v1/users/roles', admin, { role: 'Admin', user: 'customer@portal.test' });
    expect(
      (await call('GET', '/api/v1/boards', customer, undefined, { range: 'boards=0-0' })).statusCode,
    ).toBe(200);
  });
});

// Last: it adds a user, which the counts above do not expect.
describe('GET users/roles/csv with names a spreadsheet would run', () => {
  it('writes formula-like cells as text', async () => {
    const email = 'formula@example.com';
    const account = await identityStore(t.database.db).register({
      email,
      password: 'a-long-password',
      givenName: '=HYPERLINK("http://evil.example","open")',
      familyName: '@SUM(1+1)',
      company: '+cmd',
      country: '-DE',
    });
    await t.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(eq(identityAccounts.id, account.id));
    const tokens = await signIn(t.app, { email, password: 'a-long-password' });
    expect((await call('GET', '/api/v1/users/me', tokens)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/v1/users/roles', admin, { role: 'Support', user: email })).statusCode,
    ).toBe(200);
    const csv = await call('GET', '/api/v1/users/roles/csv', admin, undefined, { accept: 'text/csv' });
    expect(csv.body.split('\r\n')).toContain(
      `${email},${email},"'=HYPERLINK(""http://evil.example"",""open"")",'@SUM(1+1),Support`,
    );
  });
});
