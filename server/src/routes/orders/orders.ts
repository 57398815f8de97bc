import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderPositionDecisionSchema, orderRecordSchema, ordersResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity as security } from '../../crud/openapi.js';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { errorResponses } from '../../crud/openapi.js';

/**
 * Orders with their positions (spec §2.2 /my/orders): each visible to its owner and to admins; admins decide
 * positions.
 */
const orderRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const repository = app.orders;

  await app.register(
    resourceRoutes(
      ordersResource,
      { list: repository.list, show: repository.show },
      {
        owned: true,
        summaries: {
          list: "Orders with their positions: the caller's own (spec §2.2 /my/orders), every customer's for an admin (filters status, kind, paid, q over number and email)",
          show: 'One order with its positions (its owner or an admin)',
        },
      },
    ),
    { db },
  );

  app.put(
    '/:id/positions/:positionId',
    {
      config: { access: access.resource(ordersResource, 'edit') },
      schema: {
        tags: ['orders'],
        summary:
          "Approve, reject (with a comment) or reopen a position; approval grants its license and installers. 409 `invalid_state_transition` for a decision the position's state does not allow or on an unpaid purchase",
        security,
        params: z.object({ id: z.uuid(), positionId: z.uuid() }),
        body: orderPositionDecisionSchema,
        response: { 200: orderRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => repository.decide(request, request.params.id, request.params.positionId, request.body),
  );
};

export default orderRoutes;
