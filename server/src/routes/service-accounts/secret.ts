import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceAccountWithSecretSchema, serviceAccountsResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { audit } from '../../crud/audit.js';
import { notFound } from '../../transport/errors.js';
import type { ModuleOptions } from '../../crud/module.js';
import { bearerSecurity, errorResponses } from '../../crud/openapi.js';
import { findRow } from '../../crud/repository.js';

/** Secret rotation: the one service-account action that is not CRUD. */
const serviceAccountSecret: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
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
    async (request) =>
      db.transaction(async (tx) => {
        const row = await findRow(repository, tx, request, request.params.id);
        if (!row) throw notFound('Service account not found.', ['service-account']);
        const secret = await repository.rotateSecret(tx, row);
        await audit(tx, request, { action: 'rotate_secret', entity: repository.entity, entityId: row.id });
        const [record] = await repository.toRecords(tx, [row]);
        return { ...record!, secret };
      }),
  );
};

export default serviceAccountSecret;
