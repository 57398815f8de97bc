import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderPositionDecisionSchema, orderRecordSchema, ordersResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { orderPositions, orders } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { ApiError, notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import {
  decidePosition,
  orderRecords,
  refreshOrderStatus,
  type OrderRow,
} from '../../modules/catalogue/fulfilment.js';

import { emailOf, idParams, ownRow, ownListRoute, security } from '../../modules/catalogue/own-records.js';

/**
 * Orders with their positions (spec §2.2 /my/orders): each visible to its owner and to admins; admins decide
 * positions.
 */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;

  const orderColumns = {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    kind: orders.kind,
    paid: orders.paid,
    requestedAt: orders.requestedAt,
    userEmail: emailOf(orders.userId),
  };

  ownListRoute<OrderRow>(app, db, {
    tags: ['orders'],
    summary:
      "Orders with their positions: the caller's own (spec §2.2 /my/orders), every customer's for an admin (filters status, kind, paid, q over number and email)",
    record: orderRecordSchema,
    table: orders,
    owner: orders.userId,
    columns: () => orderColumns,
    definition: ordersResource,
    records: orderRecords,
  });

  app.get(
    '/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['orders'],
        summary: 'One order with its positions (its owner or an admin)',
        security,
        params: idParams,
        response: { 200: orderRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(orders).where(eq(orders.id, request.params.id)).limit(1);
      return (await orderRecords(db, [await ownRow(request, row, 'Order')]))[0]!;
    },
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
    async (request) =>
      db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, request.params.id))
          .for('update')
          .limit(1);
        if (!order) throw notFound('Order not found.', ['order']);
        const [position] = await tx
          .select()
          .from(orderPositions)
          .where(and(eq(orderPositions.orderId, order.id), eq(orderPositions.id, request.params.positionId)))
          .limit(1);
        if (!position) throw notFound('Position not found.', ['position']);
        if (order.kind === 'purchase' && !order.paid) {
          throw ApiError.of(409, 'invalid_state_transition', 'A purchase is decided by its payment first.', [
            'status',
          ]);
        }
        const [before] = await orderRecords(tx, [order]);
        const now = clock.now();
        await decidePosition(
          tx,
          order,
          position,
          {
            ...request.body,
            comment: request.body.comment?.trim() || null,
            decidedBy: request.currentUser!.id,
          },
          now,
        );
        await refreshOrderStatus(tx, order.id, now);
        const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id)).limit(1);
        const [after] = await orderRecords(tx, [fresh!]);
        await audit(tx, request, {
          action: `position_${request.body.status}`,
          entity: 'order',
          entityId: order.id,
          before,
          after,
        });
        return after!;
      }),
  );
};

export default orderRoutes;
