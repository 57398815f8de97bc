import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addMultipleMembersPayloadSchema, addMultipleMembersResultSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../crud/module.js';
import { errorResponses } from '../../crud/openapi.js';
import { security, tags } from '../../modules/projects/route-schemas.js';

/** `POST projects/add-multiple-members` (spec calls §7.3): many users into many projects at once. */
const addMultipleMembersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { projects } = app;

  app.post(
    '/add-multiple-members',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Add every listed user (by email, of the project’s company space) to every listed project as a member; the caller manages all of them. Answers a batch summary',
        security,
        body: addMultipleMembersPayloadSchema,
        response: { 200: addMultipleMembersResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => projects.addMultipleMembers(request, request.body),
  );
};

export default addMultipleMembersRoutes;
