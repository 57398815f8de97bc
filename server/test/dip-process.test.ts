import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRecord, DipProcess, DipStep, Project } from '@portal/resources';
import { boards, dipAssets, dipSteps, mailQueue, projects } from '../src/db/tables.js';
import { seedDemoDip, DEMO_DIP_BOARD, DEMO_SECURE_DIP_BOARD } from '../src/db/demo-dip.js';
import { startDesignIn } from '../src/modules/dip/automation.js';
import type { TestApp } from './support/app.js';
import { dipFiles, dipTestKit, startDipApp, step, type DipPeople } from './dip-support.js';

let t: TestApp & { filesDir: string };
const kit = dipTestKit(() => t);
const { call, expectOk, expectError } = kit;
let p: DipPeople;
let flow: BoardRecord;
let next: BoardRecord;
let steps: DipStep[];
let project: Project;

const STEP_TITLES = [
  'Accept the terms',
  'Confirm with a comment',
  'Describe the application',
  'Name the site',
  'Development code',
  'Short ROM code',
  'Legacy sales code',
  'Upload schematics',
  'Start the child project',
  'Design review',
];

beforeAll(async () => {
  t = await startDipApp();
  p = await kit.people('proc');
  flow = await kit.board(p.admin, 'DIP_Flow');
  next = await kit.board(p.admin, 'DIP_Next');
  await kit.board(p.admin, 'DIP_Child');
  // Registered before the board has a process: defining one gives the project its status.
  project = await kit.project(p, 'DIP_Flow');
  steps = (
    await kit.defineDip(p.admin, flow.id, [
      step({ title: STEP_TITLES[0]!, completionType: 'check', resolverRoles: ['project-member'] }),
      step({
        title: STEP_TITLES[1]!,
        completionType: 'check-with-comment',
        resolverRoles: ['project-owner'],
      }),
      step({ title: STEP_TITLES[2]!, completionType: 'textarea', resolverRoles: ['project-member'] }),
      step({ title: STEP_TITLES[3]!, completionType: 'input', resolverRoles: ['csa'] }),
      step({ title: STEP_TITLES[4]!, completionType: 'dev-code-input', resolverRoles: ['project-owner'] }),
      step({
        title: STEP_TITLES[5]!,
        completionType: 'short-rom-code-input',
        resolverRoles: ['project-owner'],
        csaReset: true,
      }),
      // Made a sales code step below: new ones are refused, existing ones still work.
      step({ title: STEP_TITLES[6]!, completionType: 'input', resolverRoles: ['project-owner'] }),
      step({
        title: STEP_TITLES[7]!,
        completionType: 'file-upload',
        resolverRoles: ['project-member'],
        confirmationRequired: true,
        completer: 'fae',
      }),
      step({
        title: STEP_TITLES[8]!,
        completionType: 'child-project',
        resolverRoles: ['nobody'],
        childProject: { boardIspn: 'DIP_Child-ISPN', ownerEmail: p.member.email, substituteEmail: null },
      }),
      step({ title: STEP_TITLES[9]!, completionType: 'check', resolverRoles: ['fae'] }),
    ])
  ).steps;
  await t.database.db
    .update(dipSteps)
    .set({ completionType: 'sales-code-input' })
    .where(eq(dipSteps.id, steps[6]!.id));
  expectOk(
    await call('PUT', `boards/${flow.id}/follow-up`, p.admin, { nextBoardId: next.id, nextOwnerEmail: '' }),
  );
});
afterAll(() => t?.close());

const id = (n: number) => steps[n - 1]!.id;
const states = (process: DipProcess) => process.steps.map((s) => s.state);
const dipStatusOf = async (projectId: string) =>
  (
    await t.database.db
      .select({ dipStatus: projects.dipStatus })
      .from(projects)
      .where(eq(projects.id, projectId))
  )[0]!.dipStatus;
const clearMails = () => t.database.db.delete(mailQueue);

describe('a project’s design-in process', () => {
  it('starts with the first step active, waiting for the members', async () => {
    const process = await kit.processOf(p.owner, project.id);
    expect(process.workflowStatus).toBe('assigned-to-member');
    expect(process.activeStepId).toBe(id(1));
    expect(states(process)).toEqual(['active', ...Array(9).fill('pending')]);
    expect(process.steps[0]).toMatchObject({
      stepNumber: 1,
      resolved: false,
      waitingFor: 'assigned-to-member',
      result: null,
    });
    expect(process.steps[0]!.can).toEqual({ upload: false, resolve: true, complete: false, reset: false });
    expect(process.followUp).toEqual({
      nextBoardId: next.id,
      nextBoardName: 'DIP_Next',
      nextOwnerEmail: null,
      projectId: null,
    });
    expect(await dipStatusOf(project.id)).toBe('assigned-to-member');
  });

  it('is in the project record from the registration on: set on a board with a process, null without', async () => {
    // The apps ask for a process only when the record has a status: a board without one must answer null.
    const fresh = await kit.registered(p.owner, 'DIP_Flow');
    expect(fresh.dipStatus).toBe('assigned-to-member');
    expect(await dipStatusOf(fresh.id)).toBe('assigned-to-member');
    const plain = await kit.registered(p.owner, 'DIP_Next');
    expect(plain.dipStatus).toBeNull();
    expectError(await kit.dip(p.owner, plain.id), 404, 'not_found');
  });

  it('is visible to everyone with a role, view-only for viewers, and to nobody else', async () => {
    const seen = await kit.processOf(p.viewer.tokens, project.id);
    expect(seen.steps[0]!.can).toEqual({ upload: false, resolve: false, complete: false, reset: false });
    expectError(await kit.dip(p.outsider.tokens, project.id), 403, 'forbidden');
    expectError(await kit.dip(p.owner, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    const other = await kit.registered(p.owner, 'DIP_Next');
    expectError(await kit.dip(p.owner, other.id), 404, 'not_found');
  });

  it('refuses actions by a viewer, an outsider or a role the step does not name', async () => {
    for (const tokens of [p.viewer.tokens, p.outsider.tokens, p.fae.tokens]) {
      const refused = await kit.resolve(tokens, project.id, id(1), { checked: true });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect(states(await kit.processOf(p.owner, project.id))[0]).toBe('active');
  });

  it('checks the input of each completion type and moves on step by step', async () => {
    // 1 check, by a member.
    expect(
      expectError(await kit.resolve(p.member.tokens, project.id, id(1), {}), 400, 'invalid_request')
        .errors[0]!.messages,
    ).toEqual(['Tick the box to confirm.']);
    expectError(
      await kit.resolve(p.member.tokens, project.id, id(3), { value: 'early' }),
      409,
      'dip_step_not_active',
    );
    let process = expectOk<DipProcess>(
      await kit.resolve(p.member.tokens, project.id, id(1), { checked: true }),
    );
    expect(states(process).slice(0, 3)).toEqual(['completed', 'active', 'pending']);
    expect(process.steps[0]!.result).toMatchObject({
      checked: true,
      resolvedBy: p.member.email,
      completedBy: p.member.email,
    });
    expect(process.workflowStatus).toBe('assigned-to-owner');
    expect(await dipStatusOf(project.id)).toBe('assigned-to-owner');

    // 2 check with comment, by the owner only.
    expectError(
      await kit.resolve(p.member.tokens, project.id, id(2), { checked: true, comment: 'Fine' }),
      403,
      'forbidden',
    );
    expect(
      expectError(await kit.resolve(p.owner, project.id, id(2), { checked: true }), 400, 'invalid_request')
        .errors[0],
    ).toEqual({
      errorCode: 'invalid_request',
      resources: ['body.comment'],
      messages: ['Please add a comment.'],
    });
    process = expectOk(
      await kit.resolve(p.owner, project.id, id(2), { checked: true, comment: 'Agreed with legal.' }),
    );
    expect(process.steps[1]!.result).toMatchObject({ checked: true, comment: 'Agreed with legal.' });

    // 3 textarea, by a member.
    expectError(
      await kit.resolve(p.member.tokens, project.id, id(3), { value: '  ' }),
      400,
      'invalid_request',
    );
    process = expectOk(
      await kit.resolve(p.member.tokens, project.id, id(3), { value: 'A motor controller\nfor pumps.' }),
    );
    expect(process.steps[2]!.result!.value).toBe('A motor controller\nfor pumps.');

    // 4 input, by the company space admin.
    expect(process.workflowStatus).toBe('assigned-to-member');
    expectError(await kit.resolve(p.owner, project.id, id(4), { value: 'Plant 7' }), 403, 'forbidden');
    process = expectOk(await kit.resolve(p.csa, project.id, id(4), { value: 'Plant 7' }));
    expect(process.steps[3]!.result!.value).toBe('Plant 7');

    // 5 development code.
    expect(
      expectError(await kit.resolve(p.owner, project.id, id(5), { value: '' }), 400, 'invalid_request')
        .errors[0]!.messages,
    ).toEqual(['Development code is required.']);
    expectOk(await kit.resolve(p.owner, project.id, id(5), { value: 'DEV-42' }));
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, p.owner)).developmentCode).toBe(
      'DEV-42',
    );
  });

  it('keeps short ROM codes unique per board', async () => {
    expect(
      expectError(await kit.resolve(p.owner, project.id, id(6), { value: 'ab' }), 400, 'invalid_request')
        .errors[0]!.messages,
    ).toEqual(['The SRC must be 3 to 8 capital letters or digits.']);
    const neighbour = await kit.registered(p.owner, 'DIP_Flow');
    await t.database.db.update(projects).set({ shortRomCode: 'TAKEN1' }).where(eq(projects.id, neighbour.id));
    const taken = expectError(
      await kit.resolve(p.owner, project.id, id(6), { value: 'TAKEN1' }),
      409,
      'short_rom_code_already_exists',
    );
    expect(taken.errors[0]!.messages[0]).toBeTruthy();
    expect((await kit.processOf(p.owner, project.id)).activeStepId).toBe(id(6));
    // The same code on another board's project does not stand in the way.
    const [other] = await t.database.db
      .select({ id: boards.id })
      .from(boards)
      .where(eq(boards.name, DEMO_SECURE_DIP_BOARD))
      .limit(1);
    await t.database.db
      .update(projects)
      .set({ boardId: other!.id, shortRomCode: 'ACME01' })
      .where(eq(projects.id, neighbour.id));
    expectOk(await kit.resolve(p.owner, project.id, id(6), { value: 'ACME01' }));
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, p.owner)).shortRomCode).toBe(
      'ACME01',
    );
  });

  it('checks a sales code (deprecated type, existing step) against the project’s', async () => {
    expectError(
      await kit.resolve(p.owner, project.id, id(7), { value: 'not a code!' }),
      400,
      'salescode_invalid',
    );
    await t.database.db.update(projects).set({ salesCode: 'SC123' }).where(eq(projects.id, project.id));
    expectError(
      await kit.resolve(p.owner, project.id, id(7), { value: 'OTHER1' }),
      400,
      'salescode_not_matching',
    );
    const process = expectOk<DipProcess>(await kit.resolve(p.owner, project.id, id(7), { value: 'sc123' }));
    expect(process.activeStepId).toBe(id(8));
  });

  it('needs files for a file step, then waits for the FAE’s confirmation', async () => {
    expectError(await kit.resolve(p.member.tokens, project.id, id(8)), 409, 'dip_files_missing');
    await clearMails();
    const asset = await kit.uploaded(
      p.member.tokens,
      project.id,
      id(8),
      'schematics.pdf',
      '%PDF-1.7 schematics',
    );
    expect(asset).toMatchObject({
      filename: 'schematics.pdf',
      uploadedBy: p.member.email,
      uploadedToStep: 8,
      malwareDetected: false,
      scanStatus: 'not_scanned',
      size: 19,
    });
    // The upload is announced to the other members who want it.
    expect((await kit.queuedMails('asset-upload')).map((mail) => mail.to).sort()).toEqual(
      [p.fae.email, 'customer@portal.test'].sort(),
    );

    let process = expectOk<DipProcess>(await kit.resolve(p.member.tokens, project.id, id(8)));
    expect(process.steps[7]).toMatchObject({
      state: 'active',
      resolved: true,
      waitingFor: 'assigned-to-provider',
    });
    expect(process.workflowStatus).toBe('assigned-to-provider');
    expectError(await kit.resolve(p.member.tokens, project.id, id(8)), 409, 'dip_step_already_resolved');
    expectError(await kit.complete(p.member.tokens, project.id, id(8)), 403, 'forbidden');
    expectError(await kit.complete(p.owner, project.id, id(8)), 403, 'forbidden');
    expect((await kit.processOf(p.fae.tokens, project.id)).steps[7]!.can.complete).toBe(true);

    // Confirming it reaches the child-project step, which the system resolves at once.
    process = expectOk(await kit.complete(p.fae.tokens, project.id, id(8)));
    expect(process.steps[7]!.result).toMatchObject({ completedBy: p.fae.email });
    const child = process.steps[8]!;
    expect(child.state).toBe('completed');
    expect(child.result!.childProjectId).toBeTruthy();
    const made = expectOk<Project>(
      await call('GET', `projects/${child.result!.childProjectId}`, p.member.tokens),
    );
    expect(made.board.name).toBe('DIP_Child');
    expect(made.owner.email).toBe(p.member.email);
    expect(process.activeStepId).toBe(id(10));
    expect(process.workflowStatus).toBe('assigned-to-provider');
  });

  it('completes with the last step and registers the follow-up project for the same owner', async () => {
    await clearMails();
    const process = expectOk<DipProcess>(
      await kit.resolve(p.fae.tokens, project.id, id(10), { checked: true }),
    );
    expect(process.workflowStatus).toBe('resolved');
    expect(process.activeStepId).toBeNull();
    expect(states(process)).toEqual(Array(10).fill('completed'));
    expect(await dipStatusOf(project.id)).toBe('resolved');
    const followUp = expectOk<Project>(await call('GET', `projects/${process.followUp!.projectId}`, p.owner));
    expect(followUp.board.name).toBe('DIP_Next');
    expect(followUp.owner.email).toBe('customer@portal.test');
    // Everyone but the FAE who acted hears of it.
    const mails = await kit.queuedMails('dip-status-change');
    expect(mails.map((mail) => mail.to).sort()).toEqual(['customer@portal.test', p.member.email].sort());
    expect(mails[0]!.text).toContain('follow-up project on DIP_Next');
  });

  it('resets to an earlier step: that step’s and later results and files are discarded', async () => {
    expect(await dipFiles(t.filesDir)).toHaveLength(1);
    // The company space admin may reset only to a step with the CSA-reset flag.
    expectError(await kit.reset(p.csa, project.id, id(5)), 403, 'forbidden');
    expectError(await kit.reset(p.owner, project.id, id(6)), 403, 'forbidden');
    let process = expectOk<DipProcess>(await kit.reset(p.csa, project.id, id(6)));
    expect(states(process)).toEqual([...Array(5).fill('completed'), 'active', ...Array(4).fill('pending')]);
    expect(process.steps.slice(5).map((s) => s.result)).toEqual(Array(5).fill(null));
    expect(process.workflowStatus).toBe('assigned-to-owner');
    expect(await t.database.db.select().from(dipAssets).where(eq(dipAssets.projectId, project.id))).toEqual(
      [],
    );
    expect(await dipFiles(t.filesDir)).toEqual([]);
    const after = expectOk<Project>(await call('GET', `projects/${project.id}`, p.owner));
    expect(after.shortRomCode).toBeNull();
    expect(after.developmentCode).toBe('DEV-42');
    expect(after.dipStatus).toBe('assigned-to-owner');
    // The SRC is free again.
    expectOk(await kit.resolve(p.owner, project.id, id(6), { value: 'ACME01' }));

    expectError(await kit.reset(p.admin, project.id, id(9)), 409, 'dip_step_not_active');
    process = expectOk(await kit.reset(p.admin, project.id, id(2)));
    expect(process.activeStepId).toBe(id(2));
    expect(process.steps[0]!.state).toBe('completed');
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, p.owner))).toMatchObject({
      shortRomCode: null,
      developmentCode: null,
    });
  });

  it('lets an admin act on any step', async () => {
    const process = expectOk<DipProcess>(
      await kit.resolve(p.admin, project.id, id(2), { checked: true, comment: 'Done by the provider.' }),
    );
    expect(process.steps[1]!.result!.resolvedBy).toBe('admin@portal.test');
  });

  it('sends mails only to members whose setting is enabled', async () => {
    expectOk(
      await call('PATCH', `projects/${project.id}/users/me/notifications`, p.member.tokens, {
        type: 'dip-status-change',
        enabled: false,
      }),
    );
    await clearMails();
    // The owner counts as a member of the project, so they may resolve this member step.
    expectOk(await kit.resolve(p.owner, project.id, id(3), { value: 'Changed by the owner.' }));
    const mails = await kit.queuedMails('dip-status-change');
    expect(mails.map((mail) => mail.to)).toEqual([p.fae.email]);
  });
});

describe('follow-ups, system steps and steps that do not apply', () => {
  it('registers the follow-up project for the configured next owner', async () => {
    const first = await kit.board(p.admin, 'DIP_Handover');
    const second = await kit.board(p.admin, 'DIP_Handover_Next');
    const [only] = (await kit.defineDip(p.admin, first.id, [step({ title: 'Hand over' })])).steps;
    expectOk(
      await call('PUT', `boards/${first.id}/follow-up`, p.admin, {
        nextBoardId: second.id,
        nextOwnerEmail: 'promoted@portal.test',
      }),
    );
    const created = await kit.registered(p.owner, 'DIP_Handover');
    const process = expectOk<DipProcess>(await kit.resolve(p.owner, created.id, only!.id, { checked: true }));
    const followUp = expectOk<Project>(await call('GET', `projects/${process.followUp!.projectId}`, p.admin));
    expect(followUp).toMatchObject({
      board: { name: 'DIP_Handover_Next' },
      owner: { email: 'promoted@portal.test' },
    });
    // Completing again after a reset does not register a second one.
    expectOk(await kit.reset(p.admin, created.id, only!.id));
    const again = expectOk<DipProcess>(await kit.resolve(p.owner, created.id, only!.id, { checked: true }));
    expect(again.followUp!.projectId).toBe(process.followUp!.projectId);
  });

  it('runs a first child-project step when the design-in starts (startDesignIn, for registration)', async () => {
    const auto = await kit.board(p.admin, 'DIP_Auto');
    await kit.defineDip(p.admin, auto.id, [
      step({
        title: 'Open the production project',
        completionType: 'child-project',
        resolverRoles: ['nobody'],
        childProject: {
          boardIspn: 'DIP_Child-ISPN',
          ownerEmail: 'promoted@portal.test',
          substituteEmail: p.member.email,
        },
      }),
      step({ title: 'Sign off', resolverRoles: ['project-owner'] }),
    ]);
    const created = await kit.registered(p.owner, 'DIP_Auto');
    expect((await kit.processOf(p.owner, created.id)).workflowStatus).toBe('assigned-to-nobody');
    await t.database.db.transaction((tx) => startDesignIn(tx, created.id));
    const process = await kit.processOf(p.owner, created.id);
    expect(states(process)).toEqual(['completed', 'active']);
    expect(await dipStatusOf(created.id)).toBe('assigned-to-owner');
    const child = expectOk<Project>(
      await call('GET', `projects/${process.steps[0]!.result!.childProjectId}`, p.admin),
    );
    expect(child).toMatchObject({
      owner: { email: 'promoted@portal.test' },
      substitute: { email: p.member.email },
    });
  });

  it('leaves out a configured substitute of another company space: the child project has its owner only', async () => {
    const stranger = await kit.account('dip-sub.beta@example.com', { space: 'Beta Widgets' });
    const spaced = await kit.board(p.admin, 'DIP_Spaced');
    await kit.defineDip(p.admin, spaced.id, [
      step({
        title: 'Open the project abroad',
        completionType: 'child-project',
        resolverRoles: ['nobody'],
        childProject: {
          boardIspn: 'DIP_Child-ISPN',
          ownerEmail: 'promoted@portal.test',
          substituteEmail: stranger.email,
        },
      }),
      step({ title: 'Sign off', resolverRoles: ['project-owner'] }),
    ]);
    const created = await kit.registered(p.owner, 'DIP_Spaced');
    await t.database.db.transaction((tx) => startDesignIn(tx, created.id));
    const process = await kit.processOf(p.owner, created.id);
    expect(states(process)).toEqual(['completed', 'active']);
    const child = expectOk<Project>(
      await call('GET', `projects/${process.steps[0]!.result!.childProjectId}`, p.admin),
    );
    expect(child.owner.email).toBe('promoted@portal.test');
    expect(child.substitute ?? null).toBeNull();
    expect(child.members.map((member) => member.email)).not.toContain(stranger.email);
  });

  it('leaves out a secure step on a non-secure board', async () => {
    const mixed = await kit.board(p.admin, 'DIP_Mixed_Project');
    await kit.defineDip(p.admin, mixed.id, [
      step({ title: 'Normal step' }),
      step({ title: 'Secure step', secure: true }),
    ]);
    const created = await kit.registered(p.owner, 'DIP_Mixed_Project');
    expect((await kit.processOf(p.owner, created.id)).steps.map((s) => s.title)).toEqual(['Normal step']);
  });
});

/** Added by the test below to the demo design-in board; the demo numbers its serials `<code>SN0001` … `SN0005`. */
const OWN_DEMO_BOARD_SERIAL = 'NX114DIPPROCESS1';

describe('the demo design-in processes', () => {
  it('are on NX114_Starter_Kit and SEC282_Starter_Kit, and seeding twice adds nothing', async () => {
    await seedDemoDip(t.database.db);
    await seedDemoDip(t.database.db);
    const boardId = async (name: string) =>
      (await t.database.db.select({ id: boards.id }).from(boards).where(eq(boards.name, name)))[0]!.id;
    const demo = await boardId(DEMO_DIP_BOARD);
    expect(
      expectOk<{ steps: DipStep[] }>(await call('GET', `boards/${demo}/dip-steps`, p.admin)).steps.length,
    ).toBe(7);
    const secure = await boardId(DEMO_SECURE_DIP_BOARD);
    const secureSteps = expectOk<{ steps: DipStep[]; warnings: string[] }>(
      await call('GET', `boards/${secure}/dip-steps`, p.admin),
    );
    expect(secureSteps.steps.map((s) => s.completionType)).toEqual([
      'file-upload-xml-validation',
      'file-upload-encrypted',
      'check',
    ]);
    expect(secureSteps.warnings).toEqual([]);
    // A serial number of this test's own on the demo board: the demo's projects hold its seeded ones.
    expectOk(
      await call('POST', `boards/${demo}/serial-numbers`, p.admin, { serialNumbers: OWN_DEMO_BOARD_SERIAL }),
      201,
    );
    const registered = await kit.registered(p.owner, OWN_DEMO_BOARD_SERIAL);
    const process = await kit.processOf(p.owner, registered.id);
    expect(process.steps[3]!.gettingStarted.map((item) => item.title)).toEqual([
      'Check the reference design',
      'Export the bill of materials',
    ]);
    expect(process.followUp?.nextBoardName).toBe('NX121_Shield');
  });
});
