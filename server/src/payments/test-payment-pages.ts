import { TEST_PAYMENT_FORM_MAX_BYTES } from '@portal/resources';
import formbody from '@fastify/formbody';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { paymentSessions } from '../db/schema-commerce.js';
import { orderPositions, orders } from '../db/schema-commerce.js';
import { escapeHtml, page } from '../oidc/views.js';
import { TEST_PAYMENT_PATH } from './embedded.js';
import { TEST_CARDS, chargeTestCard } from './test-cards.js';
// From the modules publishing them, so their decorators' types are known wherever this file is compiled.
import type { CatalogueContext } from '../modules/catalogue/catalogue.module.js';
import type { CheckoutService } from '../modules/catalogue/checkout.module.js';

type SessionRow = typeof paymentSessions.$inferSelect;

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

const group = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const STATE_TEXT: Record<string, { title: string; text: string }> = {
  completed: { title: 'Payment received', text: 'This payment is complete.' },
  canceled: {
    title: 'Payment canceled',
    text: 'This payment was canceled. You can resume it from your cart.',
  },
  failed: { title: 'Payment declined', text: 'This payment was declined. Check out again to try once more.' },
  expired: { title: 'Payment expired', text: 'This payment expired after 24 hours. Check out again.' },
};

/** The customer app's checkout result page: the browser's return address, which only shows the state. */
const resultPath = (checkoutId: string, status: string) =>
  `/cart/${checkoutId}/checkout-result?status=${status}`;

/**
 * The embedded provider's hosted test-payment page (`GET|POST /payments/test/{session}`), outside the API. Paying
 * here confirms on the server side: the checkout is fulfilled by the form's POST, before the browser is sent
 * back to the portal's result page, which only reads the state.
 */
export const paymentPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: CatalogueContext = app.catalogue;
  const service: CheckoutService = app.checkout;
  const { db, clock } = ctx;
  await app.register(formbody, { bodyLimit: TEST_PAYMENT_FORM_MAX_BYTES });
  const params = z.object({ session: z.string().regex(/^[\w-]{16,64}$/) });

  async function lines(session: SessionRow) {
    return db
      .select({
        name: orderPositions.name,
        version: orderPositions.version,
        cents: orderPositions.priceCents,
      })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(and(eq(orders.checkoutId, session.checkoutId), eq(orders.kind, 'purchase')))
      .orderBy(orderPositions.position);
  }

  /**
   * The payment deadline in the reader's language (their browser's first `Accept-Language` the runtime knows, else
   * English), in UTC and saying so: the server does not know the reader's time zone.
   */
  function deadline(expiresAt: Date, acceptLanguage: string | undefined): string {
    const asked = (acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim())
      .filter((tag) => /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag));
    const [locale = 'en'] = Intl.DateTimeFormat.supportedLocalesOf(asked);
    const text = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    }).format(expiresAt);
    return `<time datetime="${escapeHtml(expiresAt.toISOString())}">${escapeHtml(text)}</time>`;
  }

  async function render(
    reply: FastifyReply,
    status: number,
    session: SessionRow,
    form: { error?: string; cardNumber?: string; expiry?: string } = {},
  ) {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const ended = STATE_TEXT[session.status];
    const back = `<div class="links"><a href="${escapeHtml(resultPath(session.checkoutId, session.status === 'completed' ? 'success' : session.status))}">Back to the portal</a></div>`;
    if (ended) {
      return reply
        .code(status)
        .type('text/html')
        .send(page(ended.title, `<h1>${ended.title}</h1><p>${ended.text}</p>${back}`));
    }
    const items = (await lines(session))
      .map(
        (line) =>
          `<li>${escapeHtml(line.version ? `${line.name} ${line.version}` : line.name)}: ${money(line.cents ?? 0, session.currency)}</li>`,
      )
      .join('');
    const total = money(session.amountCents, session.currency);
    const error = form.error
      ? `<div class="error" role="alert" id="payment-error">${escapeHtml(form.error)}</div>`
      : '';
    const invalid = form.error ? ' aria-describedby="payment-error" aria-invalid="true"' : '';
    const action = `${TEST_PAYMENT_PATH}/${session.providerSessionId}`;
    return reply
      .code(status)
      .type('text/html')
      .send(
        page(
          'Test payment',
          `<h1>Test payment</h1>
<p>Developer Portal test payments: no money moves. Pay ${total} by ${deadline(session.expiresAt, reply.request.headers['accept-language'])}.</p>
<ul id="payment-lines">${items}</ul>
<p><strong>Total: <span id="payment-total">${total}</span></strong></p>
${error}
<form method="post" action="${escapeHtml(action)}" novalidate>
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required autofocus
    value="${escapeHtml(form.cardNumber ?? '')}"${invalid}>
  <label for="expiry">Expiry date (MM/YY)</label>
  <input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/34" value="${escapeHtml(form.expiry ?? '')}">
  <label for="cvc">Security code (CVC)</label>
  <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
  <button type="submit" name="action" value="pay">Pay ${total}</button>
  <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel and return to the portal</button>
</form>
<details><summary>Test cards</summary><ul>
  <li><code>${group(TEST_CARDS.success)}</code>: pays</li>
  <li><code>${group(TEST_CARDS.declined)}</code>: declined</li>
  <li><code>${group(TEST_CARDS.retry)}</code>: insufficient funds, try again</li>
</ul><p>Any future expiry date and any three digits as CVC.</p></details>`,
        ),
      );
  }

  const notFoundPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html')
      .send(page('Payment not found', '<h1>Payment not found</h1><p>This payment page does not exist.</p>'));

  /** An expiry date (MM/YY) not in the past, on the service's clock. */
  function validExpiry(expiry: string): boolean {
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
    if (!match) return false;
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) return false;
    const now = clock.now();
    return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
  }

  app.get(`${TEST_PAYMENT_PATH}/:session`, { schema: { hide: true, params } }, async (request, reply) => {
    if (ctx.payments.name !== 'embedded') return notFoundPage(reply);
    const session = await service.providerSession(request.params.session);
    if (!session) return notFoundPage(reply);
    return render(reply, 200, session);
  });

  app.post(
    `${TEST_PAYMENT_PATH}/:session`,
    {
      schema: {
        hide: true,
        params,
        body: z.object({
          action: z.enum(['pay', 'cancel']).default('pay'),
          cardNumber: z.string().max(40).default(''),
          expiry: z.string().max(10).default(''),
          cvc: z.string().max(10).default(''),
        }),
      },
    },
    async (request, reply) => {
      if (ctx.payments.name !== 'embedded') return notFoundPage(reply);
      const token = request.params.session;
      const session = await service.providerSession(token);
      if (!session) return notFoundPage(reply);
      if (session.status !== 'started') return render(reply, 409, session);
      const { action, cardNumber, expiry, cvc } = request.body;
      if (action === 'cancel') {
        await service.cancel(session.checkoutId, { currentUser: null }, true);
        return reply.redirect(resultPath(session.checkoutId, 'canceled'), 303);
      }
      const outcome = chargeTestCard(cardNumber);
      const again = (error: string, status = 400) =>
        render(reply, status, session, { error, cardNumber, expiry });
      if (outcome === 'invalid') return again('Enter a valid card number.');
      if (!validExpiry(expiry)) return again('Enter an expiry date in the future, as MM/YY.');
      if (!/^\d{3,4}$/.test(cvc.trim())) return again('Enter the three or four digit security code.');
      if (outcome === 'retry') {
        await service.recordRetry(token, 'insufficient_funds');
        return again('The card has insufficient funds. Try again or use another card.', 402);
      }
      if (outcome === 'declined') {
        await service.failPayment(token, 'card_declined');
        return reply.redirect(resultPath(session.checkoutId, 'failed'), 303);
      }
      await service.confirmPaid(token, 'card');
      return reply.redirect(resultPath(session.checkoutId, 'success'), 303);
    },
  );
};
