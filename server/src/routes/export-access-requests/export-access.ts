import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportAccessDecisionSchema,
  exportAccessRequestSchema,
  exportAccessRequestsResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity as security, idParams } from '../../crud/openapi.js';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { errorResponses } from '../../crud/openapi.js';

const tags = ['export access'];

/** Export access requests: a customer sees their own, an admin every one and decides them. */
const exportAccessRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const repository = app.exportAccessRequests;

  await app.register(
    resourceRoutes(
      exportAccessRequestsResource,
      { list: repository.list, show: repository.show },
      {
        owned: true,
        tags,
        summaries: {
          list: "Export access requests: the caller's own, or every one for an admin (filters status, q)",
          show: 'One export access request (its requester or an admin)',
        },
      },
    ),
    { db },
  );

  app.put(
    '/:id',
    {
      config: { access: access.resource(exportAccessRequestsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Grant or refuse a pending request (a refusal says why); a granted one can be refused later, which withdraws the access',
        security,
        params: idParams,
        body: exportAccessDecisionSchema,
        response: { 200: exportAccessRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => repository.decide(request, request.params.id, request.body),
  );
};

export default exportAccessRoutes;
