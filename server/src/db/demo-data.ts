import { Role, type RoleName } from '@portal/resources';
import { hashPassword, sha256Hex, verifyPassword } from '../lib/password.js';
import type { Database } from './client.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  auditLog,
  boards,
  companySpaceMembers,
  companySpaces,
  identityAccounts,
  serviceAccounts,
  userRoles,
  users,
} from './schema.js';
import { serialNumbers } from './schema-boards.js';
import { seedDemoBoardTools } from './demo-board-tools.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoDip } from './demo-dip.js';
import { seedDemoProjects, seedEsimBoard } from './demo-projects.js';

export const DEMO_PASSWORD = 'demo1234';

/** The demo service account with the Admin role, for scripts and smoke tests; README lists the same. */
export const DEMO_SERVICE_ACCOUNT = {
  clientId: 'portal-smoke-test',
  secret: 'demo-service-account-secret',
  userEmail: 'smoke-test@portal.test',
  roles: [Role.Admin],
} as const;

export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  company: string;
  country: string;
  roles: RoleName[];
  describes: string;
}

/** One demo account per role; README lists the same. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@portal.test',
    givenName: 'Ada',
    familyName: 'Admin',
    company: 'Portal Semiconductors',
    country: 'DE',
    roles: [Role.Admin],
    describes: 'administrator',
  },
  {
    email: 'csa@portal.test',
    givenName: 'Carla',
    familyName: 'Spaceadmin',
    company: 'Acme Devices',
    country: 'AT',
    roles: [Role.CompanySpaceAdmin],
    describes: 'company space admin',
  },
  {
    email: 'customer@portal.test',
    givenName: 'Chris',
    familyName: 'Customer',
    company: 'Acme Devices',
    country: 'US',
    roles: [],
    describes: 'customer',
  },
  {
    email: 'internal@portal.test',
    givenName: 'Ines',
    familyName: 'Internal',
    company: 'Portal Semiconductors',
    country: 'DE',
    roles: [Role.InternalUser],
    describes: 'internal user',
  },
  {
    email: 'promoted@portal.test',
    givenName: 'Pat',
    familyName: 'Promoted',
    company: 'Globex Embedded',
    country: 'FR',
    roles: [Role.PromotedUser],
    describes: 'promoted user',
  },
];

const FAMILIES = [
  { prefix: 'NX', kind: 'Microcontroller', type: 'MCU' },
  { prefix: 'PWR', kind: 'Power stage', type: 'Power' },
  { prefix: 'SNS', kind: 'Sensor', type: 'Sensor' },
  { prefix: 'SEC', kind: 'Security controller', type: 'Security' },
  { prefix: 'RF', kind: 'Radar front end', type: 'RF' },
];
const VARIANTS = [
  'Evaluation Kit',
  'Starter Kit',
  'Shield',
  'Reference Board',
  'Application Kit',
  'Lite Kit',
  'Pro Kit',
  'Demo Board',
];

/** A realistic board catalogue: 40 boards over five product families. */
function demoBoards(): (typeof boards.$inferInsert)[] {
  const rows: (typeof boards.$inferInsert)[] = [];
  let n = 0;
  for (const family of FAMILIES) {
    for (const variant of VARIANTS) {
      n += 1;
      const code = `${family.prefix}${(100 + n * 7).toString()}`;
      const secure = family.prefix === 'SEC';
      const created = new Date(Date.UTC(2025, n % 12, 1 + (n % 27), 9, 0, 0));
      rows.push({
        ispnId: `ISPN-${(40000 + n).toString()}`,
        ispn: `${code}-${variant.replace(/\s+/g, '').toUpperCase().slice(0, 6)}`,
        name: `${code}_${variant.replace(/\s+/g, '_')}`,
        description: `${family.kind} ${code} ${variant.toLowerCase()} for evaluating the device in your own design.`,
        type: family.type,
        source: n % 3 === 0 ? 'BSG' : 'portal',
        version: `${1 + (n % 3)}.${n % 5}`,
        productPageUrl: `https://www.example.com/products/${code.toLowerCase()}`,
        image: null,
        serialnumberRequired: n % 4 !== 0,
        releasedForRegistration: n % 5 !== 0,
        restrictedAccess: n % 7 === 0,
        secure,
        showInRegistrationPage: true,
        productType: variant.includes('Board') || variant.includes('Shield') ? 'board' : 'chip',
        createdAt: created,
        updatedAt: new Date(created.getTime() + n * 86_400_000),
      });
    }
  }
  return rows;
}

/**
 * Fills an empty database with the demo catalogue and accounts. Does nothing when any board or user exists,
 * so a restart never duplicates and never touches real data.
 */
export async function seedDemoData(
  db: Database,
  issuerKey: string,
  /** `projects: false` leaves the demo projects out (the server tests' snapshot; their lists start empty). */
  options: { projects?: boolean } = {},
): Promise<boolean> {
  const [existing] = await db
    .select({
      boards: sql<number>`(select count(*) from ${boards})::int`,
      users: sql<number>`(select count(*) from ${users})::int`,
    })
    .from(sql`(select 1) as one`);
  if (existing && existing.boards + existing.users > 0) return false;

  await db.transaction(async (tx) => {
    const boardRows = await tx
      .insert(boards)
      .values(demoBoards())
      .returning({ id: boards.id, name: boards.name });
    // Five serial numbers per board: <board code>SN0001 … SN0005; the first of each board allows multi registration.
    await tx.insert(serialNumbers).values(
      boardRows.flatMap((board) =>
        [1, 2, 3, 4, 5].map((i) => ({
          boardId: board.id,
          value: `${board.name.split('_')[0]}SN${String(i).padStart(4, '0')}`,
          multiRegistration: i === 1,
        })),
      ),
    );
    for (const account of DEMO_ACCOUNTS) {
      const [identity] = await tx
        .insert(identityAccounts)
        .values({
          email: account.email,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          givenName: account.givenName,
          familyName: account.familyName,
          company: account.company,
          country: account.country,
          emailVerified: true,
        })
        .returning({ id: identityAccounts.id });
      const [user] = await tx
        .insert(users)
        .values({
          subject: identity!.id,
          issuer: issuerKey,
          username: account.email,
          email: account.email,
          givenName: account.givenName,
          familyName: account.familyName,
          company: account.company,
          country: account.country,
          emailVerified: true,
        })
        .returning({ id: users.id });
      if (account.roles.length > 0) {
        await tx.insert(userRoles).values(account.roles.map((role) => ({ userId: user!.id, role })));
        // The grants in the history, by the system (no actor), as part of the user and about them.
        await tx.insert(auditLog).values(
          account.roles.map((role) => ({
            action: 'create',
            entity: 'user_role',
            entityId: user!.id,
            parentEntity: 'user',
            parentId: user!.id,
            subjectId: user!.id,
            subjectEmail: account.email,
            subjectName: `${account.givenName} ${account.familyName}`,
            after: { role },
            at: new Date(Date.UTC(2025, 0, 1, 8)),
          })),
        );
      }
    }
    // Acme Devices: the company space of the demo company space admin and the demo customer.
    const [acme] = await tx
      .insert(companySpaces)
      .values({ name: 'Acme Devices' })
      .returning({ id: companySpaces.id });
    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['csa@portal.test', 'customer@portal.test', 'promoted@portal.test']));
    await tx
      .insert(companySpaceMembers)
      .values(members.map((m) => ({ userId: m.id, companySpaceId: acme!.id, kind: 'member' as const })));
    await seedDemoCatalogue(tx);
    await seedDemoDip(tx);
    // The eSIM board and its pool of profiles, so registering it hands out a profile (customer /my/projects/create/eSim).
    await seedEsimBoard(tx);
    await seedDemoBoardTools(tx);
    // Projects across two company spaces, with their history.
    if (options.projects !== false) await seedDemoProjects(tx);

    const [robot] = await tx
      .insert(users)
      .values({
        subject: `service-account:${DEMO_SERVICE_ACCOUNT.userEmail}`,
        issuer: 'service-account',
        username: DEMO_SERVICE_ACCOUNT.userEmail,
        email: DEMO_SERVICE_ACCOUNT.userEmail,
        givenName: 'Smoke',
        familyName: 'Test',
        emailVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(serviceAccounts).values({
      clientId: DEMO_SERVICE_ACCOUNT.clientId,
      secretHash: sha256Hex(DEMO_SERVICE_ACCOUNT.secret),
      userId: robot!.id,
      roles: [...DEMO_SERVICE_ACCOUNT.roles],
      description: 'Demo service account for scripts and smoke tests',
    });
  });
  return true;
}

/**
 * Whether the database holds a demo credential that the README publishes: the demo service account with its
 * secret, or a demo account that still has the demo password. Such a database is a local trial's.
 */
export async function holdsPublishedDemoCredentials(db: Database): Promise<boolean> {
  const [robot] = await db
    .select({ clientId: serviceAccounts.clientId })
    .from(serviceAccounts)
    .where(
      and(
        eq(serviceAccounts.clientId, DEMO_SERVICE_ACCOUNT.clientId),
        eq(serviceAccounts.secretHash, sha256Hex(DEMO_SERVICE_ACCOUNT.secret)),
      ),
    )
    .limit(1);
  if (robot) return true;
  const accounts = await db
    .select({ passwordHash: identityAccounts.passwordHash })
    .from(identityAccounts)
    .where(
      inArray(
        identityAccounts.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  for (const account of accounts) {
    if (await verifyPassword(DEMO_PASSWORD, account.passwordHash)) return true;
  }
  return false;
}
