import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Checkout, OrderRecord, PaymentSessionStatus } from '@portal/resources';
import {
  checkouts,
  orderNumbers,
  orderPositions,
  orders,
  paymentSessions,
} from '../../../db/schema-commerce.js';
import { iso, rowsOf, type Executor } from '../context.js';
import { orderRecords, orderRecordsOf } from '../fulfilment.js';
import type { PositionDraft } from '../order-lines.js';
import { toPaymentSession } from './sessions.js';

export type CheckoutRow = typeof checkouts.$inferSelect;

/** A checkout as the API answers it, with its orders and payment session as stored. */
export async function checkoutRecord(tx: Executor, row: CheckoutRow): Promise<Checkout> {
  const orderRows = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, row.id))
    .orderBy(orders.number);
  const [session] = await tx
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.checkoutId, row.id))
    .limit(1);
  return {
    id: row.id,
    status: row.status as PaymentSessionStatus,
    entryKeys: row.entryKeys,
    orders: await orderRecords(tx, orderRows),
    payment: session ? toPaymentSession(session) : null,
    createdAt: iso(row.createdAt),
  };
}

/** The checkout as stored now (after a change within the transaction). */
export async function freshCheckout(tx: Executor, checkoutId: string): Promise<CheckoutRow> {
  const [fresh] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  return fresh!;
}

/**
 * The request and purchase orders of a new checkout in three statements (numbers, orders, positions), answered
 * as records built from what was written.
 */
export async function createOrders(
  tx: Executor,
  drafts: { kind: 'request' | 'purchase'; positions: PositionDraft[] }[],
  user: { id: string; email: string },
  checkoutId: string,
  now: Date,
): Promise<OrderRecord[]> {
  if (!drafts.length) return [];
  const numbers = await rowsOf<{ n: string | number }>(
    tx,
    sql`select nextval(${sql.raw(`'${orderNumbers.seqName}'`)}) as n from generate_series(1, ${drafts.length})`,
  );
  const orderRows = await tx
    .insert(orders)
    .values(
      drafts.map(({ kind, positions }, index) => ({
        number: `PO-${String(numbers[index]!.n)}`,
        userId: user.id,
        checkoutId,
        kind,
        status: kind === 'purchase' ? 'payment-missing' : 'in-progress',
        totalCents:
          kind === 'purchase' ? positions.reduce((sum, p) => sum + (p.price?.amountCents ?? 0), 0) : null,
        currency: kind === 'purchase' ? (positions[0]?.price?.currency ?? null) : null,
        requestedAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const positionRows = await tx
    .insert(orderPositions)
    .values(
      drafts.flatMap(({ positions }, orderIndex) =>
        positions.map((position, index) => ({
          orderId: orderRows[orderIndex]!.id,
          position: index,
          entryType: position.entryType,
          featureId: position.featureId,
          version: position.version,
          name: position.name,
          priceCents: position.price?.amountCents ?? null,
          currency: position.price?.currency ?? null,
        })),
      ),
    )
    .returning();
  return orderRecordsOf(orderRows, positionRows, new Map([[user.id, user.email]]));
}

/** The checkout this cart already has: an open one, or one completed since `completedSince`. */
export async function existingCheckout(
  tx: Executor,
  key: string,
  completedSince: Date,
): Promise<CheckoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.idempotencyKey, key),
        or(
          eq(checkouts.open, true),
          and(eq(checkouts.status, 'completed'), gt(checkouts.createdAt, completedSince)),
        ),
      ),
    )
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  return row;
}
