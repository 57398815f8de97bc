import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ordersResource, type OrderPositionDecision, type OrderRecord } from '@portal/resources';
import { orderPositions, orders } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { decidePosition, orderRecords, positionOf, refreshOrderStatus, type OrderRow } from './fulfilment.js';
import { emailOf, ownRecords } from './own-records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders with their positions (spec §2.2 /my/orders): each visible to its owner and to admins. */
    orders: ReturnType<typeof ordersRepository>;
  }
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  kind: orders.kind,
  paid: orders.paid,
  requestedAt: orders.requestedAt,
  userEmail: emailOf(orders.userId),
};

function ordersRepository({ db, clock }: Pick<FastifyInstance['catalogue'], 'db' | 'clock'>) {
  const own = ownRecords<OrderRow, OrderRecord>(db, {
    table: orders,
    columns: () => orderColumns,
    definition: ordersResource,
    records: orderRecords,
    what: 'Order',
    resource: 'order',
  });
  return {
    list: own.list,
    show: own.show,
    /**
     * An admin's decision on one position (approval grants its license and installers, `decidePosition`); a
     * purchase is decided by its payment first. Audited as `position_<status>`.
     */
    decide: (request: FastifyRequest, orderId: string, positionId: string, decision: OrderPositionDecision) =>
      db.transaction(async (tx) => {
        const order = await own.row(tx, orderId, true);
        const [position] = await tx
          .select()
          .from(orderPositions)
          .where(positionOf(order.id, positionId))
          .limit(1);
        if (!position) throw notFound('Position not found.', ['position']);
        if (order.kind === 'purchase' && !order.paid) {
          throw ApiError.of(409, 'invalid_state_transition', 'A purchase is decided by its payment first.', [
            'status',
          ]);
        }
        const before = await own.record(tx, order);
        const now = clock.now();
        const comment = decision.comment?.trim() || null;
        await decidePosition(
          tx,
          order,
          position,
          { ...decision, comment, decidedBy: request.currentUser!.id },
          now,
        );
        await refreshOrderStatus(tx, order.id, now);
        const after = await own.record(tx, await own.row(tx, order.id));
        await audit(tx, request, {
          action: `position_${decision.status}`,
          entity: 'order',
          entityId: order.id,
          before,
          after,
        });
        return after;
      }),
  };
}

export default repositoryModule('orders', (_options, app) => ordersRepository(app.catalogue), ['catalogue']);
