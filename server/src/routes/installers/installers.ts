import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installationKeySchema, installerInputSchema, installerRecordSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity as security, idParams } from '../../crud/openapi.js';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { errorResponses } from '../../crud/openapi.js';

/** Installers and their installation keys (spec §2.2 /my/installers), each visible to its owner and to admins. */
const installerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const repository = app.installers;

  await app.register(
    resourceRoutes(
      repository.definition,
      { list: repository.list, show: repository.show },
      {
        owned: true,
        summaries: {
          list: "Installers with their installation keys, newest key first: the caller's own (spec §2.2 /my/installers), every one for an admin",
          show: 'One installer with its installation keys and the latest key',
        },
      },
    ),
    { db },
  );

  app.post(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary:
          'Create an installer for a tool installable with the launcher (type tool or content-pack, not online) that the caller may download or holds a license for; it comes with its first installation key. 409 `not_installable`, `duplicate`; 403 `purchase_required`',
        security,
        body: installerInputSchema,
        response: { 201: installerRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await repository.create(request, request.body.featureId)),
  );

  app.get(
    '/:id/installation-keys',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'The installation keys of an installer, newest first',
        security,
        params: idParams,
        response: { 200: z.array(installationKeySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const keys = await repository.keys(request, request.params.id);
      reply.header(
        'Content-Range',
        `installation-keys ${keys.length ? `0-${keys.length - 1}` : '*'}/${keys.length}`,
      );
      return keys;
    },
  );

  app.get(
    '/:id/installation-keys/latest',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'The latest installation key of an installer (404 before the first)',
        security,
        params: idParams,
        response: { 200: installationKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.latestKey(request, request.params.id),
  );

  app.post(
    '/:id/installation-keys',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'Issue a new installation key for an installer; it becomes the latest',
        security,
        params: idParams,
        response: { 201: installationKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await repository.addKey(request, request.params.id)),
  );
};

export default installerRoutes;
