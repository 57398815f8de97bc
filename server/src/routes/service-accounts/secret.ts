import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceAccountWithSecretSchema, serviceAccountsResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../crud/module.js';
import { bearerSecurity, errorResponses } from '../../crud/openapi.js';

/** Secret rotation: the one service-account action that is not CRUD. */
const serviceAccountSecret: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const repository = app.serviceAccounts;
  app.post(
    '/:id/secret',
    {
      config: { access: access.resource(serviceAccountsResource, 'edit') },
      schema: {
        tags: ['service accounts'],
        summary: 'Replace the secret of a service account; the answer carries the new one, shown this once',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        response: { 200: serviceAccountWithSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.rotateSecret(request, request.params.id),
  );
};

export default serviceAccountSecret;
