import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySpaceMemberInputSchema, companySpaceSchema, companySpacesResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../crud/module.js';
import { bearerSecurity as security, errorResponses } from '../../crud/openapi.js';

const spaceParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
const tags = ['company spaces'];

/**
 * Members and FAEs of a company space (spec §3): added by email, removed by id; admins, or the company space
 * admin of this space (the repository's reach).
 */
const companySpaceMemberRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const members = app.companySpaceMembers;
  for (const kind of members.kinds) {
    const { list, article } = kind;
    app.post(
      `/:id/${list}`,
      {
        config: { access: access.resource(companySpacesResource, 'edit') },
        schema: {
          tags,
          summary: `Add an existing portal user as ${article} by email; answers the company space (admin, or the company space admin of this space)`,
          security,
          params: spaceParams,
          body: companySpaceMemberInputSchema,
          response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => members.add(request, request.params.id, kind, request.body.email),
    );

    app.delete(
      `/:id/${list}/:userId`,
      {
        config: { access: access.resource(companySpacesResource, 'edit') },
        schema: {
          tags,
          summary: `Remove ${article} from the company space; answers the company space (admin, or the company space admin of this space)`,
          security,
          params: memberParams,
          response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => members.remove(request, request.params.id, kind, request.params.userId),
    );
  }
};

export default companySpaceMemberRoutes;
