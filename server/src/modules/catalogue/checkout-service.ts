import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  CHECKOUT_SESSION_VALIDITY_MS,
  ERROR_MESSAGES,
  cartEntryKey,
  cartKeys,
  hasAnyRouteRole,
  type Checkout,
  type CheckoutEntryInput,
  type PaymentSessionStatus,
  type QuestionnaireAnswers,
} from '@portal/resources';
import { checkouts, paymentSessions } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { PaymentProviderError } from '../../payments/provider.js';
import {
  checkoutRecord,
  createOrders,
  existingCheckout,
  freshCheckout,
  type CheckoutRow,
} from './checkout/checkout-records.js';
import { billingChecks, checkAnswers } from './checkout/eligibility.js';
import { providerEvents } from './checkout/provider-events.js';
import {
  assertPayable,
  paymentSessionStore,
  toPaymentSession,
  type Actor,
  type SessionRow,
} from './checkout/sessions.js';
import { iso, mayUseInternalTools, type CheckoutContext, type Executor } from './context.js';
import { resolveOrderEntries, type PositionDraft } from './order-lines.js';

export type { Actor } from './checkout/sessions.js';

/**
 * A checkout of the same cart by the same user within this window after it completed answers the first one
 * again: a double click, a retried request or a second tab does not order twice.
 */
export const CHECKOUT_REPLAY_WINDOW_MS = 10 * 60 * 1000;

/** How often due payment sessions are expired in the background (each is also expired when next read). */
export const EXPIRY_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The idempotency key of a checkout: SHA-256 of the user and the sorted cart entry keys (spec §3 unique keys).
 * The same cart checked out twice by the same user gives the same key whatever the order of its entries.
 */
export function checkoutIdempotencyKey(userId: string, entryKeys: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([userId, [...entryKeys].sort()]))
    .digest('hex');
}

type CheckoutUser = NonNullable<Actor['currentUser']>;

/** Admins reach every checkout; a customer only their own. */
const isAdminActor = (actor: Actor) => hasAnyRouteRole(actor.currentUser, ['ADMIN']);

/**
 * Checkout of a cart (spec §4, §5): re-checks every entry against the catalogue, demands the questionnaire
 * answers, makes a request order of the non-payable entries and a purchase order of the payable ones, and starts
 * a payment session for the latter. Payment states change only through the provider's confirmation, the
 * customer's cancel and resume, and expiry after 24 hours on the injected clock.
 */
export function checkoutService(ctx: CheckoutContext) {
  const { db, clock, payments, config } = ctx;
  const store = paymentSessionStore(ctx);
  const { setSessionStatus, expireIfDue, endAtProvider, lockedSession } = store;
  const { billingValidationOf, checkBilling } = billingChecks(ctx);

  /** Loads the caller's checkout (admins: any), expiring its session when due. */
  async function ownCheckout(tx: Executor, checkoutId: string, user: { id: string; admin: boolean }) {
    const [row] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId))
      .for('update')
      .limit(1);
    if (!row || (row.userId !== user.id && !user.admin)) throw notFound('Checkout not found.', ['checkout']);
    const session = await lockedSession(tx, eq(paymentSessions.checkoutId, row.id));
    if (session && (await expireIfDue(tx, session))) void endAtProvider(session);
    const fresh = await freshCheckout(tx, row.id);
    const [freshSession] = await tx
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.checkoutId, row.id))
      .limit(1);
    return { checkout: fresh, session: freshSession };
  }

  /** The same cart's open (or just completed) checkout, resumed when canceled; undefined when there is none. */
  async function answerAgain(tx: Executor, user: CheckoutUser, key: string): Promise<Checkout | undefined> {
    const since = new Date(clock.now().getTime() - CHECKOUT_REPLAY_WINDOW_MS);
    const existing = await existingCheckout(tx, key, since);
    if (!existing) return undefined;
    const { checkout: current, session } = await ownCheckout(tx, existing.id, { id: user.id, admin: false });
    if (session?.status === 'canceled') await setSessionStatus(tx, session, 'started');
    if (!current.open && current.status !== 'completed') return undefined;
    return checkoutRecord(tx, await freshCheckout(tx, current.id));
  }

  /** Opens the provider's payment session for the payable positions and stores it. */
  async function startPayment(
    tx: Executor,
    user: CheckoutUser,
    checkoutId: string,
    payable: PositionDraft[],
    now: Date,
  ): Promise<SessionRow | undefined> {
    const reference = randomUUID();
    const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_VALIDITY_MS);
    const currency = payable[0]!.price!.currency;
    const resultUrl = `${config.publicUrl}/cart/${checkoutId}/checkout-result`;
    const created = await payments.createSession({
      reference,
      checkoutId,
      customerEmail: user.email,
      currency,
      lines: payable.map((position) => ({
        name: position.version ? `${position.name} ${position.version}` : position.name,
        amountCents: position.price!.amountCents,
      })),
      expiresAt,
      successUrl: `${resultUrl}?status=success`,
      cancelUrl: `${resultUrl}?status=canceled`,
    });
    const [session] = await tx
      .insert(paymentSessions)
      .values({
        id: reference,
        checkoutId,
        provider: payments.name,
        providerSessionId: created.providerSessionId,
        paymentUrl: created.paymentUrl,
        amountCents: payable.reduce((sum, position) => sum + position.price!.amountCents, 0),
        currency,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return session;
  }

  /** A new checkout of checked entries: the checkout row, its orders and, for payable positions, the session. */
  async function createCheckout(
    tx: Executor,
    actor: Actor,
    cart: { key: string; keys: string[]; entries: CheckoutEntryInput[]; answers: QuestionnaireAnswers },
  ): Promise<Checkout> {
    const user = actor.currentUser!;
    const resolved = await resolveOrderEntries(tx, user.id, cart.entries, mayUseInternalTools(user));
    const answers = await checkAnswers(tx, resolved, cart.answers);
    await checkBilling(tx, user.id, resolved);

    const now = clock.now();
    const lines = resolved.flatMap((entry) => entry.positions);
    const payable = lines.filter((position) => position.price);
    const requested = lines.filter((position) => !position.price);
    const [row] = (await tx
      .insert(checkouts)
      .values({
        userId: user.id,
        idempotencyKey: cart.key,
        entryKeys: cart.keys,
        answers,
        status: payable.length ? 'started' : 'completed',
        open: payable.length > 0,
        createdAt: now,
        completedAt: payable.length ? null : now,
      })
      .returning()) as [CheckoutRow];
    const drafts = [
      { kind: 'request' as const, positions: requested },
      { kind: 'purchase' as const, positions: payable },
    ].filter((draft) => draft.positions.length);
    const orderList = await createOrders(tx, drafts, user, row.id, now);
    const session = payable.length ? await startPayment(tx, user, row.id, payable, now) : undefined;
    const result: Checkout = {
      id: row.id,
      status: row.status as PaymentSessionStatus,
      entryKeys: row.entryKeys,
      orders: orderList,
      payment: session ? toPaymentSession(session) : null,
      createdAt: iso(row.createdAt),
    };
    await audit(tx, actor, { action: 'checkout', entity: 'checkout', entityId: row.id, after: result });
    return result;
  }

  /** Cancel and resume: the customer's own moves on a session, within the checkout's lock. */
  async function customerMove(checkoutId: string, actor: Actor, admin: boolean, action: 'cancel' | 'resume') {
    return db.transaction(async (tx) => {
      const { checkout, session } = await ownCheckout(tx, checkoutId, {
        id: actor.currentUser?.id ?? '',
        admin,
      });
      if (!session) throw notFound('This checkout has no payment.', ['payment']);
      if (action === 'cancel') {
        assertPayable(session, ['started']);
        await setSessionStatus(tx, session, 'canceled');
        await audit(tx, actor, { action: 'cancel', entity: 'checkout', entityId: checkout.id });
      } else {
        assertPayable(session, ['started', 'canceled']);
        if (session.status === 'canceled') {
          await setSessionStatus(tx, session, 'started');
          await audit(tx, actor, { action: 'resume', entity: 'checkout', entityId: checkout.id });
        }
      }
      return checkoutRecord(tx, await freshCheckout(tx, checkout.id));
    });
  }

  return {
    billingValidationOf,
    ...providerEvents(ctx, store),

    /** Checks the cart out; `created` is false when the same cart's checkout is answered again. */
    async checkout(
      actor: Actor,
      input: { entries: CheckoutEntryInput[]; answers: QuestionnaireAnswers },
    ): Promise<{ checkout: Checkout; created: boolean }> {
      const user = actor.currentUser!;
      const seen = new Set<string>();
      const entries = input.entries.filter((entry) => {
        const key = cartEntryKey(entry);
        return seen.has(key) ? false : (seen.add(key), true);
      });
      const keys = cartKeys(entries);
      const key = checkoutIdempotencyKey(user.id, keys);
      const attempt = () =>
        db.transaction(async (tx) => {
          // Concurrent checkouts of one cart queue here; the second finds the first's checkout.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
          const again = await answerAgain(tx, user, key);
          if (again) return { checkout: again, created: false };
          const checkout = await createCheckout(tx, actor, { key, keys, entries, answers: input.answers });
          return { checkout, created: true };
        });
      try {
        return await attempt();
      } catch (error) {
        // Another instance without the advisory lock's help (it is per database) lost the race on the index.
        if (isUniqueViolation(error)) return attempt();
        if (error instanceof PaymentProviderError) {
          throw ApiError.of(502, 'payment_provider_error', ERROR_MESSAGES.payment_provider_error, [
            'payment',
          ]);
        }
        throw error;
      }
    },

    /** The caller's checkout (an admin's: any); 404 for another customer's. */
    async get(checkoutId: string, actor: Actor): Promise<Checkout> {
      const user = { id: actor.currentUser?.id ?? '', admin: isAdminActor(actor) };
      return db.transaction(async (tx) => {
        const { checkout } = await ownCheckout(tx, checkoutId, user);
        return checkoutRecord(tx, checkout);
      });
    },

    /** The customer leaves the payment page: the session stays resumable until it expires. */
    cancel: (checkoutId: string, actor: Actor, admin = isAdminActor(actor)) =>
      customerMove(checkoutId, actor, admin, 'cancel'),

    /** A canceled session is started again (the same payment page) unless its 24 hours are over. */
    resume: (checkoutId: string, actor: Actor, admin = isAdminActor(actor)) =>
      customerMove(checkoutId, actor, admin, 'resume'),
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
