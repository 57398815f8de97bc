import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddMultipleMembersResult, CompanySpace, NotificationSetting, Project } from '@portal/resources';
import { assertNotInProjects } from '../src/modules/projects/company-space-rule.js';
import { auditLog, companySpaceMembers, notificationSettings, projectMembers } from '../src/db/tables.js';
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
let internal: Tokens;
let colleague: { tokens: Tokens; id: string; email: string };
let stranger: { tokens: Tokens; id: string; email: string };

const newProject = (extra: Record<string, unknown> = {}) =>
  registered(customer, boards.noSerial.name, { name: 'Lifecycle', ...extra });

const actions = async (id: string) =>
  (
    await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

const emailsAndRoles = (project: Project) => project.members.map((m) => `${m.email}:${m.roles.join('+')}`);

beforeAll(async () => {
  t = await startTestApp();
  boards = await demoBoards(t);
  const as = (name: string) => signIn(t.app, { email: `${name}@portal.test` });
  [customer, admin, promoted, internal] = await Promise.all([
    as('customer'),
    as('admin'),
    as('promoted'),
    as('internal'),
  ]);
  colleague = await kit.account('colleague@example.com', { space: 'Acme Devices' });
  stranger = await kit.account('stranger@example.com', { space: 'Other Space' });
});
afterAll(() => t?.close());

describe('PATCH projects/{uuid}', () => {
  it('changes name, description, group and dipStatus, sets and removes the FAE, audited', async () => {
    const project = await newProject();
    const changed = expectOk<Project>(
      await call('PATCH', `projects/${project.id}`, customer, {
        uuid: project.id,
        name: 'Renamed',
        description: 'Now with text',
        group: 'Bench',
        dipStatus: 'in-progress',
        fae: 'internal@portal.test',
      }),
    );
    expect(changed).toMatchObject({
      name: 'Renamed',
      description: 'Now with text',
      group: 'Bench',
      dipStatus: 'in-progress',
      fae: { email: 'internal@portal.test' },
    });
    expect(new Date(changed.updatedAt).getTime()).toBeGreaterThan(new Date(project.updatedAt).getTime());
    const cleared = expectOk<Project>(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, group: null, fae: null }),
    );
    expect(cleared).toMatchObject({ name: 'Renamed', group: null, fae: null, description: 'Now with text' });
    expect(await actions(project.id)).toEqual(['create', 'update', 'update']);
  });

  it('refuses another uuid in the body, bad values, strangers, and plain members', async () => {
    const project = await newProject();
    const other = await newProject();
    expectError(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: other.id }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, group: 'None' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, fae: 'fae@example.com' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PATCH', `projects/${project.id}`, promoted, { uuid: project.id, name: 'X' }),
      403,
      'forbidden',
    );
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: colleague.id, role: 'member' });
    expectError(
      await call('PATCH', `projects/${project.id}`, colleague.tokens, { uuid: project.id, name: 'X' }),
      403,
      'forbidden',
    );
    expectOk(await call('PATCH', `projects/${project.id}`, admin, { uuid: project.id, name: 'By admin' }));
  });
});

describe('cancellation', () => {
  it('goes active → cancellation-requested → active (reject) → cancellation-requested → cancelled (accept)', async () => {
    const project = await newProject({ fae: 'internal@portal.test' });
    const url = (action: string) => `projects/${project.id}/cancel/${action}`;
    expectError(await call('POST', url('accept'), admin), 409, 'conflict');
    expect(expectOk<Project>(await call('POST', url('request'), customer)).status).toBe(
      'cancellation-requested',
    );
    expectError(await call('POST', url('request'), customer), 409, 'conflict');
    // Accepting and rejecting is the provider's: admins and the project's FAE, not the owner.
    expectError(await call('POST', url('reject'), customer), 403, 'forbidden');
    expect(expectOk<Project>(await call('POST', url('reject'), internal)).status).toBe('active');
    expectOk(await call('POST', url('request'), customer));
    expect(expectOk<Project>(await call('POST', url('accept'), admin)).status).toBe('cancelled');
    expectError(await call('POST', url('request'), customer), 409, 'conflict');
    // A cancelled project can no longer be changed, only deleted.
    expectError(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, name: 'X' }),
      409,
      'conflict',
    );
    expect(await actions(project.id)).toEqual([
      'create',
      'cancel_request',
      'cancel_reject',
      'cancel_request',
      'cancel_accept',
    ]);
  });

  it('is requested by the owner or substitute only', async () => {
    const project = await newProject({ substitute: 'promoted@portal.test' });
    expectError(await call('POST', `projects/${project.id}/cancel/request`, internal), 403, 'forbidden');
    expect(
      expectOk<Project>(await call('POST', `projects/${project.id}/cancel/request`, promoted)).status,
    ).toBe('cancellation-requested');
  });
});

describe('DELETE projects/{uuid}', () => {
  it('deletes a project and answers it; refused while members or a substitute remain', async () => {
    const project = await newProject({ substitute: 'promoted@portal.test', fae: 'internal@portal.test' });
    const refused = expectError(
      await call('DELETE', `projects/${project.id}`, customer),
      409,
      'deletion_with_members',
    );
    expect(refused.errors[0]!.resources).toEqual(['promoted@portal.test']);
    expectError(await call('DELETE', `projects/${project.id}`, internal), 403, 'forbidden');
    expectOk(await call('DELETE', `projects/${project.id}/substitute`, customer));
    expectOk(
      await call('DELETE', `projects/${project.id}/users`, customer, {
        id: await kit.userId('promoted@portal.test'),
      }),
    );
    const deleted = expectOk<Project>(await call('DELETE', `projects/${project.id}`, customer));
    expect(deleted.id).toBe(project.id);
    expectError(await call('GET', `projects/${project.id}`, customer), 404, 'not_found');
    expect((await actions(project.id)).at(-1)).toBe('delete');
  });
});

describe('members', () => {
  it('removes a member by id (owner, substitute, admin), never the owner', async () => {
    const project = await newProject();
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: colleague.id, role: 'member' });
    expectError(
      await call('DELETE', `projects/${project.id}/users`, colleague.tokens, { id: colleague.id }),
      403,
      'forbidden',
    );
    const ownerId = await kit.userId('customer@portal.test');
    expectError(
      await call('DELETE', `projects/${project.id}/users`, customer, { id: ownerId }),
      409,
      'conflict',
    );
    expectError(
      await call('DELETE', `projects/${project.id}/users`, customer, { id: stranger.id }),
      404,
      'not_found',
    );
    expectError(await call('DELETE', `projects/${project.id}/users`, customer, {}), 400, 'invalid_request');
    const after = expectOk<Project>(
      await call('DELETE', `projects/${project.id}/users`, customer, { id: colleague.id }),
    );
    expect(emailsAndRoles(after)).not.toContain('colleague@example.com:member');
    expectError(await call('GET', `projects/${project.id}`, colleague.tokens), 403, 'forbidden');
  });

  it('lets members leave (204), not the owner, and not people who are not in it', async () => {
    const project = await newProject({ substitute: 'promoted@portal.test' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: colleague.id, role: 'member' });
    await t.database.db
      .insert(notificationSettings)
      .values({ projectId: project.id, userId: colleague.id, type: 'asset-upload', enabled: false });
    const left = await call('DELETE', `projects/${project.id}/users/me`, colleague.tokens);
    expect(left.statusCode, left.body).toBe(204);
    expect(left.body).toBe('');
    const settings = await t.database.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, colleague.id));
    expect(settings).toEqual([]);
    expectError(await call('DELETE', `projects/${project.id}/users/me`, colleague.tokens), 404, 'not_found');
    expectError(await call('DELETE', `projects/${project.id}/users/me`, customer), 409, 'conflict');
    expect((await call('DELETE', `projects/${project.id}/users/me`, promoted)).statusCode).toBe(204);
    expect(await actions(project.id)).toEqual(['create', 'leave', 'leave']);
  });

  it('adds several users to several projects with a batch summary', async () => {
    const first = await newProject();
    const second = await newProject();
    const response = await call('POST', 'projects/add-multiple-members', customer, {
      projects: [first.id, second.id],
      users: ['colleague@example.com', 'stranger@example.com', 'nobody@example.com', 'Customer@portal.test'],
    });
    const summary = expectOk<AddMultipleMembersResult>(response);
    expect(summary.added).toEqual([
      { project: first.id, email: 'colleague@example.com' },
      { project: second.id, email: 'colleague@example.com' },
    ]);
    const reasons = summary.failed.map((f) => `${f.project === first.id ? 1 : 2}:${f.email}:${f.errorCode}`);
    expect(reasons).toEqual([
      '1:stranger@example.com:wrong_company_space',
      '1:nobody@example.com:not_found',
      '1:customer@portal.test:duplicate',
      '2:stranger@example.com:wrong_company_space',
      '2:nobody@example.com:not_found',
      '2:customer@portal.test:duplicate',
    ]);
    const read = expectOk<Project>(await call('GET', `projects/${first.id}`, colleague.tokens));
    expect(emailsAndRoles(read)).toContain('colleague@example.com:member');
  });

  it('adds to no project unless the caller manages every one of them', async () => {
    const mine = await newProject();
    const theirs = await registered(promoted, boards.noSerial.name);
    expectError(
      await call('POST', 'projects/add-multiple-members', customer, {
        projects: [mine.id, theirs.id],
        users: ['colleague@example.com'],
      }),
      403,
      'forbidden',
    );
    const read = expectOk<Project>(await call('GET', `projects/${mine.id}`, customer));
    expect(emailsAndRoles(read)).not.toContain('colleague@example.com:member');
    expectError(
      await call('POST', 'projects/add-multiple-members', customer, {
        projects: [],
        users: ['a@example.com'],
      }),
      400,
      'invalid_request',
    );
  });
});

describe('FAE, substitute and ownership', () => {
  it('sets one FAE with a provider address, replaces and removes it', async () => {
    const project = await newProject();
    expectError(
      await call('POST', `projects/${project.id}/fae`, customer, { email: 'fae@example.com' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', `projects/${project.id}/fae`, customer, { email: 'nobody@portal.test' }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', `projects/${project.id}/fae`, promoted, { email: 'internal@portal.test' }),
      403,
      'forbidden',
    );
    const withFae = expectOk<Project>(
      await call('POST', `projects/${project.id}/fae`, customer, { email: 'internal@portal.test' }),
    );
    expect(withFae.fae?.email).toBe('internal@portal.test');
    const other = await kit.account('fae2@portal.test');
    const replaced = expectOk<Project>(
      await call('POST', `projects/${project.id}/fae`, customer, { email: other.email }),
    );
    expect(replaced.fae?.email).toBe('fae2@portal.test');
    expect(emailsAndRoles(replaced).some((entry) => entry.startsWith('internal@'))).toBe(false);
    expect(expectOk<Project>(await call('DELETE', `projects/${project.id}/fae`, customer)).fae).toBeNull();
    expectError(await call('DELETE', `projects/${project.id}/fae`, customer), 404, 'not_found');
  });

  it('sets the substitute, who then acts as the owner; refuses the owner (owner_equals_substitute)', async () => {
    const project = await newProject();
    const same = expectError(
      await call('POST', `projects/${project.id}/substitute`, customer, { email: 'CUSTOMER@portal.test' }),
      400,
      'owner_equals_substitute',
    );
    expect(same.errors[0]!.resources).toEqual(['email']);
    expectError(
      await call('POST', `projects/${project.id}/substitute`, customer, { email: 'nobody@example.com' }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', `projects/${project.id}/substitute`, customer, { email: 'nope' }),
      400,
      'invalid_request',
    );
    const set = expectOk<Project>(
      await call('POST', `projects/${project.id}/substitute`, customer, { email: 'promoted@portal.test' }),
    );
    expect(set.substitute?.email).toBe('promoted@portal.test');
    // The substitute acts as the owner: renames, sets the FAE, replaces themselves.
    expectOk(
      await call('PATCH', `projects/${project.id}`, promoted, { uuid: project.id, name: 'By substitute' }),
    );
    const replaced = expectOk<Project>(
      await call('POST', `projects/${project.id}/substitute`, promoted, { email: colleague.email }),
    );
    expect(replaced.substitute?.email).toBe('colleague@example.com');
    expect(emailsAndRoles(replaced)).toContain('promoted@portal.test:member');
    const removed = expectOk<Project>(await call('DELETE', `projects/${project.id}/substitute`, customer));
    expect(removed.substitute).toBeNull();
    expect(emailsAndRoles(removed)).toContain('colleague@example.com:member');
    expectError(await call('DELETE', `projects/${project.id}/substitute`, customer), 404, 'not_found');
  });

  it('transfers ownership to someone of the project’s space who is neither owner nor substitute', async () => {
    const project = await newProject({ substitute: 'promoted@portal.test' });
    const to = (email: string, tokens = customer) =>
      call('POST', `projects/${project.id}/ownership`, tokens, { newProjectOwner: { email } });
    expectError(await to('customer@portal.test'), 400, 'invalid_request');
    expectError(await to('promoted@portal.test'), 400, 'invalid_request');
    expectError(await to('not-an-email'), 400, 'invalid_request');
    expectError(await to('nobody@example.com'), 404, 'not_found');
    expectError(await to('stranger@example.com'), 409, 'wrong_company_space');
    expectError(await to('colleague@example.com', colleague.tokens), 403, 'forbidden');
    const moved = expectOk<Project>(await to('colleague@example.com'));
    expect(moved.owner.email).toBe('colleague@example.com');
    expect(emailsAndRoles(moved)).toContain('customer@portal.test:member');
    // The previous owner now is a plain member: may leave, may not manage.
    expectError(
      await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, name: 'X' }),
      403,
      'forbidden',
    );
    expect((await actions(project.id)).at(-1)).toBe('transfer_ownership');
  });
});

describe('notification settings', () => {
  it('are enabled when missing and changed per type by each member for themselves', async () => {
    const project = await newProject();
    const url = `projects/${project.id}/users/me/notifications`;
    const all = expectOk<NotificationSetting[]>(await call('GET', url, customer));
    expect(all).toEqual([
      { type: 'project-status-change', enabled: true },
      { type: 'dip-status-change', enabled: true },
      { type: 'asset-upload', enabled: true },
    ]);
    const changed = expectOk<NotificationSetting[]>(
      await call('PATCH', url, customer, { type: 'asset-upload', enabled: false }),
    );
    expect(changed.find((s) => s.type === 'asset-upload')?.enabled).toBe(false);
    expectOk(await call('PATCH', url, customer, { type: 'asset-upload', enabled: true }));
    expectOk(await call('PATCH', url, customer, { type: 'dip-status-change', enabled: false }));
    expect(expectOk<NotificationSetting[]>(await call('GET', url, customer)).map((s) => s.enabled)).toEqual([
      true,
      false,
      true,
    ]);
    expectError(
      await call('PATCH', url, customer, { type: 'newsletter', enabled: false }),
      400,
      'invalid_request',
    );
    expectError(await call('GET', url, promoted), 403, 'forbidden');
    expectError(
      await call('PATCH', url, promoted, { type: 'asset-upload', enabled: false }),
      403,
      'forbidden',
    );
  });
});

describe('leaving a company space (assertNotInProjects)', () => {
  it('is refused with user_still_in_projects while the user holds a role in one of its projects', async () => {
    const project = await newProject({ name: 'Keeps colleague' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: colleague.id, role: 'member' });
    const membership = { companySpaceId: await kit.spaceId('Acme Devices'), userId: colleague.id };
    await expect(assertNotInProjects(t.database.db, membership)).rejects.toMatchObject({
      status: 409,
      errors: [
        { errorCode: 'user_still_in_projects', resources: expect.arrayContaining(['Keeps colleague']) },
      ],
    });
    await expect(
      assertNotInProjects(t.database.db, {
        companySpaceId: await kit.spaceId('Other Space'),
        userId: colleague.id,
      }),
    ).resolves.toBeUndefined();
    await expect(
      assertNotInProjects(t.database.db, { ...membership, userId: stranger.id }),
    ).resolves.toBeUndefined();
  });

  it('is asked by every removal route (members and FAEs): 409 while in a project, removed once they left it', async () => {
    const project = await newProject({ name: 'Holds both kinds' });
    const space = await kit.spaceId('Acme Devices');
    for (const [kind, list] of [
      ['member', 'members'],
      ['fae', 'faes'],
    ] as const) {
      const person = await kit.account(`space-${kind}@example.com`, {
        space: 'Acme Devices',
        spaceKind: kind,
      });
      await t.database.db
        .insert(projectMembers)
        .values({ projectId: project.id, userId: person.id, role: 'member' });
      const remove = () => call('DELETE', `company-spaces/${space}/${list}/${person.id}`, admin);
      expectError(await remove(), 409, 'user_still_in_projects');
      expect(
        (
          await t.database.db
            .select()
            .from(companySpaceMembers)
            .where(eq(companySpaceMembers.userId, person.id))
        ).length,
      ).toBe(1);
      expect((await call('DELETE', `projects/${project.id}/users/me`, person.tokens)).statusCode).toBe(204);
      const after = expectOk<CompanySpace>(await remove());
      expect(after[list].map((someone) => someone.id)).not.toContain(person.id);
    }
  });
});
