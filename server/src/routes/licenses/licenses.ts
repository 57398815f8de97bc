import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenseRecordSchema, licenseUpdateSchema, licensesResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity as security, idParams } from '../../crud/openapi.js';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { errorResponses } from '../../crud/openapi.js';

/** Licenses (spec §2.2 /my/assets): each visible to its owner and to admins; admins revoke them. */
const licenseRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const repository = app.licenses;

  await app.register(
    resourceRoutes(
      licensesResource,
      { list: repository.list, show: repository.show },
      {
        owned: true,
        summaries: {
          list: "Licenses: the caller's own (spec §2.2 /my/assets), every customer's for an admin (filter status: active, expired, revoked, perpetual)",
          show: 'One license (its holder or an admin)',
        },
      },
    ),
    { db },
  );

  app.put(
    '/:id',
    {
      config: { access: access.resource(licensesResource, 'edit') },
      schema: {
        tags: ['licenses'],
        summary: 'Revoke or restore a license, with a note',
        security,
        params: idParams,
        body: licenseUpdateSchema,
        response: { 200: licenseRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.update(request, request.params.id, request.body),
  );
};

export default licenseRoutes;
