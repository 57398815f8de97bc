import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ESIM_SERIAL_NUMBER,
  type BoardDocument,
  type BoardTool,
  type ESimProfile,
  type GettingStartedStep,
  type Link,
  type Partner,
  type Project,
  type ProjectBoard,
} from '@portal/resources';
import { DEMO_DIP_BOARD, DEMO_SECURE_DIP_BOARD } from '../src/db/demo-dip.js';
import { auditLog, boardTools, boards as boardTable, gettingStartedItems, tools } from '../src/db/tables.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectError, expectOk, registered } = kit;
let boards: Awaited<ReturnType<typeof demoBoards>>;
let admin: Tokens;
let customer: Tokens;
let csa: Tokens;
let promoted: Tokens;
let internal: Tokens;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const board = (name: string) => boards.all.find((row) => row.name === name)!;
const toolsUrl = (boardId: string) => `boards/${boardId}/tools`;
const viewUrl = (projectId: string) => `projects/${projectId}/board`;

async function toolId(featureId: string): Promise<string> {
  const [row] = await t.database.db.select().from(tools).where(eq(tools.featureId, featureId));
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  boards = await demoBoards(t);
  const as = (name: string) => signIn(t.app, { email: `${name}@portal.test` });
  [admin, customer, csa, promoted, internal] = await Promise.all([
    as('admin'),
    as('customer'),
    as('csa'),
    as('promoted'),
    as('internal'),
  ]);
});
afterAll(() => t?.close());

describe('demo data', () => {
  it('seeds the eSIM board and its profiles by default: registering it hands out a profile', async () => {
    expectError(await call('GET', 'eSim/profile', customer), 404, 'not_found');
    const project = await registered(customer, DEFAULT_ESIM_SERIAL_NUMBER, { name: 'Tracker' });
    expect(project.board.name).toBe('ESIM_Evaluation_Kit');
    const profile = expectOk<ESimProfile>(await call('GET', 'eSim/profile', customer));
    expect(profile.qrCode).toBe(`LPA:${profile.activationCode}`);
    const view = expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), customer));
    expect(view.serialnumber).toBe(DEFAULT_ESIM_SERIAL_NUMBER);
    expect(view.tools.map((tool) => tool.featureId)).toEqual(['serial-terminal']);
  });

  it('puts the demo catalogue’s tools on every demo board by product family, in order', async () => {
    const listed = expectOk<BoardTool[]>(await call('GET', toolsUrl(board(DEMO_DIP_BOARD).id), admin));
    expect(listed.map((tool) => [tool.featureId, tool.order, tool.isRemoved])).toEqual([
      ['nx-flash-programmer', 0, false],
      ['nx-motor-control-lib', 1, false],
      ['nx-device-pack', 2, false],
      ['serial-terminal', 3, false],
    ]);
    expect(listed[0]).toMatchObject({
      name: 'NX Flash Programmer',
      type: 'tool',
      // Every demo tool has its drawn icon, named by its content (issue 45).
      icon: expect.stringMatching(/^tool-icons\/[0-9a-f]{64}\.png$/),
      isOnlineTool: false,
    });
    const rows = await t.database.db.select().from(boardTools);
    const boardsWithTools = new Set(rows.map((row) => row.boardId));
    expect(boardsWithTools.size).toBe(boards.all.length);
  });
});

describe('boards/{id}/tools (admins)', () => {
  it('saves the whole list in the given order, answers it and audits the change', async () => {
    const target = boards.all.find((row) => row.code.startsWith('PWR'))!;
    const ids = await Promise.all(['serial-terminal', 'rf-radar-sdk', 'power-designer-online'].map(toolId));
    const saved = expectOk<BoardTool[]>(await call('PUT', toolsUrl(target.id), admin, { toolIds: ids }));
    expect(saved.map((tool) => [tool.id, tool.order])).toEqual(ids.map((id, order) => [id, order]));
    expect(saved[2]).toMatchObject({ type: 'tool_online', isOnlineTool: true });
    expect(expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin))).toEqual(saved);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'set_tools'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({ entity: 'board', entityId: target.id });
    expect((entry!.after as BoardTool[]).map((tool) => tool.id)).toEqual(ids);

    expect(expectOk<BoardTool[]>(await call('PUT', toolsUrl(target.id), admin, { toolIds: [] }))).toEqual([]);
    expect(expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin))).toEqual([]);
  });

  it('refuses unknown ids with a 400 naming each, and changes nothing', async () => {
    const target = boards.all.find((row) => row.code.startsWith('SNS'))!;
    const before = expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin));
    const other = '11111111-1111-4111-8111-111111111111';
    const known = await toolId('serial-terminal');
    const body = expectError(
      await call('PUT', toolsUrl(target.id), admin, { toolIds: [UNKNOWN, known, other] }),
      400,
      'invalid_request',
    );
    expect(body.errors.map((error) => error.resources)).toEqual([['toolIds.0'], ['toolIds.2']]);
    expect(body.errors[0]!.messages[0]).toContain(UNKNOWN);
    expect(body.errors[1]!.messages[0]).toContain(other);
    expectError(
      await call('PUT', toolsUrl(target.id), admin, { toolIds: [known, known] }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', toolsUrl(target.id), admin, { toolIds: ['not-a-uuid'] }),
      400,
      'invalid_request',
    );
    expectError(await call('PUT', toolsUrl(target.id), admin, {}), 400, 'invalid_request');
    expect(expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin))).toEqual(before);
  });

  it('answers 404 for an unknown board and 403 to everyone but admins', async () => {
    expectError(await call('GET', toolsUrl(UNKNOWN), admin), 404, 'not_found');
    expectError(await call('PUT', toolsUrl(UNKNOWN), admin, { toolIds: [] }), 404, 'not_found');
    const target = boards.all.find((row) => row.code.startsWith('RF'))!;
    const before = expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin));
    for (const tokens of [customer, csa, internal]) {
      expectError(await call('GET', toolsUrl(target.id), tokens), 403, 'forbidden');
      expectError(await call('PUT', toolsUrl(target.id), tokens, { toolIds: [] }), 403, 'forbidden');
    }
    expect((await call('PUT', toolsUrl(target.id), null, { toolIds: [] })).statusCode).toBe(401);
    expect(expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin))).toEqual(before);
  });

  it('flags a tool the catalogue removed, hides it from projects and drops it at the next save', async () => {
    const target = board(DEMO_DIP_BOARD);
    const project = await registered(customer, boards.serial(target, 3), { name: 'Removed tool' });
    const removedId = await toolId('nx-device-pack');
    await t.database.db.update(tools).set({ isRemoved: true }).where(eq(tools.id, removedId));
    try {
      const listed = expectOk<BoardTool[]>(await call('GET', toolsUrl(target.id), admin));
      expect(listed.find((tool) => tool.id === removedId)?.isRemoved).toBe(true);
      const view = expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), customer));
      expect(view.tools.map((tool) => tool.featureId)).toEqual([
        'nx-flash-programmer',
        'nx-motor-control-lib',
        'serial-terminal',
      ]);
      // Adding it to a board that does not show it is refused; saving the list that still names it drops it.
      const other = boards.all.find((row) => row.code.startsWith('RF'))!;
      const refused = expectError(
        await call('PUT', toolsUrl(other.id), admin, { toolIds: [removedId] }),
        400,
        'invalid_request',
      );
      expect(refused.errors[0]!.messages[0]).toContain('removed');
      const saved = expectOk<BoardTool[]>(
        await call('PUT', toolsUrl(target.id), admin, { toolIds: listed.map((tool) => tool.id) }),
      );
      expect(saved.map((tool) => [tool.featureId, tool.order])).toEqual([
        ['nx-flash-programmer', 0],
        ['nx-motor-control-lib', 1],
        ['serial-terminal', 2],
      ]);
    } finally {
      await t.database.db.update(tools).set({ isRemoved: false }).where(eq(tools.id, removedId));
    }
  });
});

describe('GET projects/{id}/board', () => {
  let project: Project;
  let boardId: string;

  beforeAll(async () => {
    boardId = board(DEMO_DIP_BOARD).id;
    project = await registered(customer, boards.serial(board(DEMO_DIP_BOARD), 2), {
      name: 'Board view',
      substitute: 'promoted@portal.test',
      fae: 'internal@portal.test',
    });
    // The board's content, through the admin API.
    const at = (rest: string) => `boards/${boardId}/${rest}`;
    expectOk(
      await call('POST', at('documents'), admin, {
        title: 'Quick start',
        type: 'user manual',
        filename: 'Quick start',
        url: 'https://documents.example.com/quick-start.pdf',
        exclusive: true,
      }),
      201,
    );
    expectOk(
      await call('POST', at('documents'), admin, {
        title: 'Datasheet',
        type: 'datasheet',
        filename: 'Datasheet',
        url: 'https://documents.example.com/datasheet.pdf',
        exclusive: false,
        primary: true,
      }),
      201,
    );
    const first = expectOk<Link>(
      await call('POST', at('links'), admin, { title: 'Forum', url: 'https://forum.example.com' }),
      201,
    );
    const second = expectOk<Link>(
      await call('POST', at('links'), admin, { title: 'Notes', url: 'https://notes.example.com' }),
      201,
    );
    expectOk(await call('PUT', at('links/order'), admin, { ids: [second.id, first.id] }));
    expectOk(
      await call('PUT', at('getting-started'), admin, {
        items: [
          { title: 'Unpack the kit', description: '<p>Check the contents.</p>' },
          { title: 'Run the example', description: null },
        ],
      }),
    );
    const partner = expectOk<Partner>(
      await call('POST', 'partners', admin, {
        name: 'Contoso Embedded',
        linkUrl: 'https://contoso.example.com',
      }),
      201,
    );
    expectOk(await call('POST', at('partners'), admin, { partnerId: partner.id }), 201);
    expectOk(await call('PUT', at('support-link'), admin, { supportLink: 'mailto:support@example.com' }));
    const toolIds = await Promise.all(['serial-terminal', 'nx-flash-programmer'].map(toolId));
    expectOk(await call('PUT', toolsUrl(boardId), admin, { toolIds }));
  });

  it('answers the board with its documents (exclusive ones too), items, partners, links in order, support link and tools', async () => {
    const view = expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), customer));
    const [row] = await t.database.db.select().from(boardTable).where(eq(boardTable.id, boardId));
    expect(view).toMatchObject({
      id: boardId,
      name: DEMO_DIP_BOARD,
      ispn: row!.ispn,
      secure: false,
      supportLink: 'mailto:support@example.com',
      secureConfig: null,
    });
    expect(view).not.toHaveProperty('releaseFlagReadOnly');
    expect(view.primaryDocument).toMatchObject({ title: 'Datasheet', exclusive: false });
    expect(view.documents.map((doc) => [doc.title, doc.exclusive])).toEqual([
      ['Datasheet', false],
      ['Quick start', true],
    ]);
    const adminDocs = expectOk<BoardDocument[]>(await call('GET', `boards/${boardId}/documents`, admin));
    expect(adminDocs).toHaveLength(view.documents.length);
    expect(view.links.map((link) => [link.title, link.order])).toEqual([
      ['Notes', 0],
      ['Forum', 1],
    ]);
    expect(view.gettingStarted.map((step) => [step.title, step.order, step.dipStepNumber])).toEqual([
      ['Unpack the kit', 0, null],
      ['Run the example', 1, null],
    ]);
    expect(view.partners.map((partner) => partner.name)).toEqual(['Contoso Embedded']);
    expect(view.tools.map((tool) => tool.featureId)).toEqual(['serial-terminal', 'nx-flash-programmer']);
    expect(Object.keys(view.tools[0]!).sort()).toEqual(
      ['featureId', 'icon', 'id', 'isOnlineTool', 'name', 'type'].sort(),
    );
  });

  it('leaves out the getting-started items of the board’s design-in steps', async () => {
    const all = await t.database.db
      .select()
      .from(gettingStartedItems)
      .where(eq(gettingStartedItems.boardId, boardId));
    expect(all.some((item) => item.dipStepId !== null)).toBe(true);
    const view = expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), customer));
    expect(view.gettingStarted).toHaveLength(all.filter((item) => item.dipStepId === null).length);
    const own = expectOk<GettingStartedStep[]>(await call('GET', `boards/${boardId}/getting-started`, admin));
    expect(view.gettingStarted).toEqual(own);
  });

  it('is open to the owner, substitute, FAE, members, the space’s admins and viewers, and admins', async () => {
    const viewer = await kit.account('viewer@example.com', {
      roles: ['Company Space Viewer'],
      space: 'Acme Devices',
    });
    const spaceFae = await kit.account('space.fae@example.com', { space: 'Acme Devices', spaceKind: 'fae' });
    const member = await kit.account('member@example.com', { space: 'Acme Devices' });
    // A plain member of the company space holds no role in the project until added to it.
    expectError(await call('GET', viewUrl(project.id), member.tokens), 403, 'forbidden');
    const added = expectOk<{ added: unknown[] }>(
      await call('POST', 'projects/add-multiple-members', customer, {
        projects: [project.id],
        users: [member.email],
      }),
    );
    expect(added.added).toEqual([{ project: project.id, email: member.email }]);
    const expected = expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), customer));
    for (const tokens of [promoted, internal, csa, viewer.tokens, spaceFae.tokens, member.tokens, admin]) {
      expect(expectOk<ProjectBoard>(await call('GET', viewUrl(project.id), tokens))).toEqual(expected);
    }
  });

  it('refuses everyone else as the other project routes do', async () => {
    const outsider = await kit.account('outsider@example.com', { space: 'Globex Space' });
    const otherAdmin = await kit.account('csa.other@example.com', {
      roles: ['Company Space Admin'],
      space: 'Globex Space',
    });
    for (const tokens of [outsider.tokens, otherAdmin.tokens]) {
      const refused = await call('GET', viewUrl(project.id), tokens);
      expect(refused.statusCode).toBe((await call('GET', `projects/${project.id}`, tokens)).statusCode);
      expectError(refused, 403, 'forbidden');
    }
    expectError(await call('GET', viewUrl(UNKNOWN), customer), 404, 'not_found');
    expectError(await call('GET', viewUrl('not-a-uuid'), customer), 400, 'invalid_request');
    expect((await call('GET', viewUrl(project.id), null)).statusCode).toBe(401);
  });

  it('needs the second factor for a secure project, and then answers its secure configuration', async () => {
    const mfa = await kit.mfaToken('promoted@portal.test');
    const secure = await registered(mfa, boards.serial(board(DEMO_SECURE_DIP_BOARD), 2), {
      name: 'Secure view',
    });
    expectError(await call('GET', viewUrl(secure.id), promoted), 403, 'missing_multifactor_auth');
    // The company space admin holds a role in it, but is not a promoted user.
    expectError(await call('GET', viewUrl(secure.id), csa), 403, 'not_promoted');
    const view = expectOk<ProjectBoard>(await call('GET', viewUrl(secure.id), mfa));
    expect(view.secure).toBe(true);
    expect(view.secureConfig?.acceptedFileTypes).toEqual(['.xml', '.asc']);
    expect(view.secureConfig?.dipAsset.validators.length).toBeGreaterThan(0);
    expect(view.tools.map((tool) => tool.featureId)).toEqual(['secureboot-signer', 'sec-crypto-lib']);
  });
});
