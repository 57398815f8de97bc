import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_SORT_FIELDS,
  parseContentRange,
  type Project,
  type ProjectStatistics,
} from '@portal/resources';
import { boardUserLinks, companySpaces, projectMembers, projects } from '../src/db/tables.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectError, expectOk, registered } = kit;
let boards: Awaited<ReturnType<typeof demoBoards>>;
let customer: Tokens;
let admin: Tokens;
let promoted: Tokens;
let csa: Tokens;

const listUrl = (path: string, params: Record<string, unknown> = {}) =>
  `${path}?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString()}`;

/** The sorted rows the test expects, from the same data read back directly (C collation, nulls last ascending). */
type Row = typeof projects.$inferSelect;
const KEY: Record<(typeof PROJECT_SORT_FIELDS)[number], (row: Row) => string | number | null> = {
  updatedAt: (row) => row.updatedAt.getTime(),
  createdAt: (row) => row.createdAt.getTime(),
  group: (row) => row.groupName,
  name: (row) => row.name.toLowerCase(),
  shortRomCode: (row) => row.shortRomCode,
  salesCode: (row) => row.salesCode,
  status: (row) => row.status,
  solution: (row) => row.solution,
  variant: (row) => row.variant,
  product: (row) => row.product,
};
function sorted(rows: Row[], field: keyof typeof KEY, order: 'ASC' | 'DESC'): string[] {
  const sign = order === 'ASC' ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  };
  return [...rows]
    .sort(
      (a, b) => sign * (compare(KEY[field](a), KEY[field](b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    )
    .map((row) => row.id);
}

let ownIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  boards = await demoBoards(t);
  const as = (name: string) => signIn(t.app, { email: `${name}@portal.test` });
  [customer, admin, promoted, csa] = await Promise.all([
    as('customer'),
    as('admin'),
    as('promoted'),
    as('csa'),
  ]);
  // 24 projects of the customer with every sort field varied, some values missing, some equal. Written directly:
  // registration has its own suite, and this keeps the set-up short.
  const groups = ['Lab', 'field', null, 'Lab', 'Zeta'];
  const [space] = await t.database.db
    .select()
    .from(companySpaces)
    .where(eq(companySpaces.name, 'Acme Devices'));
  const rows = await t.database.db
    .insert(projects)
    .values(
      Array.from({ length: 24 }, (_, i) => ({
        name: `${i % 3 === 0 ? 'alpha' : i % 3 === 1 ? 'Beta' : 'gamma'} ${String.fromCharCode(65 + ((i * 7) % 24))}`,
        groupName: groups[i % 5] ?? null,
        boardId: boards.noSerial.id,
        companySpaceId: space!.id,
        companyName: space!.name,
        shortRomCode: i % 4 === 0 ? null : `SRC${String((i * 5) % 17).padStart(2, '0')}${i}`,
        salesCode: i % 3 === 0 ? null : `SC${(i * 11) % 7}`,
        solution: i % 2 ? 'SOLA' : null,
        variant: ['V1', 'V2', null][i % 3],
        product: `P${i % 4}`,
        status: (['active', 'cancellation-requested', 'cancelled', 'finished'] as const)[i % 4],
        createdAt: new Date(Date.UTC(2025, 0, 1 + ((i * 13) % 24))),
        updatedAt: new Date(Date.UTC(2025, 5, 1, i % 5)),
      })),
    )
    .returning({ id: projects.id });
  ownIds = rows.map((row) => row.id);
  const owner = await kit.userId('customer@portal.test');
  await t.database.db
    .insert(projectMembers)
    .values(ownIds.map((projectId) => ({ projectId, userId: owner, role: 'owner' as const })));
});
afterAll(() => t?.close());

describe('GET projects (admins)', () => {
  it('is for admins only', async () => {
    expectError(await call('GET', 'projects', customer), 403, 'forbidden');
    expectError(await call('GET', 'projects', csa), 403, 'forbidden');
  });

  it.each(PROJECT_SORT_FIELDS.flatMap((field) => [[field, 'ASC'] as const, [field, 'DESC'] as const]))(
    'sorts by %s %s in pages that join up',
    async (field, order) => {
      const rows = await t.database.db.select().from(projects);
      const expected = sorted(rows, field, order);
      const got: string[] = [];
      for (let first = 0; first < expected.length; first += 10) {
        const response = await call('GET', listUrl('projects', { sort: [field, order] }), admin, undefined, {
          range: `projects=${first}-${first + 9}`,
        });
        const page = expectOk<Project[]>(response);
        const range = parseContentRange(response.headers['content-range'] as string);
        expect(range).toMatchObject({ resource: 'projects', offset: first, total: expected.length });
        got.push(...page.map((project) => project.id));
      }
      expect(got).toEqual(expected);
    },
  );

  it.each(PROJECT_SORT_FIELDS.flatMap((field) => [[field, 'ASC'] as const, [field, 'DESC'] as const]))(
    'walks %s %s with the keyset cursor in the same order',
    async (field, order) => {
      const rows = await t.database.db.select().from(projects);
      const expected = sorted(rows, field, order);
      const got: string[] = [];
      let cursor: string | undefined;
      for (let first = 0; first < expected.length; first += 7) {
        const response = await call(
          'GET',
          listUrl('projects', { sort: [field, order] }) + (cursor ? `&cursor=${cursor}` : ''),
          admin,
          undefined,
          { range: `projects=${first}-${first + 6}` },
        );
        const page = expectOk<Project[]>(response);
        expect(parseContentRange(response.headers['content-range'] as string).offset).toBe(first);
        got.push(...page.map((project) => project.id));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(got).toEqual(expected);
    },
  );

  it('refuses a cursor of another sort or filter, and one it did not give out', async () => {
    const first = await call('GET', listUrl('projects', { sort: ['name', 'ASC'] }), admin, undefined, {
      range: 'projects=0-4',
    });
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const next = (params: Record<string, unknown>, value = cursor) =>
      call('GET', `${listUrl('projects', params)}&cursor=${value}`, admin, undefined, {
        range: 'projects=5-9',
      });
    expectOk(await next({ sort: ['name', 'ASC'] }));
    expectError(await next({ sort: ['name', 'DESC'] }), 400, 'invalid_request');
    expectError(await next({ sort: ['name', 'ASC'], filter: { status: 'active' } }), 400, 'invalid_request');
    expectError(await next({ sort: ['name', 'ASC'] }, 'bm90LWEtY3Vyc29y'), 400, 'invalid_request');
  });

  it('sorts by change date, newest first, by default, and takes range=[first,last] too', async () => {
    const rows = await t.database.db.select().from(projects);
    const response = await call('GET', listUrl('projects', { range: [0, 4] }), admin);
    expect(expectOk<Project[]>(response).map((p) => p.id)).toEqual(
      sorted(rows, 'updatedAt', 'DESC').slice(0, 5),
    );
    expect(response.headers['content-range']).toBe(`projects 0-4/${rows.length}`);
    expect(response.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('answers every row without a range, and an empty page past the end', async () => {
    const all = expectOk<Project[]>(await call('GET', 'projects', admin));
    expect(all).toHaveLength(24);
    const past = await call('GET', 'projects', admin, undefined, { range: 'projects=100-109' });
    expect(expectOk<Project[]>(past)).toEqual([]);
    expect(past.headers['content-range']).toBe('projects */24');
  });

  it('filters by status, board, group (None: no group), secure, q and id', async () => {
    const rows = await t.database.db.select().from(projects);
    const ids = async (filter: Record<string, unknown>) =>
      expectOk<Project[]>(await call('GET', listUrl('projects', { filter }), admin))
        .map((p) => p.id)
        .sort();
    const expect_ = (test: (row: Row) => boolean) =>
      rows
        .filter(test)
        .map((row) => row.id)
        .sort();
    expect(await ids({ status: 'cancelled' })).toEqual(expect_((r) => r.status === 'cancelled'));
    expect(await ids({ status: ['active', 'finished'] })).toEqual(
      expect_((r) => r.status === 'active' || r.status === 'finished'),
    );
    expect(await ids({ board: boards.noSerial.id })).toHaveLength(24);
    expect(await ids({ board: boards.open[0]!.id })).toEqual([]);
    expect(await ids({ group: 'Lab' })).toEqual(expect_((r) => r.groupName === 'Lab'));
    expect(await ids({ group: 'None' })).toEqual(expect_((r) => r.groupName === null));
    expect(await ids({ secure: false })).toHaveLength(24);
    expect(await ids({ q: 'BETA' })).toEqual(expect_((r) => r.name.toLowerCase().includes('beta')));
    expect(await ids({ q: 'src03' })).toEqual(
      expect_((r) => !!r.shortRomCode?.toLowerCase().includes('src03')),
    );
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ id: [ownIds[0], ownIds[1]] })).toEqual([ownIds[0], ownIds[1]].sort());
  });

  it('refuses sorts and filters it does not know', async () => {
    expectError(
      await call('GET', listUrl('projects', { sort: ['owner', 'ASC'] }), admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', listUrl('projects', { filter: { owner: 'x' } }), admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', listUrl('projects', { filter: { board: 'x' } }), admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', listUrl('projects', { filter: { status: 'open' } }), admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', 'projects', admin, undefined, { range: 'projects=5-1' }),
      400,
      'invalid_request',
    );
  });
});

describe('GET projects/user and the company space roles', () => {
  it('answers the caller’s own projects with their roles', async () => {
    const mine = expectOk<Project[]>(
      await call('GET', listUrl('projects/user', { range: [0, 99] }), customer),
    );
    expect(mine.map((p) => p.id).sort()).toEqual([...ownIds].sort());
    expect(mine[0]!.owner.email).toBe('customer@portal.test');
    expect(expectOk<Project[]>(await call('GET', 'projects/user', admin))).toEqual([]);
  });

  it('gives the company space admin every project of their space, as company_space_admin', async () => {
    const seen = expectOk<Project[]>(await call('GET', 'projects/user', csa));
    expect(seen.map((p) => p.id).sort()).toEqual([...ownIds].sort());
    const csaMember = seen[0]!.members.find((m) => m.email === 'csa@portal.test');
    expect(csaMember?.roles).toEqual(['company_space_admin']);
  });

  it('gives an FAE of the space every project as company_space_fae, viewers their linked boards, view only', async () => {
    const fae = await kit.account('space-fae@portal.test', { space: 'Acme Devices', spaceKind: 'fae' });
    const faeSees = expectOk<Project[]>(await call('GET', 'projects/user', fae.tokens));
    expect(faeSees).toHaveLength(24);
    expect(faeSees[0]!.members.find((m) => m.email === 'space-fae@portal.test')?.roles).toEqual([
      'company_space_fae',
    ]);

    const viewer = await kit.account('viewer@example.com', { space: 'Acme Devices' });
    expect(expectOk<Project[]>(await call('GET', 'projects/user', viewer.tokens))).toEqual([]);
    await t.database.db
      .insert(boardUserLinks)
      .values({ boardId: boards.noSerial.id, userId: viewer.id, kind: 'viewer' });
    const viewerSees = expectOk<Project[]>(await call('GET', 'projects/user', viewer.tokens));
    expect(viewerSees).toHaveLength(24);
    const project = viewerSees[0]!;
    expect(project.members.find((m) => m.email === 'viewer@example.com')?.roles).toEqual([
      'company_space_viewer',
    ]);
    expectOk(await call('GET', `projects/${project.id}`, viewer.tokens));
    const refused = expectError(
      await call('PATCH', `projects/${project.id}`, viewer.tokens, { uuid: project.id, name: 'Mine now' }),
      403,
      'forbidden',
    );
    expect(refused.errors[0]!.messages[0]).toContain('view');

    // Company space roles end at the space's border: someone of another space linked to the board sees nothing.
    const outsider = await kit.account('outsider@example.com', { space: 'Other Space' });
    await t.database.db
      .insert(boardUserLinks)
      .values({ boardId: boards.noSerial.id, userId: outsider.id, kind: 'csa' });
    expect(expectOk<Project[]>(await call('GET', 'projects/user', outsider.tokens))).toEqual([]);
    expectError(await call('GET', `projects/${project.id}`, outsider.tokens), 403, 'forbidden');
  });

  it('answers the groups of the caller’s projects, sorted, without empty ones', async () => {
    expect(expectOk<string[]>(await call('GET', 'projects/groups/user', customer))).toEqual([
      'Lab',
      'Zeta',
      'field',
    ]);
    expect(expectOk<string[]>(await call('GET', 'projects/groups/user', promoted))).toEqual([]);
  });
});

describe('secure projects in lists and reads', () => {
  let secureId: string;

  beforeAll(async () => {
    const mfa = await kit.mfaToken('promoted@portal.test');
    const project = await registered(mfa, boards.serial(boards.secure, 2), {
      name: 'Secret',
      group: 'Hidden',
    });
    secureId = project.id;
    await t.database.db.insert(projectMembers).values({
      projectId: secureId,
      userId: await kit.userId('customer@portal.test'),
      role: 'member',
    });
    promotedMfa = mfa;
  });
  let promotedMfa: Tokens;

  it('leaves secure projects out of projects/user without a second factor; hasSecure tells', async () => {
    const without = expectOk<Project[]>(await call('GET', 'projects/user', promoted));
    expect(without.map((p) => p.id)).not.toContain(secureId);
    expect(expectOk(await call('GET', 'projects/user/secure', promoted))).toEqual({ hasSecure: true });
    expect(expectOk<string[]>(await call('GET', 'projects/groups/user', promoted))).toEqual([]);
    const withMfa = expectOk<Project[]>(await call('GET', 'projects/user', promotedMfa));
    expect(withMfa.map((p) => p.id)).toContain(secureId);
    expect(expectOk<string[]>(await call('GET', 'projects/groups/user', promotedMfa))).toEqual(['Hidden']);
    expect(expectOk(await call('GET', 'projects/user/secure', admin))).toEqual({ hasSecure: false });
  });

  it('answers projects/{id}/secure to members without a second factor, 403 to others, 404 when unknown', async () => {
    expect(expectOk(await call('GET', `projects/${secureId}/secure`, customer))).toEqual({ isSecure: true });
    expect(expectOk(await call('GET', `projects/${ownIds[0]}/secure`, customer))).toEqual({
      isSecure: false,
    });
    expectError(await call('GET', `projects/${ownIds[0]}/secure`, promoted), 403, 'forbidden');
    expectError(
      await call('GET', `projects/00000000-0000-4000-8000-000000000000/secure`, customer),
      404,
      'not_found',
    );
  });

  it('reads a secure project only with a second factor: not_promoted, missing_multifactor_auth', async () => {
    expectError(await call('GET', `projects/${secureId}`, customer), 403, 'not_promoted');
    expectError(await call('GET', `projects/${secureId}`, promoted), 403, 'missing_multifactor_auth');
    expectError(await call('GET', `projects/${secureId}`, admin), 403, 'missing_multifactor_auth');
    const project = expectOk<Project>(await call('GET', `projects/${secureId}`, promotedMfa));
    expect(project.secure).toBe(true);
    // Admin lists show secure projects (no contents); opening one needs the second factor.
    const listed = expectOk<Project[]>(
      await call('GET', listUrl('projects', { filter: { secure: true } }), admin),
    );
    expect(listed.map((p) => p.id)).toEqual([secureId]);
  });
});

describe('GET projects/{id}', () => {
  it('answers only the asked fields besides id and uuid', async () => {
    const id = ownIds[0]!;
    const some = expectOk<Record<string, unknown>>(
      await call('GET', `projects/${id}?fields=name,status`, customer),
    );
    expect(Object.keys(some).sort()).toEqual(['id', 'name', 'status', 'uuid']);
    const people = expectOk<Partial<Project>>(
      await call('GET', `projects/${id}?fields=owner, members`, customer),
    );
    expect(people.owner?.email).toBe('customer@portal.test');
    expect(people.members?.length).toBeGreaterThan(0);
    expectError(await call('GET', `projects/${id}?fields=name,secret`, customer), 400, 'invalid_request');
  });

  it('answers 404 for unknown projects, 400 for malformed ids and 403 to strangers', async () => {
    expectError(
      await call('GET', 'projects/00000000-0000-4000-8000-000000000000', customer),
      404,
      'not_found',
    );
    expectError(await call('GET', 'projects/not-a-uuid', customer), 400, 'invalid_request');
    expectError(await call('GET', `projects/${ownIds[0]}`, promoted), 403, 'forbidden');
    expectOk(await call('GET', `projects/${ownIds[0]}`, admin));
  });
});

describe('GET projects/statistics', () => {
  it('counts projects by status, board and month for admins', async () => {
    expectError(await call('GET', 'projects/statistics', customer), 403, 'forbidden');
    const stats = expectOk<ProjectStatistics>(await call('GET', 'projects/statistics', admin));
    const rows = await t.database.db.select().from(projects);
    expect(stats.total).toBe(rows.length);
    expect(stats.secure).toBe(1);
    expect(Object.values(stats.byStatus).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(stats.byStatus.cancelled).toBe(rows.filter((r) => r.status === 'cancelled').length);
    expect(stats.topBoards[0]).toMatchObject({ boardId: boards.noSerial.id, count: 24 });
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.registeredLast30Days).toBeGreaterThanOrEqual(0);
  });
});

describe('the calls of spec §7.3–§7.6', () => {
  it('are all served at their exact paths and documented in OpenAPI', async () => {
    const doc = expectOk<{ paths: Record<string, Record<string, unknown>> }>(
      await call('GET', '/api/v1/openapi.json', null),
    );
    const calls = [
      'get /projects',
      'get /projects/user',
      'get /projects/{id}',
      'get /projects/{id}/secure',
      'get /projects/user/secure',
      'get /invitations/{id}/secure',
      'post /projects',
      'patch /projects/{id}',
      'delete /projects/{id}',
      'delete /projects/{id}/users',
      'delete /projects/{id}/users/me',
      'post /projects/{id}/cancel/request',
      'post /projects/{id}/cancel/accept',
      'post /projects/{id}/cancel/reject',
      'get /projects/groups/user',
      'post /projects/add-multiple-members',
      'get /projects/statistics',
      'post /projects/{id}/fae',
      'delete /projects/{id}/fae',
      'post /projects/{id}/substitute',
      'delete /projects/{id}/substitute',
      'post /projects/{id}/ownership',
      'post /projects/{id}/invitations',
      'get /invitations/{id}',
      'post /invitations/{id}/accept',
      'delete /projects/{id}/invitations/{invitationId}',
      'get /projects/{id}/users/me/notifications',
      'patch /projects/{id}/users/me/notifications',
      'get /eSim/profile',
    ];
    const missing = calls.filter((entry) => {
      const [method, path] = entry.split(' ') as [string, string];
      return !doc.paths[`/api/v1${path}`]?.[method];
    });
    expect(missing).toEqual([]);
  });
});
