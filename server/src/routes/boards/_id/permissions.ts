import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardPermissionsResource, restrictionEntrySchema, restrictionGrantSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { resourceRoutes } from '../../../crud/resource-routes.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, boardParent, security, tags } from '../../../modules/boards/route-schemas.js';

const permissionParams = z.object({ id: z.uuid(), userId: z.uuid() });

/**
 * Board permissions exactly as spec calls §7.2: granted by user email, revoked per user. A board permission lets
 * its user register the board while it is restricted, like an email on the restriction list but bound to the
 * account (the list takes addresses of people who have not signed in yet). The list from the definition; granting
 * and revoking (audited on the board) beside it.
 */
const boardPermissionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { grant, revoke } = app.boardContent;
  const { db } = options;
  await app.register(
    resourceRoutes(boardPermissionsResource, 'boardPermissions', {
      actions: ['list'],
      parent: boardParent(app, db),
    }),
    { db },
  );

  app.post(
    '/permissions',
    {
      config: { access: access.resource(boardPermissionsResource, 'create') },
      schema: {
        tags,
        summary:
          'Grant a portal user (by email, any case) a permission for the board: 404 when no user has this email, 409 duplicate when the user has it already. Answers the created permission',
        security,
        params: boardParams,
        body: restrictionGrantSchema,
        response: { 201: restrictionEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await grant(request, request.params.id, request.body.userEmail)),
  );

  app.delete(
    '/permissions/:userId',
    {
      config: { access: access.resource(boardPermissionsResource, 'delete') },
      schema: {
        tags,
        summary:
          "Revoke a user's permission for the board; 404 when the user has none. Answers the revoked permission (clients need not read it)",
        security,
        params: permissionParams,
        response: { 200: restrictionEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => revoke(request, request.params.id, request.params.userId),
  );
};

export default boardPermissionRoutes;
