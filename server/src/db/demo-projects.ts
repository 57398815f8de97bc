import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { DEFAULT_ESIM_SERIAL_NUMBER } from '@portal/resources';
import type { Executor } from '../http/repository.js';
import {
  boards,
  companySpaceMembers,
  companySpaces,
  esimProfiles,
  projectMembers,
  projects,
  serialNumbers,
  users,
} from './tables.js';

/** The eSIM evaluation board: a board is the eSIM board when its own serial number is the configured eSIM serial. */
export const DEMO_ESIM_BOARD = {
  name: 'ESIM_Evaluation_Kit',
  ispn: 'ESIM-EVAL',
  serialnumber: DEFAULT_ESIM_SERIAL_NUMBER,
} as const;

/** eSIM profiles handed out one per eSIM board registration (test values of an imaginary operator). */
export function demoEsimProfiles(count: number, first = 1) {
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

/**
 * Demo projects on top of the demo boards and accounts (demo-data.ts): the demo customer owns three projects in
 * Acme Devices (one with a cancellation requested), the promoted user owns a secure one with the customer as member;
 * plus the eSIM board. Call inside seedDemoData's transaction, after the accounts and Acme Devices exist.
 */
export async function seedDemoProjects(tx: Executor): Promise<void> {
  await seedEsimBoard(tx);
  const people = await tx
    .select({ id: users.id, email: users.email, company: users.company })
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

  const registrable = (secure: boolean) =>
    tx
      .select({ board: boards, serial: serialNumbers })
      .from(boards)
      .innerJoin(serialNumbers, eq(serialNumbers.boardId, boards.id))
      .where(
        and(
          eq(boards.releasedForRegistration, true),
          eq(boards.restrictedAccess, false),
          eq(boards.secure, secure),
          eq(serialNumbers.multiRegistration, false),
          like(serialNumbers.value, '%SN0002'),
        ),
      )
      .orderBy(asc(boards.name))
      .limit(3);
  const open = await registrable(false);
  const [secureBoard] = await registrable(true);
  const plan = [
    { name: 'Motor control demo', group: 'Lab', status: 'active' as const, at: open[0], owner: customer },
    {
      name: 'Sensor fusion',
      group: 'Lab',
      status: 'cancellation-requested' as const,
      at: open[1],
      owner: customer,
    },
    { name: 'Power stage evaluation', group: null, status: 'active' as const, at: open[2], owner: customer },
    {
      name: 'Secure element trial',
      group: 'Security',
      status: 'active' as const,
      at: secureBoard,
      owner: promoted,
    },
  ];
  for (const [index, entry] of plan.entries()) {
    if (!entry.at) continue;
    const created = new Date(Date.UTC(2025, 8 + index, 3 + index, 10));
    const [project] = await tx
      .insert(projects)
      .values({
        name: entry.name,
        description: `Demo project on ${entry.at.board.name}.`,
        boardId: entry.at.board.id,
        serialNumberId: entry.at.serial.id,
        companySpaceId: space.id,
        status: entry.status,
        secure: entry.at.board.secure,
        groupName: entry.group,
        ownerCompany: entry.owner.company,
        companyName: space.name,
        createdAt: created,
        updatedAt: new Date(created.getTime() + 86_400_000),
      })
      .returning({ id: projects.id });
    const members: (typeof projectMembers.$inferInsert)[] = [
      { projectId: project!.id, userId: entry.owner.id, role: 'owner' },
    ];
    if (index === 0) {
      members.push(
        { projectId: project!.id, userId: promoted.id, role: 'substitute' },
        { projectId: project!.id, userId: internal.id, role: 'fae' },
      );
    }
    if (entry.owner === promoted)
      members.push({ projectId: project!.id, userId: customer.id, role: 'member' });
    await tx.insert(projectMembers).values(members);
  }
}
