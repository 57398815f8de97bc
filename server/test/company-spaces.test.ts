import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanySpace, ErrorBody } from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';
import { companySpaceMembers, companySpaces } from '../src/db/schema.js';

let t: TestApp;
let admin: Tokens;
let csa: Tokens;
let customer: Tokens;
let internal: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  // This file seeds its own spaces through the API: start without the demo data's Acme Devices.
  await t.database.db.delete(companySpaceMembers);
  await t.database.db.delete(companySpaces);
  [admin, csa, customer, internal] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'csa@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
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
  `/api/v1/company-spaces?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString()}`;

/** Every company space as the admin reads it back, sorted by name. */
const everySpace = async () => (await call('GET', listUrl(), admin)).json<CompanySpace[]>();

async function space(id: string): Promise<CompanySpace> {
  const response = await call('GET', `/api/v1/company-spaces/${id}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json<CompanySpace>();
}

const emails = (people: CompanySpace['members']) => people.map((person) => person.email);

const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'company_space'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The spaces this file seeds through the API: csa@portal.test goes into Acme. */
let acme: CompanySpace;
let globex: CompanySpace;
let initech: CompanySpace;

async function create(name: string): Promise<CompanySpace> {
  const response = await call('POST', '/api/v1/company-spaces', admin, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CompanySpace>();
}

describe('creating company spaces', () => {
  it('creates a space and answers the record with its uuid, no members, audited', async () => {
    acme = await create('Acme Devices');
    expect(acme).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme Devices',
      members: [],
      faes: [],
    });
    const [entry] = await auditOf(acme.uuid);
    expect(entry).toMatchObject({ action: 'create', after: acme });
    expect(entry!.actorId).toBeTruthy();
    globex = await create('Globex Embedded');
    initech = await create('Initech_2 ');
    expect(initech.name).toBe('Initech_2');
  });

  it('refuses a name that exists, ignoring case and surrounding spaces, with 409 company_space_exists', async () => {
    for (const name of ['Acme Devices', 'ACME DEVICES', 'acme devices', 'Acme Devices  ']) {
      const body = expectError(
        await call('POST', '/api/v1/company-spaces', admin, { name }),
        409,
        'company_space_exists',
      );
      expect(body.errors[0]!.resources).toEqual(['name']);
    }
    expect((await everySpace()).map((s) => s.name)).toEqual(['Acme Devices', 'Globex Embedded', 'Initech_2']);
  });

  it('refuses a name against the spec’s rule with 400 on the name', async () => {
    for (const name of ['', ' Leading space', '-dash first', 'Semi;colon', 'x'.repeat(256)]) {
      const body = expectError(
        await call('POST', '/api/v1/company-spaces', admin, { name }),
        400,
        'invalid_request',
      );
      expect(body.errors[0]!.resources).toEqual(['body.name']);
    }
    expectError(await call('POST', '/api/v1/company-spaces', admin, {}), 400, 'invalid_request');
    expect(await everySpace()).toHaveLength(3);
  });
});

describe('a company space admin outside any space', () => {
  it('lists nothing', async () => {
    const response = await call('GET', listUrl(), csa, undefined, { range: 'company-spaces=0-9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['content-range']).toBe('company-spaces */0');
  });

  it('is refused any space with 403 no_company_space, changing nothing', async () => {
    expectError(await call('GET', `/api/v1/company-spaces/${acme.uuid}`, csa), 403, 'no_company_space');
    expectError(
      await call('PUT', `/api/v1/company-spaces/${acme.uuid}`, csa, { name: 'Mine now' }),
      403,
      'no_company_space',
    );
    expectError(
      await call('POST', `/api/v1/company-spaces/${acme.uuid}/members`, csa, { email: 'csa@portal.test' }),
      403,
      'no_company_space',
    );
    expect(await space(acme.uuid)).toEqual(acme);
  });
});

describe('members and FAEs', () => {
  it('adds an existing user by email (any case) as a member and answers the space, audited', async () => {
    const response = await call('POST', `/api/v1/company-spaces/${acme.uuid}/members`, admin, {
      email: 'CSA@Portal.Test',
    });
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<CompanySpace>();
    expect(record).toMatchObject({ uuid: acme.uuid, name: 'Acme Devices', faes: [] });
    expect(record.members).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), username: 'csa@portal.test', email: 'csa@portal.test' },
    ]);
    expect(await space(acme.uuid)).toEqual(record);
    expect((await auditOf(acme.uuid)).at(-1)).toMatchObject({
      action: 'add_member',
      after: { userId: record.members[0]!.id, email: 'csa@portal.test', kind: 'member' },
    });
    acme = record;
  });

  it('lets the company space admin add members and FAEs to their own space; members sorted by email', async () => {
    const member = await call('POST', `/api/v1/company-spaces/${acme.uuid}/members`, csa, {
      email: 'customer@portal.test',
    });
    expect(member.statusCode, member.body).toBe(200);
    const added = await call('POST', `/api/v1/company-spaces/${acme.uuid}/members`, admin, {
      email: 'admin@portal.test',
    });
    expect(emails(added.json<CompanySpace>().members)).toEqual([
      'admin@portal.test',
      'csa@portal.test',
      'customer@portal.test',
    ]);
    const fae = await call('POST', `/api/v1/company-spaces/${acme.uuid}/faes`, csa, {
      email: 'internal@portal.test',
    });
    expect(fae.statusCode, fae.body).toBe(200);
    acme = fae.json<CompanySpace>();
    expect(emails(acme.faes)).toEqual(['internal@portal.test']);
    expect(emails(acme.members)).toEqual(['admin@portal.test', 'csa@portal.test', 'customer@portal.test']);
    expect(await space(acme.uuid)).toEqual(acme);
    expect((await auditOf(acme.uuid)).at(-1)).toMatchObject({ action: 'add_fae', after: { kind: 'fae' } });
  });

  it('refuses an unknown email with 404 User not found, and a malformed one with 400', async () => {
    for (const path of ['members', 'faes']) {
      const body = expectError(
        await call('POST', `/api/v1/company-spaces/${acme.uuid}/${path}`, admin, {
          email: 'nobody@example.com',
        }),
        404,
        'not_found',
      );
      expect(body.errors[0]).toMatchObject({ resources: ['email'], messages: ['User not found.'] });
      expectError(
        await call('POST', `/api/v1/company-spaces/${acme.uuid}/${path}`, admin, { email: 'not-an-email' }),
        400,
        'invalid_request',
      );
    }
    expect(await space(acme.uuid)).toEqual(acme);
  });

  it('refuses a user already here with 409 duplicate, whether as member or FAE', async () => {
    for (const [path, email] of [
      ['members', 'customer@portal.test'],
      ['faes', 'customer@portal.test'],
      ['faes', 'internal@portal.test'],
      ['members', 'internal@portal.test'],
    ]) {
      expectError(
        await call('POST', `/api/v1/company-spaces/${acme.uuid}/${path}`, csa, { email }),
        409,
        'duplicate',
      );
    }
    expect(await space(acme.uuid)).toEqual(acme);
  });

  it('refuses a user of another space with 409 user_in_other_company_space', async () => {
    const response = await call('POST', `/api/v1/company-spaces/${globex.uuid}/members`, admin, {
      email: 'promoted@portal.test',
    });
    expect(response.statusCode).toBe(200);
    globex = response.json<CompanySpace>();
    for (const [path, email] of [
      ['members', 'promoted@portal.test'],
      ['faes', 'promoted@portal.test'],
    ]) {
      const body = expectError(
        await call('POST', `/api/v1/company-spaces/${acme.uuid}/${path}`, csa, { email }),
        409,
        'user_in_other_company_space',
      );
      expect(body.errors[0]!.resources).toEqual(['email']);
    }
    expectError(
      await call('POST', `/api/v1/company-spaces/${globex.uuid}/faes`, admin, {
        email: 'internal@portal.test',
      }),
      409,
      'user_in_other_company_space',
    );
    expect(await space(acme.uuid)).toEqual(acme);
    expect(await space(globex.uuid)).toEqual(globex);
  });

  it('removes a member and an FAE, answering the space, audited', async () => {
    const customerId = acme.members.find((m) => m.email === 'customer@portal.test')!.id;
    const removed = await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/members/${customerId}`, csa);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(emails(removed.json<CompanySpace>().members)).toEqual(['admin@portal.test', 'csa@portal.test']);
    expect((await auditOf(acme.uuid)).at(-1)).toMatchObject({
      action: 'remove_member',
      before: { userId: customerId, email: 'customer@portal.test', kind: 'member' },
    });
    const adminId = acme.members.find((m) => m.email === 'admin@portal.test')!.id;
    expect(
      (await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/members/${adminId}`, admin)).statusCode,
    ).toBe(200);
    const faeId = acme.faes[0]!.id;
    const noFae = await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/faes/${faeId}`, admin);
    expect(noFae.statusCode).toBe(200);
    acme = noFae.json<CompanySpace>();
    expect(acme.faes).toEqual([]);
    expect(emails(acme.members)).toEqual(['csa@portal.test']);
    expect(await space(acme.uuid)).toEqual(acme);
  });

  it('refuses to remove someone who is not in the space in that role with 404, changing nothing', async () => {
    const csaId = acme.members[0]!.id;
    const promotedId = globex.members[0]!.id;
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/faes/${csaId}`, admin),
      404,
      'not_found',
    );
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/members/${promotedId}`, admin),
      404,
      'not_found',
    );
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/members/${UNKNOWN}`, csa),
      404,
      'not_found',
    );
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${UNKNOWN}/members/${csaId}`, admin),
      404,
      'not_found',
    );
    expectError(
      await call('POST', `/api/v1/company-spaces/${UNKNOWN}/members`, admin, {
        email: 'customer@portal.test',
      }),
      404,
      'not_found',
    );
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${acme.uuid}/members/nope`, admin),
      400,
      'invalid_request',
    );
    expect(await space(acme.uuid)).toEqual(acme);
    expect(await space(globex.uuid)).toEqual(globex);
  });
});

describe('listing and showing', () => {
  it('lists every space for the admin, paged by Range with Content-Range', async () => {
    const first = await call('GET', listUrl(), admin, undefined, { range: 'company-spaces=0-1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('company-spaces 0-1/3');
    expect(first.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(first.headers['cache-control']).toBe('no-cache, no-store');
    expect(first.json()).toEqual([acme, globex]);
    const rest = await call('GET', listUrl({ range: [2, 4] }), admin);
    expect(rest.headers['content-range']).toBe('company-spaces 2-2/3');
    expect(rest.json()).toEqual([initech]);
  });

  it('sorts by name, filters by name, searches with q, and fetches many by uuid', async () => {
    const names = async (params: Record<string, unknown>) =>
      (await call('GET', listUrl(params), admin)).json<CompanySpace[]>().map((s) => s.name);
    expect(await names({ sort: ['name', 'DESC'] })).toEqual(['Initech_2', 'Globex Embedded', 'Acme Devices']);
    expect(await names({ filter: { name: 'EMBED' } })).toEqual(['Globex Embedded']);
    expect(await names({ filter: { q: 'acme' } })).toEqual(['Acme Devices']);
    expect(await names({ filter: { name: '%' } })).toEqual([]);
    expect(await names({ filter: { id: [initech.uuid, acme.uuid] } })).toEqual(['Acme Devices', 'Initech_2']);
    expectError(await call('GET', listUrl({ filter: { members: 'x' } }), admin), 400, 'invalid_request');
    expectError(await call('GET', listUrl({ sort: ['members', 'ASC'] }), admin), 400, 'invalid_request');
    expectError(await call('GET', listUrl({ filter: { id: ['nope'] } }), admin), 400, 'invalid_request');
  });

  it('lists only their own space for a company space admin, whatever they ask', async () => {
    const response = await call('GET', listUrl(), csa, undefined, { range: 'company-spaces=0-9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([acme]);
    expect(response.headers['content-range']).toBe('company-spaces 0-0/1');
    const asked = await call('GET', listUrl({ filter: { id: [globex.uuid, initech.uuid] } }), csa);
    expect(asked.json()).toEqual([]);
    const searched = await call('GET', listUrl({ filter: { q: 'Globex' } }), csa);
    expect(searched.json()).toEqual([]);
  });

  it('shows a space to the admin and to its company space admin; another space is 403 wrong_company_space', async () => {
    expect(await space(globex.uuid)).toEqual(globex);
    const own = await call('GET', `/api/v1/company-spaces/${acme.uuid}`, csa);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(acme);
    const body = expectError(
      await call('GET', `/api/v1/company-spaces/${globex.uuid}`, csa),
      403,
      'wrong_company_space',
    );
    expect(body.supportId).toBeTruthy();
    expectError(await call('GET', `/api/v1/company-spaces/${UNKNOWN}`, admin), 404, 'not_found');
    expectError(await call('GET', '/api/v1/company-spaces/nope', admin), 400, 'invalid_request');
  });
});

describe('renaming', () => {
  it('lets the admin rename any space, audited', async () => {
    const response = await call('PUT', `/api/v1/company-spaces/${initech.uuid}`, admin, {
      ...initech,
      name: 'Initech',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...initech, name: 'Initech' });
    expect((await auditOf(initech.uuid)).at(-1)).toMatchObject({
      action: 'update',
      before: initech,
      after: { ...initech, name: 'Initech' },
    });
    initech = await space(initech.uuid);
    expect(initech.name).toBe('Initech');
  });

  it('lets the company space admin rename their own space, also to another case of its own name', async () => {
    const response = await call('PUT', `/api/v1/company-spaces/${acme.uuid}`, csa, { name: 'ACME Devices' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...acme, name: 'ACME Devices' });
    acme = await space(acme.uuid);
    expect(acme.name).toBe('ACME Devices');
  });

  it('refuses another space’s name in any case with 409 company_space_exists, changing nothing', async () => {
    for (const name of ['globex embedded', 'INITECH']) {
      expectError(
        await call('PUT', `/api/v1/company-spaces/${acme.uuid}`, csa, { name }),
        409,
        'company_space_exists',
      );
      expectError(
        await call('PUT', `/api/v1/company-spaces/${acme.uuid}`, admin, { name }),
        409,
        'company_space_exists',
      );
    }
    expectError(
      await call('PUT', `/api/v1/company-spaces/${acme.uuid}`, admin, { name: '' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `/api/v1/company-spaces/${UNKNOWN}`, admin, { name: 'Ghost' }),
      404,
      'not_found',
    );
    expect(await space(acme.uuid)).toEqual(acme);
  });
});

describe('a company space admin and another space', () => {
  it('is refused 403 wrong_company_space on show, rename and members, changing nothing', async () => {
    const promotedId = globex.members[0]!.id;
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/v1/company-spaces/${globex.uuid}`],
      ['PUT', `/api/v1/company-spaces/${globex.uuid}`, { name: 'Taken over' }],
      ['POST', `/api/v1/company-spaces/${globex.uuid}/members`, { email: 'customer@portal.test' }],
      ['POST', `/api/v1/company-spaces/${globex.uuid}/faes`, { email: 'customer@portal.test' }],
      ['DELETE', `/api/v1/company-spaces/${globex.uuid}/members/${promotedId}`],
      ['DELETE', `/api/v1/company-spaces/${globex.uuid}/faes/${promotedId}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(method, url, csa, payload), 403, 'wrong_company_space');
    }
    expect(await space(globex.uuid)).toEqual(globex);
  });

  it('may neither create nor delete spaces (admin only): 403', async () => {
    expectError(
      await call('POST', '/api/v1/company-spaces', csa, { name: 'Side project' }),
      403,
      'forbidden',
    );
    expectError(await call('DELETE', `/api/v1/company-spaces/${initech.uuid}`, csa), 403, 'forbidden');
    expectError(await call('DELETE', `/api/v1/company-spaces/${acme.uuid}`, csa), 403, 'forbidden');
    expect(await everySpace()).toEqual([acme, globex, initech]);
  });
});

describe('who else may call', () => {
  it('refuses customers and internal users with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await everySpace();
    const memberId = acme.members[0]!.id;
    const calls: [Method, string, unknown?][] = [
      ['GET', listUrl()],
      ['GET', `/api/v1/company-spaces/${acme.uuid}`],
      ['POST', '/api/v1/company-spaces', { name: 'Intruders' }],
      ['PUT', `/api/v1/company-spaces/${acme.uuid}`, { name: 'Intruders' }],
      ['DELETE', `/api/v1/company-spaces/${initech.uuid}`],
      ['POST', `/api/v1/company-spaces/${acme.uuid}/members`, { email: 'customer@portal.test' }],
      ['POST', `/api/v1/company-spaces/${acme.uuid}/faes`, { email: 'customer@portal.test' }],
      ['DELETE', `/api/v1/company-spaces/${acme.uuid}/members/${memberId}`],
      ['DELETE', `/api/v1/company-spaces/${acme.uuid}/faes/${memberId}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(method, url, customer, payload), 403, 'forbidden');
      expectError(await call(method, url, internal, payload), 403, 'forbidden');
      expectError(await call(method, url, null, payload), 401, 'unauthorized');
    }
    expect(await everySpace()).toEqual(before);
  });
});

describe('deleting', () => {
  it('refuses a space with members or FAEs with 409 deletion_with_members, keeping it', async () => {
    for (const target of [acme, globex]) {
      expectError(
        await call('DELETE', `/api/v1/company-spaces/${target.uuid}`, admin),
        409,
        'deletion_with_members',
      );
    }
    const withFae = await call('POST', `/api/v1/company-spaces/${initech.uuid}/faes`, admin, {
      email: 'internal@portal.test',
    });
    initech = withFae.json<CompanySpace>();
    expectError(
      await call('DELETE', `/api/v1/company-spaces/${initech.uuid}`, admin),
      409,
      'deletion_with_members',
    );
    expect(await everySpace()).toEqual([acme, globex, initech]);
  });

  it('deletes an empty space, answering the deleted record, audited; then it is gone', async () => {
    const faeId = initech.faes[0]!.id;
    initech = (
      await call('DELETE', `/api/v1/company-spaces/${initech.uuid}/faes/${faeId}`, admin)
    ).json<CompanySpace>();
    const response = await call('DELETE', `/api/v1/company-spaces/${initech.uuid}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(initech);
    expect((await auditOf(initech.uuid)).at(-1)).toMatchObject({
      action: 'delete',
      before: initech,
      after: null,
    });
    expectError(await call('GET', `/api/v1/company-spaces/${initech.uuid}`, admin), 404, 'not_found');
    expectError(await call('DELETE', `/api/v1/company-spaces/${initech.uuid}`, admin), 404, 'not_found');
    expect(await everySpace()).toEqual([acme, globex]);
  });

  it('frees the name of a deleted space', async () => {
    const again = await create('initech');
    expect(again.uuid).not.toBe(initech.uuid);
  });
});
