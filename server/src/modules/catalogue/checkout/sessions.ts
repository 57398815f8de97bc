import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_MESSAGES,
  type ErrorCode,
  type PaymentSession,
  type PaymentSessionStatus,
} from '@portal/resources';
import { checkouts, orders, paymentSessions } from '../../../db/schema-commerce.js';
import { audit } from '../../../crud/audit.js';
import { ApiError } from '../../../transport/errors.js';
import { iso, type CheckoutContext, type Executor } from '../context.js';
import { fulfilPurchase } from '../fulfilment.js';

export type SessionRow = typeof paymentSessions.$inferSelect;

/** Who acts: the customer, an admin, or nobody (the payment provider's confirmation, the expiry sweep). */
export type Actor = Pick<FastifyRequest, 'currentUser'>;
export const PROVIDER: Actor = { currentUser: null };

/** The payment session as the API answers it. */
export function toPaymentSession(row: SessionRow): PaymentSession {
  const status = row.status as PaymentSessionStatus;
  return {
    status,
    provider: row.provider as PaymentSession['provider'],
    paymentUrl: status === 'started' ? row.paymentUrl : null,
    expiresAt: iso(row.expiresAt),
    amount: { amountCents: row.amountCents, currency: row.currency },
    failureReason: row.failureReason,
    paymentMethod: row.paymentMethod,
  };
}

/** Refuses a call on a session in a state that does not allow it, with the state's own code. */
export function assertPayable(session: SessionRow, allowed: PaymentSessionStatus[]): void {
  const status = session.status as PaymentSessionStatus;
  if (allowed.includes(status)) return;
  const code: Record<PaymentSessionStatus, ErrorCode> = {
    started: 'invalid_state_transition',
    canceled: 'checkout_canceled',
    failed: 'checkout_failed',
    expired: 'checkout_expired',
    completed: 'checkout_completed',
  };
  throw ApiError.of(409, code[status], ERROR_MESSAGES[code[status]], ['payment']);
}

/** The payment session's states and their moves: every path that changes a session goes through these. */
export function paymentSessionStore({ clock, payments }: Pick<CheckoutContext, 'clock' | 'payments'>) {
  /** Moves a session and its checkout to a final or resumable state; the purchase order follows. */
  async function setSessionStatus(
    tx: Executor,
    session: SessionRow,
    status: PaymentSessionStatus,
    changes: { failureReason?: string | null; paymentMethod?: string | null } = {},
  ): Promise<void> {
    const now = clock.now();
    await tx
      .update(paymentSessions)
      .set({ status, updatedAt: now, ...changes })
      .where(eq(paymentSessions.id, session.id));
    const open = status === 'started' || status === 'canceled';
    await tx
      .update(checkouts)
      .set({ status, open, completedAt: status === 'completed' ? now : null })
      .where(eq(checkouts.id, session.checkoutId));
    const [purchase] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.checkoutId, session.checkoutId), eq(orders.kind, 'purchase')))
      .limit(1);
    if (!purchase) return;
    if (status === 'completed') {
      await fulfilPurchase(tx, purchase.id, changes.paymentMethod ?? null, now);
    } else if (!purchase.paid) {
      const orderStatus = open ? 'payment-missing' : 'payment-canceled';
      await tx.update(orders).set({ status: orderStatus, updatedAt: now }).where(eq(orders.id, purchase.id));
    }
  }

  /** A session past its 24 hours that was not paid is expired; true when it was just expired. */
  async function expireIfDue(tx: Executor, session: SessionRow): Promise<boolean> {
    const due = session.expiresAt.getTime() <= clock.now().getTime();
    if (!due || (session.status !== 'started' && session.status !== 'canceled')) return false;
    await setSessionStatus(tx, session, 'expired');
    await audit(tx, PROVIDER, {
      action: 'expire',
      entity: 'checkout',
      entityId: session.checkoutId,
      before: { status: session.status },
      after: { status: 'expired' },
    });
    return true;
  }

  /** Tells the provider a session it may still show as payable is over; best effort, the state is ours. */
  async function endAtProvider(session: SessionRow): Promise<void> {
    await payments.expireSession(session.providerSessionId).catch(() => undefined);
  }

  async function lockedSession(tx: Executor, where: ReturnType<typeof eq>): Promise<SessionRow | undefined> {
    const [session] = await tx.select().from(paymentSessions).where(where).for('update').limit(1);
    return session;
  }

  /** The session of this provider's session id, locked for the transaction. */
  const lockedProviderSession = (tx: Executor, providerSessionId: string) =>
    lockedSession(
      tx,
      and(
        eq(paymentSessions.provider, payments.name),
        eq(paymentSessions.providerSessionId, providerSessionId),
      )!,
    );

  return { setSessionStatus, expireIfDue, endAtProvider, lockedSession, lockedProviderSession };
}

export type PaymentSessionStore = ReturnType<typeof paymentSessionStore>;
