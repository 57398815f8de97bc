import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DUPLICATE_ROLE_GRANT_MESSAGE,
  OWN_ROLE_REMOVAL_MESSAGE,
  toCsv,
  userRoleChangeSchema,
  userSchema,
  type User,
  MESSAGES,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { userRoles, users } from '../../../db/schema.js';
import { audit } from '../../../http/audit.js';
import { ApiError, notFound } from '../../../http/errors.js';
import type { ModuleOptions } from '../../../http/module.js';
import { errorResponses } from '../../../http/openapi.js';
import { usersWithRolesById } from '../../../modules/users/user-roles.js';

const adminOnly = access.roles(['ADMIN']);

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

/** Role grants (calls §7.1): grant and remove one role by email, and every assignment as CSV. */
const roleGrants: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const findUserByEmail = async (email: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  };

  app.get(
    '/csv',
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
      const list = await usersWithRolesById(
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
    '',
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
      return (await usersWithRolesById(db, [target.id]))[0]!;
    },
  );

  app.delete(
    '',
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
      return (await usersWithRolesById(db, [target.id]))[0]!;
    },
  );
};

export default roleGrants;
