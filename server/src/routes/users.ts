import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DUPLICATE_ROLE_GRANT_MESSAGE,
  OWN_ROLE_REMOVAL_MESSAGE,
  ROLE_NAMES,
  formatContentRange,
  toCsv,
  userRoleChangeSchema,
  userSchema,
  type RoleName,
  type User,
  MESSAGES,
} from '@portal/resources';
import { access } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { userRoles, users } from '../db/schema.js';
import { audit } from '../http/audit.js';
import { ApiError, notFound } from '../http/errors.js';
import { rangeOf } from '../http/list-query.js';
import { errorResponses } from './schemas.js';

const adminOnly = access.roles(['ADMIN']);

/** Users with their roles, newest grant order irrelevant: roles sorted by name, users by email. */
async function usersWithRoles(db: Database, userIds: string[]): Promise<User[]> {
  if (!userIds.length) return [];
  const rows = await db.select().from(users).where(inArray(users.id, userIds)).orderBy(asc(users.email));
  const grants = await db.select().from(userRoles).where(inArray(userRoles.userId, userIds));
  return rows.map((row) => ({
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

/** Role assignments as CSV: one row per user, roles joined by semicolons (`toCsv` neutralises formula cells). */
function rolesCsv(list: User[]): string {
  return toCsv([
    ['email', 'username', 'givenName', 'familyName', 'roles'],
    ...list.map((user) => [
      user.email,
      user.username,
      user.givenName ?? '',
      user.familyName ?? '',
      user.roles.map((r) => r.name).join(';'),
    ]),
  ]);
}

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const findUserByEmail = async (email: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  };

  app.get(
    '/users/me',
    {
      config: { access: access.signedIn({ unverified: true }) },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their roles',
        security: [{ bearer: [] }],
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { subject: _subject, ...user } = request.currentUser!;
      return user;
    },
  );

  app.get(
    '/users/roles',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary:
          'Users holding a role (all users holding any role without `role`); Range header pages the list',
        security: [{ bearer: [] }],
        querystring: z.object({ role: z.enum(ROLE_NAMES).optional() }),
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { role } = request.query;
      const range = rangeOf(request.headers.range);
      const holds = exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), role ? eq(userRoles.role, role) : undefined)),
      );
      const query = db.select({ id: users.id }).from(users).where(holds).orderBy(asc(users.email));
      const ids = (await query.limit(range.limit).offset(range.offset)).map((r) => r.id);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .where(holds);
      reply.header(
        'Content-Range',
        formatContentRange({ resource: 'user-roles', offset: range.offset, limit: ids.length, total }),
      );
      return usersWithRoles(db, ids);
    },
  );

  app.get(
    '/users/roles/csv',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary: 'Every role assignment: JSON user dtos, or CSV when the request accepts text/csv',
        security: [{ bearer: [] }],
        response: { 200: z.union([z.array(userSchema), z.string()]), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const holders = await db.selectDistinct({ id: userRoles.userId }).from(userRoles);
      const list = await usersWithRoles(
        db,
        holders.map((h) => h.id),
      );
      const accept = request.headers.accept ?? '';
      if (/\btext\/csv\b/.test(accept) && !/application\/json/.test(accept.split(',')[0] ?? '')) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="user-roles.csv"')
          .serializer((payload: unknown) => payload as string)
          .send(rolesCsv(list));
      }
      return list;
    },
  );

  app.post(
    '/users/roles',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary: 'Grant a role to a user (by email)',
        security: [{ bearer: [] }],
        body: userRoleChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { role, user: email } = request.body;
      const target = await findUserByEmail(email);
      if (!target) throw notFound(MESSAGES.userNotFound, ['user']);
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(userRoles)
          .values({ userId: target.id, role })
          .onConflictDoNothing()
          .returning();
        if (rows.length)
          await audit(tx, request, {
            action: 'create',
            entity: 'user_role',
            entityId: target.id,
            after: { role },
          });
        return rows.length > 0;
      });
      if (!inserted) throw ApiError.of(409, 'duplicate', DUPLICATE_ROLE_GRANT_MESSAGE, ['user', 'role']);
      return (await usersWithRoles(db, [target.id]))[0]!;
    },
  );

  app.delete(
    '/users/roles',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary: 'Remove a role from a user; removing one of your own needs confirmOwnRole: true',
        security: [{ bearer: [] }],
        body: userRoleChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { role, user: email, confirmOwnRole } = request.body;
      const target = await findUserByEmail(email);
      if (!target) throw notFound(MESSAGES.userNotFound, ['user']);
      if (target.id === request.currentUser!.id && confirmOwnRole !== true) {
        throw ApiError.of(409, 'confirmation_required', OWN_ROLE_REMOVAL_MESSAGE, ['confirmOwnRole']);
      }
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(userRoles)
          .where(and(eq(userRoles.userId, target.id), eq(userRoles.role, role)))
          .returning();
        if (rows.length)
          await audit(tx, request, {
            action: 'delete',
            entity: 'user_role',
            entityId: target.id,
            before: { role },
          });
        return rows.length > 0;
      });
      if (!removed) throw notFound('The user does not have this role.', ['role']);
      return (await usersWithRoles(db, [target.id]))[0]!;
    },
  );
};
