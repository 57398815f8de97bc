import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_PASSWORD_HEADER,
  Role,
  type CompanySpace,
  type ErrorBody,
  type Project,
} from '@portal/resources';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

/**
 * Company space isolation (spec product §6): nobody of one company space — member, FAE, company space admin or
 * viewer — sees the projects, members or records of another, by list, search, filter, id or statistics.
 * Acme Devices (demo: csa@, customer@, promoted@) against a second space, Beta Widgets, with the same cast.
 */
let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk, register, registered, account, spaceId } = kit;
let boardName: string;

interface Person {
  tokens: Tokens;
  id: string;
  email: string;
}
let acme: { csa: Tokens; customer: Tokens; fae: Person; viewer: Person; id: string; project: Project };
let beta: { csa: Person; member: Person; fae: Person; viewer: Person; id: string; project: Project };

beforeAll(async () => {
  t = await startTestApp();
  const boards = await demoBoards(t);
  boardName = boards.noSerial.name;
  const [csa, customer] = await Promise.all([
    signIn(t.app, { email: 'csa@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const acmeId = await spaceId('Acme Devices');
  const betaId = await spaceId('Beta Widgets');
  const acmeFae = await account('fae-acme@portal.test', { space: 'Acme Devices', spaceKind: 'fae' });
  const acmeViewer = await account('viewer-acme@portal.test', {
    space: 'Acme Devices',
    roles: [Role.CompanySpaceViewer],
  });
  const betaCsa = await account('csa-beta@portal.test', {
    space: 'Beta Widgets',
    roles: [Role.CompanySpaceAdmin],
  });
  const betaMember = await account('member-beta@portal.test', { space: 'Beta Widgets' });
  const betaFae = await account('fae-beta@portal.test', { space: 'Beta Widgets', spaceKind: 'fae' });
  const betaViewer = await account('viewer-beta@portal.test', {
    space: 'Beta Widgets',
    roles: [Role.CompanySpaceViewer],
  });
  const acmeProject = await registered(customer, boards.noSerial.name, { name: 'Acme secret design' });
  const betaProject = await registered(betaMember.tokens, boards.noSerial.name, {
    name: 'Beta secret design',
  });
  acme = { csa, customer, fae: acmeFae, viewer: acmeViewer, id: acmeId, project: acmeProject };
  beta = {
    csa: betaCsa,
    member: betaMember,
    fae: betaFae,
    viewer: betaViewer,
    id: betaId,
    project: betaProject,
  };
});
afterAll(() => t?.close());

const ids = (list: { id: string }[]) => list.map((item) => item.id);
const uuids = (list: { uuid: string }[]) => list.map((item) => item.uuid);

describe('the projects of a company space', () => {
  it('are seen by the people of their own space (the control)', async () => {
    for (const tokens of [acme.csa, acme.fae.tokens, acme.viewer.tokens]) {
      expect(ids(expectOk<Project[]>(await call('GET', 'projects/user', tokens)))).toContain(acme.project.id);
      expectOk(await call('GET', `projects/${acme.project.id}`, tokens));
    }
    for (const tokens of [beta.csa.tokens, beta.fae.tokens, beta.viewer.tokens]) {
      expect(ids(expectOk<Project[]>(await call('GET', 'projects/user', tokens)))).toContain(beta.project.id);
    }
  });

  it('are missing from every list of the other space, whatever the filter or search', async () => {
    const lists = (project: Project) => [
      'projects/user',
      `projects/user?q=${encodeURIComponent('secret design')}`,
      `projects/user?filter=${encodeURIComponent(JSON.stringify({ id: [project.id] }))}`,
      `projects/user?filter=${encodeURIComponent(JSON.stringify({ q: project.name }))}`,
    ];
    const check = async (people: Tokens[], foreign: Project) => {
      for (const tokens of people) {
        for (const url of lists(foreign)) {
          const response = await call('GET', url, tokens);
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          expect(ids(response.json<Project[]>()), url).not.toContain(foreign.id);
          expect(response.body, url).not.toContain(foreign.name);
        }
      }
    };
    await check([acme.csa, acme.customer, acme.fae.tokens, acme.viewer.tokens], beta.project);
    await check([beta.csa.tokens, beta.member.tokens, beta.fae.tokens, beta.viewer.tokens], acme.project);
  });

  it('cannot be opened, changed or joined by id from the other space', async () => {
    const foreignPeople = [beta.csa.tokens, beta.fae.tokens, beta.viewer.tokens, beta.member.tokens];
    for (const tokens of foreignPeople) {
      const shown = await call('GET', `projects/${acme.project.id}`, tokens);
      expect(shown.statusCode, shown.body).toBe(403);
      expect(shown.body).not.toContain(acme.project.name);
      const changed = await call('PATCH', `projects/${acme.project.id}`, tokens, {
        uuid: acme.project.id,
        name: 'Taken over',
      });
      expect(changed.statusCode, changed.body).toBe(403);
      for (const [url, body] of [
        [`projects/${acme.project.id}/invitations`, {}],
        [`projects/${acme.project.id}/substitute`, { email: beta.member.email }],
        [`projects/${acme.project.id}/cancel/request`, {}],
      ] as const) {
        const response = await call('POST', url, tokens, body);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      }
    }
    const still = expectOk<Project>(await call('GET', `projects/${acme.project.id}`, acme.customer));
    expect(still.name).toBe('Acme secret design');
    expect(still.members?.map((m) => m.email) ?? []).not.toContain(beta.member.email);
  });

  it('cannot bring a person of another space into a project role by any path (wrong_company_space)', async () => {
    const project = acme.project.id;
    const stranger = beta.member.email;
    const batch = expectOk<{ failed: { email: string; errorCode: string }[] }>(
      await call('POST', 'projects/add-multiple-members', acme.customer, {
        projects: [project],
        users: [stranger],
      }),
    );
    expect(batch.failed).toEqual([
      expect.objectContaining({ email: stranger, errorCode: 'wrong_company_space' }),
    ]);
    const refusals = [
      await call('POST', `projects/${project}/substitute`, acme.customer, { email: stranger }),
      await call('POST', `projects/${project}/ownership`, acme.customer, {
        newProjectOwner: { email: stranger },
      }),
    ];
    const invitation = expectOk<{ id: string; password: string }>(
      await call('POST', `projects/${project}/invitations`, acme.customer, {}),
      201,
    );
    const headers = { [INVITATION_PASSWORD_HEADER]: invitation.password };
    refusals.push(
      await call('POST', `invitations/${invitation.id}/accept`, beta.member.tokens, undefined, headers),
    );
    // Registration naming a substitute of another space (nothing is registered).
    refusals.push(
      await register(acme.customer, boardName, { name: 'Foreign substitute', substitute: stranger }),
    );
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorBody>().errors[0]!.errorCode).toBe('wrong_company_space');
    }
    const mine = expectOk<Project[]>(await call('GET', 'projects/user', acme.customer));
    expect(mine.map((p) => p.name)).not.toContain('Foreign substitute');
    const still = expectOk<Project>(await call('GET', `projects/${project}`, acme.customer));
    expect(still.members.map((member) => member.email)).not.toContain(stranger);
    expect(still.owner.email).toBe('customer@portal.test');
  });

  it('count only their own space in the caller’s statistics and groups', async () => {
    for (const [tokens, foreign] of [
      [beta.csa.tokens, acme.project],
      [acme.csa, beta.project],
    ] as const) {
      const groups = await call('GET', 'projects/groups/user', tokens);
      expect(groups.statusCode, groups.body).toBe(200);
      expect(groups.body).not.toContain(foreign.id);
      expect(groups.body).not.toContain(foreign.name);
    }
  });
});

describe('company space records', () => {
  it('show a company space admin only their own space and its people', async () => {
    const listed = expectOk<CompanySpace[]>(await call('GET', 'company-spaces', beta.csa.tokens));
    expect(uuids(listed)).toEqual([beta.id]);
    const body = JSON.stringify(listed);
    for (const email of ['customer@portal.test', 'csa@portal.test', acme.fae.email]) {
      expect(body).not.toContain(email);
    }
    const many = await call(
      'GET',
      `company-spaces?filter=${encodeURIComponent(JSON.stringify({ id: [acme.id, beta.id] }))}`,
      beta.csa.tokens,
    );
    expect(uuids(many.json<CompanySpace[]>())).toEqual([beta.id]);
    const foreign = await call('GET', `company-spaces/${acme.id}`, beta.csa.tokens);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('customer@portal.test');
  });

  it('do not let a company space admin pull a person of another space into theirs', async () => {
    const response = await call('POST', `company-spaces/${beta.id}/members`, beta.csa.tokens, {
      email: 'customer@portal.test',
    });
    expect(response.statusCode, response.body).not.toBeLessThan(400);
    const acmeSpace = expectOk<CompanySpace>(await call('GET', `company-spaces/${acme.id}`, acme.csa));
    expect(acmeSpace.members.map((m) => m.email)).toContain('customer@portal.test');
  });

  it('do not let a company space admin link a person of another space to a board as viewer', async () => {
    const boards = await call('GET', 'board-viewer-links/boards', beta.csa.tokens);
    expect(boards.statusCode, boards.body).toBe(200);
    const boardId = boards.json<{ id: string }[]>()[0]?.id ?? (await demoBoards(t)).noSerial.id;
    const response = await call('POST', 'board-viewer-links', beta.csa.tokens, {
      boardId,
      userEmail: 'customer@portal.test',
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
