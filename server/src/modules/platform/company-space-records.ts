import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CompanySpace, CompanySpaceMemberKind, CompanySpaceUser } from '@portal/resources';
import { companySpaceMembers, companySpaces, users } from '../../db/schema.js';

/** One type for the database or a transaction of it (`crud/repository.ts`). */
import type { Executor } from '../../crud/repository.js';
export type { Executor };

export type CompanySpaceRow = typeof companySpaces.$inferSelect;

/** Company space records built from the tables: members and FAEs from the membership rows, each sorted by email. */
export async function companySpaceRecords(db: Executor, rows: CompanySpaceRow[]): Promise<CompanySpace[]> {
  if (!rows.length) return [];
  const people = await db
    .select({
      companySpaceId: companySpaceMembers.companySpaceId,
      kind: companySpaceMembers.kind,
      id: users.id,
      username: users.username,
      email: users.email,
    })
    .from(companySpaceMembers)
    .innerJoin(users, eq(users.id, companySpaceMembers.userId))
    .where(
      inArray(
        companySpaceMembers.companySpaceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(sql`lower(${users.email})`, asc(users.email), asc(users.id));
  const of = (spaceId: string, kind: CompanySpaceMemberKind): CompanySpaceUser[] =>
    people
      .filter((person) => person.companySpaceId === spaceId && person.kind === kind)
      .map(({ id, username, email }) => ({ id, username, email }));
  return rows.map((row) => ({
    uuid: row.id,
    name: row.name,
    members: of(row.id, 'member'),
    faes: of(row.id, 'fae'),
  }));
}

export async function companySpaceRecord(db: Executor, row: CompanySpaceRow): Promise<CompanySpace> {
  const [record] = await companySpaceRecords(db, [row]);
  return record!;
}

export async function findCompanySpace(db: Executor, id: string): Promise<CompanySpaceRow | undefined> {
  const [row] = await db.select().from(companySpaces).where(eq(companySpaces.id, id)).limit(1);
  return row;
}

/** The ids of the company space a user belongs to, as a subquery for a list's row scope. */
export const companySpaceIdsOf = (db: Executor, userId: string) =>
  db
    .select({ id: companySpaceMembers.companySpaceId })
    .from(companySpaceMembers)
    .where(eq(companySpaceMembers.userId, userId));

/** A portal user by email address, ignoring case; the oldest account when several issuers know the address. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/** Where a user belongs (as member or FAE), if anywhere: a user is in at most one company space. */
export async function membershipOf(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(companySpaceMembers)
    .where(eq(companySpaceMembers.userId, userId))
    .limit(1);
  return row;
}
