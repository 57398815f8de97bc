import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv, userRoleChangeSchema, userSchema, type User } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses, bearerSecurity } from '../../../crud/openapi.js';

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
const roleGrants: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const grants = app.roleGrants;

  app.get(
    '/csv',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary: 'Every role assignment: JSON user dtos, or CSV when the request accepts text/csv',
        security: bearerSecurity,
        response: { 200: z.union([z.array(userSchema), z.string()]), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const list = await grants.holders();
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
        security: bearerSecurity,
        body: userRoleChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => grants.grant(request, request.body.user, request.body.role),
  );

  app.delete(
    '',
    {
      config: { access: adminOnly },
      schema: {
        tags: ['users'],
        summary: 'Remove a role from a user; removing one of your own needs confirmOwnRole: true',
        security: bearerSecurity,
        body: userRoleChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { role, user: email, confirmOwnRole } = request.body;
      return grants.revoke(request, email, role, confirmOwnRole);
    },
  );
};

export default roleGrants;
