import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenseRecordSchema, licenseUpdateSchema, licensesResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity as security } from '../../http/openapi.js';
import { idParams, ownListRoute } from '../../http/own-list.js';
import { errorResponses } from '../schemas.js';

/** Licenses (spec §2.2 /my/assets): each visible to its owner and to admins; admins revoke them. */
const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = app.licenses;

  ownListRoute(app, {
    tags: ['licenses'],
    summary:
      "Licenses: the caller's own (spec §2.2 /my/assets), every customer's for an admin (filter status: active, expired, revoked, perpetual)",
    record: licenseRecordSchema,
    list: repository.list,
  });

  app.get(
    '/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['licenses'],
        summary: 'One license (its holder or an admin)',
        security,
        params: idParams,
        response: { 200: licenseRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.ownRecord(request, request.params.id),
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
