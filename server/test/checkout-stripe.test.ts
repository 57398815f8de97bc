import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Checkout, ErrorBody, LicenseRecord } from '@portal/resources';
import { orders } from '../src/db/schema-commerce.js';
import { stripeSignature } from '../src/payments/stripe.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

const SECRET_KEY = 'sk_test_portal123';
const WEBHOOK_SECRET = 'whsec_portaltest';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_method_types: string[];
  client_reference_id: string;
}

/**
 * A stand-in for the three Stripe endpoints the adapter uses, on 127.0.0.1: it keeps sessions in memory,
 * answers Stripe's JSON and error shapes, honours Idempotency-Key, and records every request it gets.
 */
class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: {
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    form: URLSearchParams;
  }[] = [];
  private readonly byKey = new Map<string, string>();
  down = false;
  private server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => this.handle(request, body, response));
  });
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(response: http.ServerResponse, status: number, json: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  }

  private handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const path = request.url ?? '';
    const form = new URLSearchParams(body);
    this.requests.push({ method: request.method ?? '', path, headers: request.headers, form });
    if (this.down)
      return this.send(response, 500, { error: { type: 'api_error', message: 'Down for a test.' } });
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return this.send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const existing = key ? this.byKey.get(key) : undefined;
      if (existing) return this.send(response, 200, this.sessions.get(existing));
      const id = `cs_test_${this.sessions.size + 1}${Math.random().toString(36).slice(2, 8)}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_method_types: ['card'],
        client_reference_id: form.get('client_reference_id') ?? '',
      };
      this.sessions.set(id, session);
      if (key) this.byKey.set(key, id);
      return this.send(response, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    const session = match ? this.sessions.get(match[1]!) : undefined;
    if (!session)
      return this.send(response, 404, {
        error: { type: 'invalid_request_error', message: 'No such checkout.session' },
      });
    if (request.method === 'GET' && !match![2]) return this.send(response, 200, session);
    if (request.method === 'POST' && match![2]) {
      if (session.status !== 'open') {
        return this.send(response, 400, {
          error: { message: 'Only Checkout Sessions with a status of open can be expired.' },
        });
      }
      session.status = 'expired';
      return this.send(response, 200, session);
    }
    return this.send(response, 404, { error: { message: 'Unrecognized request URL' } });
  }
}

const stripe = new FakeStripe();
let t: TestApp;
let customer: Tokens;

beforeAll(async () => {
  await stripe.start();
  t = await startTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  customer = await signIn(t.app, { email: 'customer@portal.test' });
});
afterAll(async () => {
  await t?.close();
  await stripe.stop();
});

const call = (method: 'GET' | 'POST', url: string, tokens: Tokens | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tokens ? bearer(tokens) : {},
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.errors[0]?.errorCode).toBe(code);
  return body;
}

const tool = (featureId: string, version: string) => ({
  type: 'tool',
  item: { featureId },
  package: { version },
});
const PAYABLE = tool('nx-motor-control-lib', '4.0.0');

async function checkedOut(entries: object[]): Promise<Checkout> {
  const response = await call('POST', '/checkouts', customer, { entries });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Checkout>();
}

const sessionIdOf = (result: Checkout) => result.payment!.paymentUrl!.split('/').pop()!;

/** Sends a Stripe event the way Stripe does: the raw JSON body signed with the endpoint secret. */
function webhook(
  type: string,
  sessionId: string,
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
  const timestamp = options.at ?? Math.floor(Date.now() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        options.signature ?? stripeSignature(payload, options.secret ?? WEBHOOK_SECRET, timestamp),
    },
    payload,
  });
}

const read = async (id: string) => (await call('GET', `/checkouts/${id}`, customer)).json<Checkout>();

describe('the Stripe adapter', () => {
  let result: Checkout;

  it('creates a Stripe Checkout Session for the payable entries, by Stripe’s documented form API', async () => {
    result = await checkedOut([PAYABLE]);
    expect(result.payment).toMatchObject({ provider: 'stripe', status: 'started' });
    const created = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(created.method).toBe('POST');
    expect(created.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(created.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const form = Object.fromEntries(created.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: result.id,
      customer_email: 'customer@portal.test',
      success_url: `http://localhost:8080/cart/${result.id}/checkout-result?status=success`,
      cancel_url: `http://localhost:8080/cart/${result.id}/checkout-result?status=canceled`,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '49900',
      'line_items[0][price_data][product_data][name]': 'NX Motor Control Library 4.0.0',
      'metadata[checkout_id]': result.id,
    });
    expect(Number(form.expires_at)).toBe(Math.floor(new Date(result.payment!.expiresAt).getTime() / 1000));
    expect(result.payment!.paymentUrl).toBe(stripe.sessions.get(sessionIdOf(result))!.url);
  });

  it('has no test-payment page', async () => {
    expect((await t.app.inject({ url: `/payments/test/${'a'.repeat(32)}` })).statusCode).toBe(404);
  });

  it('refuses webhook calls without a valid, fresh signature', async () => {
    const id = sessionIdOf(result);
    expectError(
      await webhook('checkout.session.completed', id, { secret: 'whsec_wrong' }),
      400,
      'webhook_signature_invalid',
    );
    expectError(
      await webhook('checkout.session.completed', id, { signature: 't=1,v1=deadbeef' }),
      400,
      'webhook_signature_invalid',
    );
    expectError(
      await webhook('checkout.session.completed', id, { at: Math.floor(Date.now() / 1000) - 3600 }),
      400,
      'webhook_signature_invalid',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload: { type: 'x' } }),
      400,
      'webhook_signature_invalid',
    );
  });

  it('fulfils nothing while Stripe says the session is unpaid, whatever the event says', async () => {
    const response = await webhook('checkout.session.completed', sessionIdOf(result));
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(result.id)).status).toBe('started');
  });

  it('fulfils the purchase from the signed webhook once Stripe has the payment; a repeated event changes nothing', async () => {
    const session = stripe.sessions.get(sessionIdOf(result))!;
    session.status = 'complete';
    session.payment_status = 'paid';
    expect((await webhook('checkout.session.completed', session.id)).json()).toEqual({ received: true });
    const done = await read(result.id);
    expect(done).toMatchObject({
      status: 'completed',
      payment: { status: 'completed', paymentMethod: 'card' },
    });
    expect(done.orders[0]).toMatchObject({ paid: true, status: 'done' });
    expect((await webhook('checkout.session.completed', session.id)).statusCode).toBe(200);
    const licenses = (await call('GET', '/licenses', customer)).json<LicenseRecord[]>();
    expect(licenses.filter((license) => license.featureId === 'nx-motor-control-lib')).toHaveLength(1);
  });

  it('fails the purchase on async_payment_failed and expires it on checkout.session.expired', async () => {
    const failing = await checkedOut([PAYABLE, tool('nx-device-pack', '1.1.0')]);
    const failingSession = stripe.sessions.get(sessionIdOf(failing))!;
    failingSession.status = 'complete';
    expect((await webhook('checkout.session.async_payment_failed', failingSession.id)).statusCode).toBe(200);
    expect((await read(failing.id)).status).toBe('failed');

    const expiring = await checkedOut([PAYABLE, tool('nx-device-pack', '1.0.0')]);
    stripe.sessions.get(sessionIdOf(expiring))!.status = 'expired';
    expect((await webhook('checkout.session.expired', sessionIdOf(expiring))).statusCode).toBe(200);
    const expired = await read(expiring.id);
    expect(expired.status).toBe('expired');
    expect(expired.orders.find((order) => order.kind === 'purchase')!.status).toBe('payment-canceled');
  });

  it('ignores other events and sessions it does not know', async () => {
    expect((await webhook('payment_intent.created', 'pi_123')).json()).toEqual({ received: true });
    stripe.sessions.set('cs_foreign', {
      id: 'cs_foreign',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_foreign',
      status: 'complete',
      payment_status: 'paid',
      payment_method_types: ['card'],
      client_reference_id: 'other',
    });
    expect((await webhook('checkout.session.completed', 'cs_foreign')).statusCode).toBe(200);
  });

  it('expires the session at Stripe when its 24 hours are over on our clock', async () => {
    const result = await checkedOut([PAYABLE, tool('pwr-stage-netlist', 'B')]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(result.payment!.expiresAt).getTime() + 1000);
      const fresh = await signIn(t.app, { email: 'customer@portal.test' });
      const expired = (await call('GET', `/checkouts/${result.id}`, fresh)).json<Checkout>();
      expect(expired.status).toBe('expired');
      await expect
        .poll(() =>
          stripe.requests.some(
            (request) => request.path === `/v1/checkout/sessions/${sessionIdOf(result)}/expire`,
          ),
        )
        .toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 502 payment_provider_error when Stripe fails, leaving no order behind', async () => {
    const before = (await t.database.db.select().from(orders)).length;
    stripe.down = true;
    try {
      expectError(
        await call('POST', '/checkouts', customer, {
          entries: [PAYABLE, tool('nx-flash-programmer', '2.3.0')],
        }),
        502,
        'payment_provider_error',
      );
    } finally {
      stripe.down = false;
    }
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    const open = await checkedOut([PAYABLE, tool('nx-flash-programmer', '3.0.0')]);
    stripe.down = true;
    try {
      const session = stripe.sessions.get(sessionIdOf(open))!;
      expectError(await webhook('checkout.session.completed', session.id), 502, 'payment_provider_error');
    } finally {
      stripe.down = false;
    }
    const rows = await t.database.db.select().from(orders).where(eq(orders.checkoutId, open.id));
    expect(rows[0]!.paid).toBe(false);
  });
});
