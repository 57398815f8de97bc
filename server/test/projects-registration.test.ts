import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ESIM_SERIAL_NUMBER, type ESimProfile, type Project } from '@portal/resources';
import { seedEsimBoard } from '../src/db/demo-projects.js';
import { auditLog, boardRestrictions, esimProfiles, projects, serialNumbers } from '../src/db/tables.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectError, expectOk, register, registered } = kit;
let boards: Awaited<ReturnType<typeof demoBoards>>;
let customer: Tokens;
let admin: Tokens;
let promoted: Tokens;
let internal: Tokens;
let csa: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  await seedEsimBoard(t.database.db, 3);
  // The demo data seeds a pool of 20 eSIM profiles; the pool here holds 3, so it runs dry below.
  await t.database.db
    .delete(esimProfiles)
    .where(
      notInArray(
        esimProfiles.id,
        t.database.db.select({ id: esimProfiles.id }).from(esimProfiles).orderBy(esimProfiles.iccid).limit(3),
      ),
    );
  boards = await demoBoards(t);
  const as = (name: string) => signIn(t.app, { email: `${name}@portal.test` });
  [customer, admin, promoted, internal, csa] = await Promise.all([
    as('customer'),
    as('admin'),
    as('promoted'),
    as('internal'),
    as('csa'),
  ]);
});
afterAll(() => t?.close());

describe('POST projects: registration by serial number', () => {
  it('refuses without acceptServiceAgreement=true', async () => {
    const serial = boards.serial(boards.open[0]!, 2);
    const without = await call('POST', 'projects', customer, { name: 'P', board: serial });
    expect(expectError(without, 400, 'invalid_request').errors[0]!.resources).toEqual([
      'acceptServiceAgreement',
    ]);
    expectError(
      await call('POST', 'projects?acceptServiceAgreement=false', customer, { name: 'P', board: serial }),
      400,
      'invalid_request',
    );
  });

  it('registers a serial number: the caller owns it, in their company space, audited', async () => {
    const board = boards.open[0]!;
    const project = await registered(customer, boards.serial(board, 2), {
      name: 'Motor control',
      description: 'First try',
      group: 'Lab',
    });
    expect(project).toMatchObject({
      name: 'Motor control',
      description: 'First try',
      group: 'Lab',
      status: 'active',
      secure: false,
      companyName: 'Acme Devices',
      ownerCompany: 'Acme Devices',
      board: { id: board.id, name: board.name },
      owner: { email: 'customer@portal.test', roles: ['owner'] },
      substitute: null,
      fae: null,
      invitation: null,
      assets: [],
    });
    expect(project.uuid).toBe(project.id);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.serialNumberId).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.entityId, project.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('registers a single-registration serial number once: 409 serial_number_already_registered after', async () => {
    const serial = boards.serial(boards.open[0]!, 3);
    await registered(customer, serial);
    const again = expectError(await register(promoted, serial), 409, 'serial_number_already_registered');
    expect(again.errors[0]!.resources).toEqual(['board']);
    expectError(await register(customer, serial), 409, 'serial_number_already_registered');
  });

  it('registers a multi-registration serial number any number of times', async () => {
    const serial = boards.serial(boards.open[1]!, 1);
    const first = await registered(customer, serial);
    const second = await registered(promoted, serial);
    expect(second.id).not.toBe(first.id);
    await registered(customer, serial);
  });

  it('frees a serial number when its project is deleted', async () => {
    const serial = boards.serial(boards.open[1]!, 5);
    const project = await registered(customer, serial);
    expectOk(await call('DELETE', `projects/${project.id}`, customer));
    await registered(customer, serial);
  });

  it('lets exactly one of 20 concurrent registrations of one serial number win', async () => {
    const serial = boards.serial(boards.open[2]!, 4);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(i % 2 ? customer : promoted, serial, { name: `Race ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json<{ errors: { errorCode: string }[] }>().errors[0]!.errorCode).toBe(
        'serial_number_already_registered',
      );
    }
    const [serialRow] = await t.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.value, serial));
    const rows = await t.database.db
      .select()
      .from(projects)
      .where(eq(projects.serialNumberId, serialRow!.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an underscore-free value with a space', 'NX 107'],
    ['punctuation', 'NX107SN0001!'],
    ['a dot', 'NX107.SN'],
  ])('refuses %s in the serial number (letters, digits, hyphens)', async (_case, board) => {
    const body = expectError(await register(customer, board), 400, 'invalid_request');
    expect(body.errors[0]!.resources).toEqual(['body.board']);
    expect(body.errors[0]!.messages[0]).toBe(
      'A serial number may consist only of letters, numbers and hyphens.',
    );
  });

  it('refuses a missing board and an unknown serial number', async () => {
    const missing = await call('POST', 'projects?acceptServiceAgreement=true', customer, { name: 'P' });
    expect(expectError(missing, 400, 'invalid_request').errors[0]!.messages).toEqual(['Select a product.']);
    expectError(await register(customer, 'NO-SUCH-SERIAL-1'), 404, 'not_found');
  });

  it('refuses boards not released for registration', async () => {
    const response = await register(customer, boards.serial(boards.unreleased, 2));
    expectError(response, 403, 'forbidden');
    expect(response.json<{ errors: { messages: string[] }[] }>().errors[0]!.messages[0]).toContain(
      'not released',
    );
  });

  it('registers restricted boards only for their listed emails', async () => {
    const board = boards.restricted;
    expectError(await register(customer, boards.serial(board, 2)), 403, 'forbidden');
    await t.database.db
      .insert(boardRestrictions)
      .values({ boardId: board.id, email: 'Customer@Portal.test' });
    await registered(customer, boards.serial(board, 2));
    expectError(await register(promoted, boards.serial(board, 3)), 403, 'forbidden');
  });

  it('needs a company space: no_company_space without one, wrong_company_space for another', async () => {
    expectError(await register(internal, boards.serial(boards.open[3]!, 2)), 403, 'no_company_space');
    const other = await kit.spaceId('Other Space');
    expectError(
      await register(customer, boards.serial(boards.open[3]!, 2), { companySpaceUuid: other }),
      403,
      'wrong_company_space',
    );
    const acme = await kit.spaceId('Acme Devices');
    await registered(customer, boards.serial(boards.open[3]!, 2), { companySpaceUuid: acme });
  });
});

describe('POST projects: registration by board name', () => {
  it('registers a board that needs no serial number by its name or id, any number of times', async () => {
    const byName = await registered(customer, boards.noSerial.name);
    expect(byName.board.id).toBe(boards.noSerial.id);
    const byId = await registered(customer, boards.noSerial.id);
    expect(byId.board.id).toBe(boards.noSerial.id);
  });

  it('asks for the serial number of a board that needs one', async () => {
    const body = expectError(await register(customer, boards.open[0]!.name), 400, 'invalid_request');
    expect(body.errors[0]!.messages[0]).toBe('A serial number is required.');
    expectError(await register(customer, boards.open[0]!.id), 400, 'invalid_request');
  });
});

describe('POST projects: owner, substitute and FAE', () => {
  it('takes a substitute and a provider FAE, and refuses the owner as substitute', async () => {
    const project = await registered(customer, boards.serial(boards.open[4]!, 2), {
      substitute: 'promoted@portal.test',
      fae: 'internal@portal.test',
    });
    expect(project.substitute?.email).toBe('promoted@portal.test');
    expect(project.fae?.email).toBe('internal@portal.test');
    expect(project.members.map((m) => [m.email, m.roles[0]])).toEqual(
      expect.arrayContaining([
        ['customer@portal.test', 'owner'],
        ['promoted@portal.test', 'substitute'],
        ['internal@portal.test', 'fae'],
      ]),
    );
    const same = await register(customer, boards.serial(boards.open[4]!, 3), {
      owner: 'customer@portal.test',
      substitute: 'CUSTOMER@portal.test',
    });
    expectError(same, 400, 'owner_equals_substitute');
    const defaultOwner = await register(customer, boards.serial(boards.open[4]!, 3), {
      substitute: 'customer@portal.test',
    });
    expectError(defaultOwner, 400, 'owner_equals_substitute');
  });

  it('refuses an FAE outside the provider domains and unknown people', async () => {
    expectError(
      await register(customer, boards.serial(boards.open[4]!, 4), { fae: 'fae@example.com' }),
      400,
      'invalid_request',
    );
    expectError(
      await register(customer, boards.serial(boards.open[4]!, 4), { substitute: 'nobody@example.com' }),
      404,
      'not_found',
    );
    expectError(
      await register(customer, boards.serial(boards.open[4]!, 4), { fae: 'nobody@portal.test' }),
      404,
      'not_found',
    );
  });

  it('registers for someone else only as admin or their company space admin', async () => {
    expectError(
      await register(promoted, boards.serial(boards.open[5]!, 2), { owner: 'customer@portal.test' }),
      403,
      'forbidden',
    );
    const byCsa = await registered(csa, boards.serial(boards.open[5]!, 2), { owner: 'customer@portal.test' });
    expect(byCsa.owner.email).toBe('customer@portal.test');
    const byAdmin = await registered(admin, boards.serial(boards.open[5]!, 3), {
      owner: 'promoted@portal.test',
    });
    expect(byAdmin.owner.email).toBe('promoted@portal.test');
    expectError(
      await register(admin, boards.serial(boards.open[5]!, 4), { owner: 'internal@portal.test' }),
      403,
      'no_company_space',
    );
  });
});

describe('POST projects: secure boards', () => {
  it('refuses users who are not promoted, asks promoted users for the second factor, registers with it', async () => {
    const serial = boards.serial(boards.secure, 2);
    expectError(await register(customer, serial), 403, 'not_promoted');
    expectError(await register(promoted, serial), 403, 'missing_multifactor_auth');
    const mfa = await kit.mfaToken('promoted@portal.test');
    const project = await registered(mfa, serial);
    expect(project.secure).toBe(true);
    expect(project.board.secure).toBe(true);
  });
});

describe('the eSIM board', () => {
  it('hands out one eSIM profile per registration and answers it at GET eSim/profile', async () => {
    expectError(await call('GET', 'eSim/profile', customer), 404, 'not_found');
    const project = await registered(customer, DEFAULT_ESIM_SERIAL_NUMBER, { name: 'Tracker' });
    expect(project.board.name).toBe('ESIM_Evaluation_Kit');
    const profile = expectOk<ESimProfile>(await call('GET', 'eSim/profile', customer));
    expect(profile).toMatchObject({ serviceProviderName: 'Example Mobile' });
    expect(profile.qrCode).toBe(`LPA:${profile.activationCode}`);
    const [row] = await t.database.db
      .select()
      .from(esimProfiles)
      .where(eq(esimProfiles.iccid, profile.iccid));
    expect(row!.projectId).toBe(project.id);
    await registered(promoted, 'ESIM_Evaluation_Kit');
    const other = expectOk<ESimProfile>(await call('GET', 'eSim/profile', promoted));
    expect(other.iccid).not.toBe(profile.iccid);
  });

  it('answers 409 when the profile pool is empty, and registers nothing', async () => {
    // One profile per user (issue 17): the pool's last profile and the empty pool meet two more people.
    const third = (await kit.account('esim-third@portal.test', { space: 'Acme Devices' })).tokens;
    const fourth = (await kit.account('esim-fourth@portal.test', { space: 'Acme Devices' })).tokens;
    await registered(third, DEFAULT_ESIM_SERIAL_NUMBER);
    const before = (await t.database.db.select().from(projects)).length;
    expectError(await register(fourth, DEFAULT_ESIM_SERIAL_NUMBER), 409, 'conflict');
    expect((await t.database.db.select().from(projects)).length).toBe(before);
  });
});

describe('GET projects/{id} of a new project', () => {
  it('is what POST answered', async () => {
    const created = await registered(customer, boards.serial(boards.open[6]!, 2));
    const read = expectOk<Project>(await call('GET', `projects/${created.id}`, customer));
    expect(read).toEqual(created);
  });
});
