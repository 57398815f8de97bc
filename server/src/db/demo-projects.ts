import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { DEFAULT_ESIM_SERIAL_NUMBER } from '@portal/resources';
import type { Executor } from '../crud/repository.js';
import { fullName } from '../crud/audit.js';
import { hashPassword } from '../lib/password.js';
import { initialStatus } from '../modules/dip/process.js';
import { applicableStepRows } from '../modules/dip/records.js';
import { DEMO_DIP_BOARD, DEMO_SECURE_DIP_BOARD } from './demo-dip.js';
import {
  auditLog,
  boards,
  companySpaceMembers,
  companySpaces,
  esimProfiles,
  invitations,
  projectMembers,
  projects,
  serialNumbers,
  users,
} from './tables.js';

/** The eSIM evaluation board: a board is the eSIM board when its own serial number is the configured eSIM serial. */
const DEMO_ESIM_BOARD = {
  name: 'ESIM_Evaluation_Kit',
  ispn: 'ESIM-EVAL',
  serialnumber: DEFAULT_ESIM_SERIAL_NUMBER,
} as const;

/** eSIM profiles handed out one per eSIM board registration (test values of an imaginary operator). */
function demoEsimProfiles(count: number, first = 1) {
  return Array.from({ length: count }, (_, index) => {
    const n = String(first + index).padStart(6, '0');
    return {
      iccid: `8949000000000${n}`,
      activationCode: `1$smdp.example.com$DEMO-${n}`,
      profileName: `Portal IoT ${n}`,
      serviceProviderName: 'Example Mobile',
    };
  });
}

/** Adds the eSIM board with its pool of profiles; does nothing when it exists already. */
export async function seedEsimBoard(tx: Executor, profiles = 20): Promise<void> {
  const [existing] = await tx
    .select({ id: boards.id })
    .from(boards)
    .where(eq(boards.serialnumber, DEFAULT_ESIM_SERIAL_NUMBER))
    .limit(1);
  if (!existing) {
    await tx.insert(boards).values({
      ...DEMO_ESIM_BOARD,
      ispnId: 'ISPN-49999',
      description:
        'Cellular IoT evaluation kit with an embedded SIM: register it to receive an eSIM profile.',
      type: 'Connectivity',
      source: 'portal',
      version: '1.0',
      serialnumberRequired: false,
      releasedForRegistration: true,
      productType: 'board',
    });
  }
  const [pool] = await tx.select({ id: esimProfiles.id }).from(esimProfiles).limit(1);
  if (!pool) await tx.insert(esimProfiles).values(demoEsimProfiles(profiles));
}

/** The second demo company space and its people: no sign-in accounts, they own and join its projects. */
const DEMO_OTHER_SPACE = 'Initech Sensors';
const DEMO_OTHER_PEOPLE = [
  { email: 'lena.lab@initech.test', givenName: 'Lena', familyName: 'Lab', company: 'Initech Sensors' },
  { email: 'omar.ops@initech.test', givenName: 'Omar', familyName: 'Ops', company: 'Initech Sensors' },
];

interface Person {
  id: string;
  email: string;
  company: string | null;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Demo projects on top of the demo boards and accounts (demo-data.ts), across two company spaces. Acme Devices: the
 * demo customer owns three (one on the design-in board NX114_Starter_Kit with a substitute, an FAE and an open
 * invitation; one with a cancellation requested), the promoted user owns a secure one on SEC282_Starter_Kit (in
 * design-in) with the customer as member. Initech Sensors: two projects of its own people. Every step is written
 * to the history as the person who took it. Also adds the eSIM board. Call inside seedDemoData's transaction,
 * after the accounts, the design-in processes and Acme Devices exist; does nothing when any project exists.
 */
export async function seedDemoProjects(tx: Executor): Promise<void> {
  await seedEsimBoard(tx);
  const [anyProject] = await tx.select({ id: projects.id }).from(projects).limit(1);
  if (anyProject) return;
  const personColumns = {
    id: users.id,
    email: users.email,
    company: users.company,
    givenName: users.givenName,
    familyName: users.familyName,
  };
  const people: Person[] = await tx
    .select(personColumns)
    .from(users)
    .where(inArray(users.email, ['customer@portal.test', 'promoted@portal.test', 'internal@portal.test']));
  const person = (email: string) => people.find((p) => p.email === email);
  const customer = person('customer@portal.test');
  const promoted = person('promoted@portal.test');
  const internal = person('internal@portal.test');
  const [space] = await tx
    .select({ id: companySpaces.id, name: companySpaces.name })
    .from(companySpaces)
    .innerJoin(companySpaceMembers, eq(companySpaceMembers.companySpaceId, companySpaces.id))
    .where(eq(companySpaceMembers.userId, customer?.id ?? ''))
    .limit(1);
  if (!customer || !promoted || !internal || !space) return;

  const [other] = await tx.insert(companySpaces).values({ name: DEMO_OTHER_SPACE }).returning();
  const initech: Person[] = await tx
    .insert(users)
    .values(
      DEMO_OTHER_PEOPLE.map((p) => ({
        ...p,
        subject: `demo:${p.email}`,
        issuer: 'demo',
        username: p.email,
        country: 'GB',
        emailVerified: true,
      })),
    )
    .returning(personColumns);
  await tx
    .insert(companySpaceMembers)
    .values(initech.map((p) => ({ userId: p.id, companySpaceId: other!.id, kind: 'member' as const })));
  const [lena, omar] = initech as [Person, Person];

  /** A released, open board's second serial number (the first allows many registrations). */
  const registrable = async (where: { secure: boolean } | { name: string }, count = 1) =>
    tx
      .select({ board: boards, serial: serialNumbers })
      .from(boards)
      .innerJoin(serialNumbers, eq(serialNumbers.boardId, boards.id))
      .where(
        and(
          eq(boards.releasedForRegistration, true),
          eq(boards.restrictedAccess, false),
          'name' in where ? eq(boards.name, where.name) : eq(boards.secure, where.secure),
          eq(serialNumbers.multiRegistration, false),
          like(serialNumbers.value, '%SN0002'),
        ),
      )
      .orderBy(asc(boards.name))
      .limit(count);
  const [designIn] = await registrable({ name: DEMO_DIP_BOARD });
  const [secureBoard] = await registrable({ name: DEMO_SECURE_DIP_BOARD });
  const open = (await registrable({ secure: false }, 6)).filter((at) => at.board.name !== DEMO_DIP_BOARD);
  const plan = [
    { name: 'Motor control demo', group: 'Lab', status: 'active' as const, at: designIn, owner: customer },
    {
      name: 'Sensor fusion',
      group: 'Lab',
      status: 'cancellation-requested' as const,
      at: open[0],
      owner: customer,
    },
    { name: 'Power stage evaluation', group: null, status: 'active' as const, at: open[1], owner: customer },
    {
      name: 'Secure element trial',
      group: 'Security',
      status: 'active' as const,
      at: secureBoard,
      owner: promoted,
    },
    {
      name: 'Radar bring-up',
      group: 'RF',
      status: 'active' as const,
      at: open[2],
      owner: lena,
      space: other!,
    },
    {
      name: 'Sensor hub prototype',
      group: null,
      status: 'active' as const,
      at: open[3],
      owner: omar,
      space: other!,
    },
  ];
  const history: (typeof auditLog.$inferInsert)[] = [];
  const log = (
    at: Date,
    actor: Person,
    entry: Omit<typeof auditLog.$inferInsert, 'at' | 'actorId'>,
    about?: Person,
  ) =>
    history.push({
      at,
      actorId: actor.id,
      ...entry,
      ...(about ? { subjectId: about.id, subjectEmail: about.email, subjectName: fullName(about) } : {}),
    });
  for (const [index, entry] of plan.entries()) {
    if (!entry.at) continue;
    const created = new Date(Date.UTC(2025, 8 + index, 3 + index, 10));
    const day = (n: number) => new Date(created.getTime() + n * 86_400_000);
    const inSpace = entry.space ?? space;
    const [project] = await tx
      .insert(projects)
      .values({
        name: entry.name,
        description: `Demo project on ${entry.at.board.name}.`,
        boardId: entry.at.board.id,
        serialNumberId: entry.at.serial.id,
        companySpaceId: inSpace.id,
        status: entry.status,
        secure: entry.at.board.secure,
        groupName: entry.group,
        ownerCompany: entry.owner.company,
        companyName: inSpace.name,
        // A design-in board's project starts its process, as a registration does.
        dipStatus: initialStatus(await applicableStepRows(tx, entry.at.board)),
        createdAt: created,
        updatedAt: day(1),
      })
      .returning();
    const projectId = project!.id;
    log(created, entry.owner, {
      action: 'create',
      entity: 'project',
      entityId: projectId,
      after: {
        name: entry.name,
        board: entry.at.board.name,
        serialNumber: entry.at.serial.value,
        groupName: entry.group,
      },
    });
    const members: (typeof projectMembers.$inferInsert)[] = [
      { projectId, userId: entry.owner.id, role: 'owner' },
    ];
    const join = (
      who: Person,
      role: 'substitute' | 'fae' | 'member',
      action: 'set_substitute' | 'set_fae' | 'add_members',
      at: Date,
    ) => {
      members.push({ projectId, userId: who.id, role });
      log(
        at,
        entry.owner,
        { action, entity: 'project', entityId: projectId, after: { userId: who.id, email: who.email, role } },
        who,
      );
    };
    if (index === 0) {
      join(promoted, 'substitute', 'set_substitute', day(1));
      join(internal, 'fae', 'set_fae', day(2));
      // An open invitation the customer sent (its password went to the invitee; this one is never told).
      const [invitation] = await tx
        .insert(invitations)
        .values({
          projectId,
          passwordHash: await hashPassword(randomUUID()),
          createdBy: customer.id,
          expiresAt: new Date(Date.UTC(2099, 0, 1)),
          createdAt: day(3),
        })
        .returning({ id: invitations.id, expiresAt: invitations.expiresAt });
      log(day(3), customer, {
        action: 'create_invitation',
        entity: 'project',
        entityId: projectId,
        after: { id: invitation!.id, expiresAt: invitation!.expiresAt.toISOString() },
      });
    }
    if (entry.owner === promoted) join(customer, 'member', 'add_members', day(1));
    if (entry.owner === lena) join(omar, 'member', 'add_members', day(2));
    if (entry.status === 'cancellation-requested')
      log(day(4), entry.owner, {
        action: 'cancel_request',
        entity: 'project',
        entityId: projectId,
        before: { status: 'active' },
        after: { status: entry.status },
      });
    await tx.insert(projectMembers).values(members);
  }
  if (history.length) await tx.insert(auditLog).values(history);
}
