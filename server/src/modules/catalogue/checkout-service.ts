import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import {
  CHECKOUT_SESSION_VALIDITY_MS,
  ERROR_MESSAGES,
  cartEntryKey,
  cartKeys,
  normalizeTaxId,
  validateBilling,
  validateQuestionnaireAnswers,
  type BillingValidation,
  type Checkout,
  type CheckoutEntryInput,
  type ErrorCode,
  type ErrorItem,
  type OrderRecord,
  type PaymentSession,
  type PaymentSessionStatus,
  type QuestionnaireAnswers,
} from '@portal/resources';
import {
  billingInformation,
  checkouts,
  orderNumbers,
  orderPositions,
  orders,
  paymentSessions,
} from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { PaymentProviderError } from '../../payments/provider.js';
import { iso, rowsOf, type CheckoutContext, type Executor } from './context.js';
import { fulfilPurchase, orderRecords, orderRecordsOf } from './fulfilment.js';
import { resolveOrderEntries, type PositionDraft, type ResolvedEntry } from './order-lines.js';
import { exportAccessOf, findQuestionnaire } from './records.js';

/**
 * A checkout of the same cart by the same user within this window after it completed answers the first one
 * again: a double click, a retried request or a second tab does not order twice.
 */
export const CHECKOUT_REPLAY_WINDOW_MS = 10 * 60 * 1000;

/** How often due payment sessions are expired in the background (each is also expired when next read). */
export const EXPIRY_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

type CheckoutRow = typeof checkouts.$inferSelect;
type SessionRow = typeof paymentSessions.$inferSelect;

/** Who acts: the customer, an admin, or nobody (the payment provider's confirmation, the expiry sweep). */
export type Actor = Pick<FastifyRequest, 'currentUser'>;
const PROVIDER: Actor = { currentUser: null };

/**
 * The idempotency key of a checkout: SHA-256 of the user and the sorted cart entry keys (spec §3 unique keys).
 * The same cart checked out twice by the same user gives the same key whatever the order of its entries.
 */
export function checkoutIdempotencyKey(userId: string, entryKeys: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([userId, [...entryKeys].sort()]))
    .digest('hex');
}

const refusal = (code: ErrorCode, resources: string[]): ErrorItem => ({
  errorCode: code,
  resources,
  messages: [ERROR_MESSAGES[code]],
});

/** The payment session as the API answers it. */
function toPaymentSession(row: SessionRow): PaymentSession {
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

/**
 * Checkout of a cart (spec §4, §5): re-checks every entry against the catalogue, demands the questionnaire
 * answers, makes a request order of the non-payable entries and a purchase order of the payable ones, and starts
 * a payment session for the latter. Payment states change only through the provider's confirmation, the
 * customer's cancel and resume, and expiry after 24 hours on the injected clock.
 */
export function checkoutService(ctx: CheckoutContext) {
  const { db, clock, payments, config } = ctx;

  async function record(tx: Executor, row: CheckoutRow): Promise<Checkout> {
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
    const [fresh] = await tx.select().from(checkouts).where(eq(checkouts.id, row.id)).limit(1);
    const [freshSession] = await tx
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.checkoutId, row.id))
      .limit(1);
    return { checkout: fresh!, session: freshSession };
  }

  /** Every questionnaire the entries ask must be answered by the rules of spec §5. */
  async function checkAnswers(
    tx: Executor,
    resolved: ResolvedEntry[],
    answers: QuestionnaireAnswers,
  ): Promise<QuestionnaireAnswers> {
    const cleaned: QuestionnaireAnswers = {};
    const errors: ErrorItem[] = [];
    for (const id of new Set(resolved.flatMap((entry) => entry.questionnaireIds))) {
      const questionnaire = await findQuestionnaire(tx, id);
      if (!questionnaire) continue;
      const result = validateQuestionnaireAnswers(questionnaire.questions, answers[id] ?? {});
      cleaned[id] = result.answers;
      for (const issue of result.issues) {
        errors.push({
          errorCode: 'questionnaire_answers_invalid',
          resources: [`answers.${id}.${issue.questionId}`],
          messages: [issue.message],
        });
      }
    }
    if (errors.length) throw new ApiError(400, errors);
    return cleaned;
  }

  /** A purchase needs billing information that validates as ok (spec §4, calls §8.4): each issue its own code. */
  async function checkBilling(tx: Executor, userId: string, resolved: ResolvedEntry[]): Promise<void> {
    const payable = resolved.flatMap((entry) => entry.positions).filter((position) => position.price);
    if (!payable.length) return;
    const validation = await billingValidationOf(
      tx,
      userId,
      payable.map((position) => position.exportControlledToolId).filter((id): id is string => !!id),
    );
    if (validation.status === 'ok') return;
    throw new ApiError(
      409,
      validation.issues.map((issue) => refusal(`billing_${issue}` as ErrorCode, ['billingInformation'])),
    );
  }

  /** The billing validation of a user, for a purchase holding the given export-controlled tools. */
  async function billingValidationOf(
    tx: Executor,
    userId: string,
    exportControlledToolIds: string[],
  ): Promise<BillingValidation> {
    const [info] = await tx
      .select()
      .from(billingInformation)
      .where(eq(billingInformation.userId, userId))
      .limit(1);
    const access = await exportAccessOf(tx, userId, exportControlledToolIds);
    const exportApproved = exportControlledToolIds.every((id) => access.get(id) === 'granted');
    const taxId = normalizeTaxId(info?.taxId);
    const country = info?.billingAddress?.country;
    const taxIdCheck = taxId && country ? await ctx.taxIdCheck(taxId, country) : 'verified';
    return validateBilling(
      {
        billingAddress: info?.billingAddress ?? null,
        shippingAddress: info?.shippingAddress ?? null,
        taxId,
      },
      { countries: config.billingCountries, exportApproved, taxIdCheck },
    );
  }

  /**
   * The request and purchase orders of a new checkout in three statements (numbers, orders, positions), answered
   * as records built from what was written.
   */
  async function createOrders(
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

  /** The checkout this cart already has: an open one, or one completed within the replay window. */
  async function existingCheckout(tx: Executor, key: string): Promise<CheckoutRow | undefined> {
    const since = new Date(clock.now().getTime() - CHECKOUT_REPLAY_WINDOW_MS);
    const [row] = await tx
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.idempotencyKey, key),
          or(
            eq(checkouts.open, true),
            and(eq(checkouts.status, 'completed'), gt(checkouts.createdAt, since)),
          ),
        ),
      )
      .orderBy(desc(checkouts.createdAt))
      .limit(1);
    return row;
  }

  return {
    billingValidationOf,

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
          const existing = await existingCheckout(tx, key);
          if (existing) {
            const { checkout: current, session } = await ownCheckout(tx, existing.id, {
              id: user.id,
              admin: false,
            });
            if (session?.status === 'canceled') await setSessionStatus(tx, session, 'started');
            if (current.open || current.status === 'completed') {
              const [fresh] = await tx.select().from(checkouts).where(eq(checkouts.id, current.id)).limit(1);
              return { checkout: await record(tx, fresh!), created: false };
            }
          }
          const resolved = await resolveOrderEntries(tx, user.id, entries);
          const answers = await checkAnswers(tx, resolved, input.answers);
          await checkBilling(tx, user.id, resolved);

          const now = clock.now();
          const lines = resolved.flatMap((entry) => entry.positions);
          const payable = lines.filter((position) => position.price);
          const requested = lines.filter((position) => !position.price);
          const [row] = await tx
            .insert(checkouts)
            .values({
              userId: user.id,
              idempotencyKey: key,
              entryKeys: keys,
              answers,
              status: payable.length ? 'started' : 'completed',
              open: payable.length > 0,
              createdAt: now,
              completedAt: payable.length ? null : now,
            })
            .returning();
          const drafts = [
            { kind: 'request' as const, positions: requested },
            { kind: 'purchase' as const, positions: payable },
          ].filter((draft) => draft.positions.length);
          const orderList = await createOrders(tx, drafts, user, row!.id, now);
          let session: SessionRow | undefined;
          if (payable.length) {
            const reference = randomUUID();
            const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_VALIDITY_MS);
            const currency = payable[0]!.price!.currency;
            const resultUrl = `${config.publicUrl}/cart/${row!.id}/checkout-result`;
            const created = await payments.createSession({
              reference,
              checkoutId: row!.id,
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
            [session] = await tx
              .insert(paymentSessions)
              .values({
                id: reference,
                checkoutId: row!.id,
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
          }
          const result: Checkout = {
            id: row!.id,
            status: row!.status as PaymentSessionStatus,
            entryKeys: row!.entryKeys,
            orders: orderList,
            payment: session ? toPaymentSession(session) : null,
            createdAt: iso(row!.createdAt),
          };
          await audit(tx, actor, {
            action: 'checkout',
            entity: 'checkout',
            entityId: row!.id,
            after: result,
          });
          return { checkout: result, created: true };
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

    async get(checkoutId: string, user: { id: string; admin: boolean }): Promise<Checkout> {
      return db.transaction(async (tx) => {
        const { checkout } = await ownCheckout(tx, checkoutId, user);
        return record(tx, checkout);
      });
    },

    /** The customer leaves the payment page: the session stays resumable until it expires. */
    async cancel(checkoutId: string, actor: Actor, admin = false) {
      return db.transaction(async (tx) => {
        const { checkout, session } = await ownCheckout(tx, checkoutId, {
          id: actor.currentUser?.id ?? '',
          admin,
        });
        if (!session) throw notFound('This checkout has no payment.', ['payment']);
        assertPayable(session, ['started']);
        await setSessionStatus(tx, session, 'canceled');
        await audit(tx, actor, { action: 'cancel', entity: 'checkout', entityId: checkout.id });
        const [fresh] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1);
        return record(tx, fresh!);
      });
    },

    /** A canceled session is started again (the same payment page) unless its 24 hours are over. */
    async resume(checkoutId: string, actor: Actor, admin = false) {
      return db.transaction(async (tx) => {
        const { checkout, session } = await ownCheckout(tx, checkoutId, {
          id: actor.currentUser?.id ?? '',
          admin,
        });
        if (!session) throw notFound('This checkout has no payment.', ['payment']);
        assertPayable(session, ['started', 'canceled']);
        if (session.status === 'canceled') {
          await setSessionStatus(tx, session, 'started');
          await audit(tx, actor, { action: 'resume', entity: 'checkout', entityId: checkout.id });
        }
        const [fresh] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1);
        return record(tx, fresh!);
      });
    },

    /** The session behind a provider's session id, expired first when due; undefined when unknown. */
    async providerSession(providerSessionId: string): Promise<SessionRow | undefined> {
      return db.transaction(async (tx) => {
        const session = await lockedSession(
          tx,
          and(
            eq(paymentSessions.provider, payments.name),
            eq(paymentSessions.providerSessionId, providerSessionId),
          )!,
        );
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
        const session = await lockedSession(
          tx,
          and(
            eq(paymentSessions.provider, payments.name),
            eq(paymentSessions.providerSessionId, providerSessionId),
          )!,
        );
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
        const session = await lockedSession(
          tx,
          and(
            eq(paymentSessions.provider, payments.name),
            eq(paymentSessions.providerSessionId, providerSessionId),
          )!,
        );
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
        const session = await lockedSession(
          tx,
          and(
            eq(paymentSessions.provider, payments.name),
            eq(paymentSessions.providerSessionId, providerSessionId),
          )!,
        );
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

export type CheckoutService = ReturnType<typeof checkoutService>;

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
