import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { paymentSessions } from '../../../db/schema-commerce.js';
import { audit } from '../../../crud/audit.js';
import type { CheckoutContext } from '../context.js';
import { PROVIDER, type PaymentSessionStore, type SessionRow } from './sessions.js';

/**
 * What the payment provider tells us (its confirmation page, Stripe's signed webhook) and the expiry sweep: the only
 * paths that complete, fail or expire a session.
 */
export function providerEvents(
  { db, clock, payments }: Pick<CheckoutContext, 'db' | 'clock' | 'payments'>,
  store: PaymentSessionStore,
) {
  const { setSessionStatus, expireIfDue, endAtProvider, lockedSession, lockedProviderSession } = store;
  return {
    /** The session behind a provider's session id, expired first when due; undefined when unknown. */
    async providerSession(providerSessionId: string): Promise<SessionRow | undefined> {
      return db.transaction(async (tx) => {
        const session = await lockedProviderSession(tx, providerSessionId);
        if (session && (await expireIfDue(tx, session))) {
          return (await tx.select().from(paymentSessions).where(eq(paymentSessions.id, session.id)))[0];
        }
        return session;
      });
    },

    /**
     * The provider confirms the payment: the purchase is fulfilled (paid, positions approved, licenses and
     * installers granted). A payment the provider took is honoured even when our side had given up on the session.
     */
    async confirmPaid(providerSessionId: string, paymentMethod: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const session = await lockedProviderSession(tx, providerSessionId);
        if (!session) return false;
        if (session.status === 'completed') return true;
        await setSessionStatus(tx, session, 'completed', { paymentMethod, failureReason: null });
        await audit(tx, PROVIDER, {
          action: 'payment_confirmed',
          entity: 'checkout',
          entityId: session.checkoutId,
          before: { status: session.status },
          after: { status: 'completed', paymentMethod },
        });
        return true;
      });
    },

    /** The provider declines for good: the session fails and the cart must be checked out again. */
    async failPayment(providerSessionId: string, reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const session = await lockedProviderSession(tx, providerSessionId);
        if (!session || session.status === 'completed' || session.status === 'failed') return !!session;
        await setSessionStatus(tx, session, 'failed', { failureReason: reason });
        await audit(tx, PROVIDER, {
          action: 'payment_failed',
          entity: 'checkout',
          entityId: session.checkoutId,
          after: { status: 'failed', reason },
        });
        return true;
      });
    },

    /** An attempt the provider wants repeated (insufficient funds): the session stays started. */
    async recordRetry(providerSessionId: string, reason: string): Promise<void> {
      await db
        .update(paymentSessions)
        .set({
          failureReason: reason,
          attempts: sql`${paymentSessions.attempts} + 1`,
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(paymentSessions.provider, payments.name),
            eq(paymentSessions.providerSessionId, providerSessionId),
          ),
        );
    },

    /** The provider says the session expired (Stripe's `checkout.session.expired`). */
    async expireAtProvider(providerSessionId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const session = await lockedProviderSession(tx, providerSessionId);
        if (!session) return false;
        if (session.status === 'started' || session.status === 'canceled') {
          await setSessionStatus(tx, session, 'expired');
          await audit(tx, PROVIDER, { action: 'expire', entity: 'checkout', entityId: session.checkoutId });
        }
        return true;
      });
    },

    /** Expires every session whose 24 hours are over; answers how many. */
    async expireDue(): Promise<number> {
      const due = await db
        .select({ id: paymentSessions.id })
        .from(paymentSessions)
        .where(
          and(
            inArray(paymentSessions.status, ['started', 'canceled']),
            lte(paymentSessions.expiresAt, clock.now()),
          ),
        );
      let expired = 0;
      for (const { id } of due) {
        const ended = await db.transaction(async (tx) => {
          const session = await lockedSession(tx, eq(paymentSessions.id, id));
          return session && (await expireIfDue(tx, session)) ? session : null;
        });
        if (ended) {
          expired += 1;
          await endAtProvider(ended);
        }
      }
      return expired;
    },
  };
}
