import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  boardRestrictionInputSchema,
  boardRestrictionSchema,
  boardRestrictionsResource,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { resourceRoutes } from '../../../crud/resource-routes.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, boardParent, security, tags } from '../../../modules/boards/route-schemas.js';

const restrictionParams = z.object({ id: z.uuid(), email: z.string().min(1).max(EMAIL_MAX_LENGTH) });

/**
 * A board's restriction list (spec product §2.3 restrictions, §4: a restricted board may be registered only by the
 * listed emails): the list from the definition, adding and removing (audited on the board) beside it.
 */
const boardRestrictionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { restrict, unrestrict } = app.boardContent;
  const { db } = options;
  await app.register(
    resourceRoutes(boardRestrictionsResource, 'boardRestrictions', {
      actions: ['list'],
      parent: boardParent(app, db),
    }),
    { db },
  );

  app.post(
    '/restrictions',
    {
      config: { access: access.resource(boardRestrictionsResource, 'create') },
      schema: {
        tags,
        summary:
          'Add an email to the restriction list: 400 when it is not a valid email address, 409 duplicate when it is listed already (ignoring case). Answers the entry',
        security,
        params: boardParams,
        body: boardRestrictionInputSchema,
        response: { 201: boardRestrictionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await restrict(request, request.params.id, request.body.email)),
  );

  app.delete(
    '/restrictions/:email',
    {
      config: { access: access.resource(boardRestrictionsResource, 'delete') },
      schema: {
        tags,
        summary:
          'Remove an email (URL-encoded, any case) from the restriction list. Answers the removed entry',
        security,
        params: restrictionParams,
        response: { 200: boardRestrictionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => unrestrict(request, request.params.id, request.params.email),
  );
};

export default boardRestrictionRoutes;
