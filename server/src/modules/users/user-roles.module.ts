import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { userRolesResource, type RoleName, type User } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { userRoles, users } from '../../db/schema.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Executor, type Repository } from '../../crud/repository.js';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** Role grants by user (spec §6, calls §7.1): the users holding roles, as user dtos with their roles. */
    userRoles: Repository<UserRow, User>;
  }
}

/** Users with their roles: roles sorted by name, users by email. */
export async function usersWithRoles(db: Executor, rows: UserRow[]): Promise<User[]> {
  if (!rows.length) return [];
  const grants = await db
    .select()
    .from(userRoles)
    .where(
      inArray(
        userRoles.userId,
        rows.map((row) => row.id),
      ),
    );
  return [...rows]
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
    .map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      givenName: row.givenName,
      familyName: row.familyName,
      company: row.company,
      country: row.country,
      emailVerified: row.emailVerified,
      roles: grants
        .filter((grant) => grant.userId === row.id)
        .map((grant) => grant.role as RoleName)
        .sort()
        .map((name) => ({ name })),
    }));
}

/** The users with these ids, with their roles. */
export async function usersWithRolesById(db: Database, ids: string[]): Promise<User[]> {
  if (!ids.length) return [];
  return usersWithRoles(
    db,
    await db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.email)),
  );
}

/** A user holding a role (any role without one). */
const holds = (role?: unknown) =>
  exists(
    sql`(select 1 from ${userRoles} where ${and(
      eq(userRoles.userId, users.id),
      role === undefined ? undefined : eq(userRoles.role, role as RoleName),
    )})`,
  );

export default repositoryModule('userRoles', () =>
  defineRepository<typeof users, User>(userRolesResource, users, {
    columns: { id: users.email, email: users.email },
    filters: { role: (role) => holds(role) },
    scope: () => holds(),
    toRecords: usersWithRoles,
  }),
);
