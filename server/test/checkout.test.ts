import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_SESSION_VALIDITY_MS,
  cartEntryKey,
  type BillingInformation,
  type Checkout,
  type ErrorBody,
  type LicenseRecord,
  type Questionnaire,
  type ToolDetail,
} from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { checkouts, orders, paymentSessions } from '../src/db/schema-commerce.js';
import { TEST_CARDS } from '../src/payments/test-cards.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bundle, custom, tool } from './support/cart-entries.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let internal: Tokens;
let promoted: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer, internal, promoted] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
    signIn(t.app, { email: 'promoted@portal.test' }),
  ]);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, tokens: Tokens | null, payload?: object) =>
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

const checkout = (tokens: Tokens, entries: object[], answers: object = {}) =>
  call('POST', '/checkouts', tokens, { entries, answers });

async function checkedOut(tokens: Tokens, entries: object[], answers: object = {}): Promise<Checkout> {
  const response = await checkout(tokens, entries, answers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Checkout>();
}

const read = async (id: string, tokens: Tokens = customer) => {
  const response = await call('GET', `/checkouts/${id}`, tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Checkout>();
};

/** The embedded provider's page, as a browser opens it from the checkout's payment address. */
const paymentPage = (result: Checkout) => new URL(result.payment!.paymentUrl!).pathname;
const openPage = (path: string) => t.app.inject({ method: 'GET', url: path });
const submitPage = (path: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const pay = (path: string, cardNumber: string = TEST_CARDS.success) =>
  submitPage(path, { action: 'pay', cardNumber, expiry: '12/40', cvc: '123' });

const PAYABLE = tool('nx-motor-control-lib', '4.0.0');

describe('checking out requests', () => {
  let first: Checkout;

  it('needs sign-in and a cart', async () => {
    expectError(
      await call('POST', '/checkouts', null, { entries: [tool('nx-flash-programmer', '3.0.0')] }),
      401,
      'unauthorized',
    );
    expectError(await checkout(customer, []), 400, 'invalid_request');
    expectError(await checkout(customer, [{ type: 'tool', item: {} }]), 400, 'invalid_request');
  });

  it('turns non-payable entries into one request order, completed at once, audited', async () => {
    first = await checkedOut(customer, [
      tool('nx-flash-programmer', '2.4.1'),
      bundle('BND-MOTOR-STARTER'),
      custom('Lab kit', ['nx-device-pack', 'partner-rtos']),
    ]);
    expect(first).toMatchObject({ status: 'completed', payment: null });
    expect(first.entryKeys).toEqual(
      [
        cartEntryKey({
          type: 'tool',
          item: { featureId: 'nx-flash-programmer' },
          package: { version: '2.4.1' },
        }),
        cartEntryKey({ type: 'bundle', item: { uuid: 'BND-MOTOR-STARTER' } }),
        cartEntryKey({ type: 'custom-bundle', customBundle: { name: 'Lab kit' } }),
      ].sort(),
    );
    expect(first.orders).toHaveLength(1);
    const [order] = first.orders;
    expect(order).toMatchObject({
      kind: 'request',
      status: 'in-progress',
      paid: false,
      paymentMethod: null,
      total: null,
      userEmail: 'customer@portal.test',
      checkoutId: first.id,
      featureIds: ['nx-flash-programmer', 'BND-MOTOR-STARTER', 'nx-device-pack', 'partner-rtos'],
    });
    expect(order!.number).toMatch(/^PO-\d+$/);
    expect(order!.positions.map((p) => [p.type, p.featureId, p.version, p.status])).toEqual([
      ['tool', 'nx-flash-programmer', '2.4.1', 'in-progress'],
      ['bundle', 'BND-MOTOR-STARTER', null, 'in-progress'],
      ['custom-bundle', 'nx-device-pack', '1.1.0', 'in-progress'],
      ['custom-bundle', 'partner-rtos', 'external', 'in-progress'],
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(entry).toMatchObject({ action: 'checkout', entity: 'checkout' });
  });

  it('answers the same checkout again for the same cart, whatever the order of its entries (idempotency key)', async () => {
    const again = await checkout(customer, [
      custom('Lab kit', ['nx-device-pack', 'partner-rtos']),
      tool('nx-flash-programmer', '2.4.1'),
      bundle('BND-MOTOR-STARTER'),
      bundle('BND-MOTOR-STARTER'),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Checkout>().id).toBe(first.id);
    const rows = await t.database.db.select().from(orders).where(eq(orders.checkoutId, first.id));
    expect(rows).toHaveLength(1);
  });

  it('creates one order when two checkouts of one cart race', async () => {
    const cart = [tool('nx-device-pack', '1.0.0'), tool('pwr-stage-netlist', 'B')];
    const [a, b] = await Promise.all([checkout(customer, cart), checkout(customer, cart)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Checkout>().id).toBe(b.json<Checkout>().id);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, a.json<Checkout>().id));
    expect(rows).toHaveLength(1);
    const same = await t.database.db
      .select()
      .from(checkouts)
      .where(
        eq(
          checkouts.idempotencyKey,
          (await t.database.db.select().from(checkouts).where(eq(checkouts.id, a.json<Checkout>().id)))[0]!
            .idempotencyKey,
        ),
      );
    expect(same).toHaveLength(1);
  });

  it('reads the cart entries as the browser keeps them, and trusts none of their flags or prices', async () => {
    const detail = (await call('GET', '/catalogue/tools/nx-flash-programmer', customer)).json<ToolDetail>();
    const entry = {
      type: 'tool',
      item: detail,
      package: {
        ...detail.versions['2.3.0'],
        spn: 'FAKE-SPN',
        price: { amountCents: 1, currency: 'EUR' },
        orderable: true,
      },
    };
    const result = await checkedOut(customer, [entry]);
    expect(result.payment).toBeNull();
    expect(result.orders[0]).toMatchObject({ kind: 'request', total: null });
    expect(result.orders[0]!.positions[0]!.price).toBeNull();
  });

  it('refuses unknown, unreleased, not orderable and not requestable entries, all at once, naming their keys', async () => {
    const body = expectError(
      await checkout(customer, [
        tool('nope', '1.0'),
        tool('nx-flash-programmer', '9.9.9'),
        bundle('BND-RADAR-EVAL'),
        tool('legacy-flasher', '1.9.4'),
        tool('power-designer-online', 'online'),
        tool('serial-terminal', '4.2'),
        custom('Ghost', ['nope']),
      ]),
      409,
      'cart_entry_unavailable',
    );
    expect(body.errors.map((error) => error.errorCode)).toEqual([
      'cart_entry_unavailable',
      'not_requestable',
      'not_orderable',
    ]);
    expect(body.errors[0]!.resources).toHaveLength(4);
    expect(body.errors[1]!.resources).toHaveLength(2);
    expect(body.errors[2]!.resources).toEqual([
      cartEntryKey({ type: 'tool', item: { featureId: 'legacy-flasher' }, package: { version: '1.9.4' } }),
    ]);
    expectError(
      await checkout(customer, [custom('Online', ['power-designer-online'])]),
      409,
      'not_requestable',
    );
  });

  it("refuses a bundle key over the bundle key's bound (bundleKeySchema) with 400, one within it as unknown", async () => {
    const long = 'K'.repeat(256);
    expectError(await checkout(customer, [bundle(long)]), 400, 'invalid_request');
    expectError(await checkout(customer, [bundle(long.slice(1))]), 409, 'cart_entry_unavailable');
  });
});

describe('questionnaire answers', () => {
  let form: Questionnaire;
  const byTitle = (title: string) => form.questions.find((q) => q.title === title)!.id;

  beforeAll(async () => {
    const detail = (await call('GET', '/catalogue/tools/sensor-fusion-studio', customer)).json<ToolDetail>();
    form = (
      await call('GET', `/catalogue/questionnaires/${detail.questionnaireId}`, customer)
    ).json<Questionnaire>();
  });

  it('demands the answers the items ask, one error per question', async () => {
    const body = expectError(
      await checkout(customer, [tool('sensor-fusion-studio', '0.9.0')]),
      400,
      'questionnaire_answers_invalid',
    );
    expect(body.errors.map((error) => error.resources[0])).toEqual([
      `answers.${form.id}.${byTitle('What will you build?')}`,
      `answers.${form.id}.${byTitle('Project stage')}`,
      `answers.${form.id}.${byTitle('First name')}`,
      `answers.${form.id}.${byTitle('Last name')}`,
    ]);
    expect(body.errors[0]!.messages).toEqual(['Please answer this question.']);
  });

  it('checks each answer: free text at most 255 characters, choices from the options', async () => {
    const answers = {
      [form.id]: {
        [byTitle('What will you build?')]: 'x'.repeat(256),
        [byTitle('Project stage')]: 'Prototype',
        [byTitle('First name')]: 'Chris',
        [byTitle('Last name')]: 'Customer',
      },
    };
    const body = expectError(
      await checkout(customer, [tool('sensor-fusion-studio', '0.9.0')], answers),
      400,
      'questionnaire_answers_invalid',
    );
    expect(body.errors.flatMap((error) => error.messages)).toEqual([
      'Your answer may have at most 255 characters.',
      'Please choose one of the options.',
    ]);
  });

  it('accepts complete answers, asks a dependent question only when its option is chosen, and keeps the answers', async () => {
    const answers = {
      [form.id]: {
        [byTitle('What will you build?')]: 'A drone flight controller',
        [byTitle('Project stage')]: 'Evaluation',
        [byTitle('Expected production date and volume')]: 'not asked, so dropped',
        [byTitle('First name')]: 'Chris',
        [byTitle('Last name')]: 'Customer',
      },
    };
    const result = await checkedOut(customer, [tool('sensor-fusion-studio', '0.9.0')], answers);
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, result.id));
    expect(row!.answers[form.id]).not.toHaveProperty(byTitle('Expected production date and volume'));
    expect(row!.answers[form.id]![byTitle('Project stage')]).toBe('Evaluation');
  });
});

describe('billing information', () => {
  const address = { street: 'Rue 1', postalCode: '75001', city: 'Paris', country: 'FR' };
  const save = (body: object, tokens: Tokens = internal) => call('PUT', '/billing-information', tokens, body);
  const info = (overrides: object) => ({
    companyName: 'Internal GmbH',
    billingAddress: address,
    shippingAddress: address,
    taxId: 'FR12345678901',
    ...overrides,
  });

  it('answers the caller’s own, validated: ok for the demo customer, not ok without an address', async () => {
    const own = (await call('GET', '/billing-information', customer)).json<BillingInformation>();
    expect(own).toMatchObject({
      companyName: 'Acme Devices GmbH',
      taxId: 'DE123456789',
      validation: { status: 'ok', issues: [] },
    });
    const none = (await call('GET', '/billing-information', internal)).json<BillingInformation>();
    expect(none).toMatchObject({ billingAddress: null, updatedAt: null });
    expect(none.validation).toEqual({ status: 'not-ok', issues: ['no_address', 'no_shipping_address'] });
    expectError(await call('GET', '/billing-information', null), 401, 'unauthorized');
  });

  it('refuses a purchase with each billing issue as its own code', async () => {
    const body = expectError(await checkout(internal, [PAYABLE]), 409, 'billing_no_address');
    expect(body.errors.map((error) => error.errorCode)).toEqual([
      'billing_no_address',
      'billing_no_shipping_address',
    ]);
    const cases: [object, string, string][] = [
      [info({ billingAddress: { ...address, country: 'KP' } }), 'billing_country_not_whitelisted', 'not-ok'],
      [info({ taxId: null }), 'billing_tax_id_missing', 'not-ok'],
      [info({ taxId: 'DE123456789' }), 'billing_tax_id_invalid', 'not-ok'],
      [info({ taxId: 'FR 111 111 111' }), 'billing_tax_id_invalid', 'not-ok'],
      [info({ taxId: 'FR222222222' }), 'billing_pending', 'pending'],
    ];
    for (const [body, code, status] of cases) {
      const saved = await save(body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<BillingInformation>().validation.status).toBe(status);
      expectError(await checkout(internal, [PAYABLE]), 409, code);
    }
    expectError(
      await save(info({ billingAddress: { ...address, country: 'France' } })),
      400,
      'invalid_request',
    );
    expectError(await save(info({ billingAddress: { ...address, city: ' ' } })), 400, 'invalid_request');
  });

  it('normalises the tax ID and lets the purchase through once billing is ok', async () => {
    const saved = await save(info({ taxId: 'fr 12.345.678-901' }));
    expect(saved.json<BillingInformation>()).toMatchObject({
      taxId: 'FR12345678901',
      validation: { status: 'ok' },
    });
    expect((await checkout(internal, [PAYABLE])).statusCode).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'billing_information'), eq(auditLog.action, 'update')));
    expect(entry).toBeTruthy();
  });

  it('refuses a purchase of export-controlled items without export approval with billing_not_export_approved', async () => {
    expectError(
      await checkout(customer, [tool('rf-radar-sdk', '1.0.0')]),
      409,
      'billing_not_export_approved',
    );
    // The promoted user has the approval for the signer (not payable) but not for the crypto library.
    await save({ ...info({}), taxId: 'FR12345678901' }, promoted);
    expectError(
      await checkout(promoted, [tool('sec-crypto-lib', '5.1.0')]),
      409,
      'billing_not_export_approved',
    );
  });
});

describe('paying through the embedded test-payment page', () => {
  it('starts a purchase: a payment session of 24 hours; the browser returning to the portal fulfils nothing', async () => {
    const result = await checkedOut(customer, [PAYABLE]);
    expect(result.status).toBe('started');
    const purchase = result.orders.find((order) => order.kind === 'purchase')!;
    expect(purchase).toMatchObject({
      status: 'payment-missing',
      paid: false,
      total: { amountCents: 49900, currency: 'EUR' },
      positions: [
        expect.objectContaining({
          featureId: 'nx-motor-control-lib',
          version: '4.0.0',
          price: { amountCents: 49900, currency: 'EUR' },
        }),
      ],
    });
    expect(result.payment).toMatchObject({
      status: 'started',
      provider: 'embedded',
      amount: { amountCents: 49900, currency: 'EUR' },
      failureReason: null,
    });
    expect(result.payment!.paymentUrl).toMatch(/^http:\/\/localhost:8080\/payments\/test\/[\w-]{20,}$/);
    expect(new Date(result.payment!.expiresAt).getTime() - new Date(result.createdAt).getTime()).toBe(
      CHECKOUT_SESSION_VALIDITY_MS,
    );

    const page = await openPage(paymentPage(result));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€499.00');
    expect(page.body).toContain('NX Motor Control Library 4.0.0');
    expect(page.body).toContain('name="cardNumber"');
    expect(page.body).toContain('4242 4242 4242 4242');
    // The deadline reads in the reader's language, not as an ISO string; cancelling is the secondary button.
    const expires = new Date(result.payment!.expiresAt);
    const inGerman = await t.app.inject({
      method: 'GET',
      url: paymentPage(result),
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    const german = new Intl.DateTimeFormat('de-DE', {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    });
    expect(inGerman.body).toContain(
      `<time datetime="${expires.toISOString()}">${german.format(expires)}</time>`,
    );
    expect(page.body).not.toContain(`by ${expires.toISOString()}`);
    expect(page.body).toMatch(/<button[^>]*class="secondary"[^>]*>Cancel and return to the portal/);

    // The customer app's result page only reads: still started, still not downloadable.
    expect((await read(result.id)).status).toBe('started');
    const file = (await call('GET', '/catalogue/tools/nx-motor-control-lib', customer)).json<ToolDetail>()
      .versions['4.0.0']!;
    expect(file.downloadRefusal).toBe('purchase-required');

    const paid = await pay(paymentPage(result));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/cart/${result.id}/checkout-result?status=success`);

    const done = await read(result.id);
    expect(done.status).toBe('completed');
    expect(done.payment).toMatchObject({ status: 'completed', paymentUrl: null, paymentMethod: 'card' });
    expect(done.orders[0]).toMatchObject({
      kind: 'purchase',
      status: 'done',
      paid: true,
      paymentMethod: 'card',
    });
    expect(done.orders[0]!.positions[0]!.status).toBe('approved');
    const licenses = (await call('GET', '/licenses', customer)).json<LicenseRecord[]>();
    expect(licenses.find((license) => license.featureId === 'nx-motor-control-lib')).toMatchObject({
      product: 'NX Motor Control Library 4.0.0',
      type: 'commercial',
      status: 'perpetual',
      orderNumber: done.orders[0]!.number,
    });
    const bought = (await call('GET', '/catalogue/tools/nx-motor-control-lib', customer)).json<ToolDetail>()
      .versions['4.0.0']!;
    expect(bought.canDownload).toBe(true);
    expect(
      (await t.app.inject({ url: new URL(bought.downloadUrls[0]!.url).pathname, headers: bearer(customer) }))
        .statusCode,
    ).toBe(200);

    const after = await openPage(paymentPage(result));
    expect(after.body).toContain('Payment received');
    expect((await pay(paymentPage(result))).statusCode).toBe(409);
    expectError(await call('POST', `/checkouts/${result.id}/cancel`, customer), 409, 'checkout_completed');
    expectError(await call('POST', `/checkouts/${result.id}/resume`, customer), 409, 'checkout_completed');
  });

  it('splits a mixed cart into a request order and a purchase order', async () => {
    const result = await checkedOut(customer, [PAYABLE, tool('nx-device-pack', '1.1.0')]);
    expect(result.orders.map((order) => [order.kind, order.status]).sort()).toEqual([
      ['purchase', 'payment-missing'],
      ['request', 'in-progress'],
    ]);
    expect(result.payment!.amount.amountCents).toBe(49900);
  });

  it('asks for another try on insufficient funds and on a malformed form, keeping the session open', async () => {
    const result = await checkedOut(customer, [PAYABLE, tool('nx-flash-programmer', '2.3.0')]);
    const path = paymentPage(result);
    const retry = await pay(path, TEST_CARDS.retry);
    expect(retry.statusCode).toBe(402);
    expect(retry.body).toContain('insufficient funds');
    expect(retry.body).toContain('role="alert"');
    expect(
      (await submitPage(path, { action: 'pay', cardNumber: '1234', expiry: '12/40', cvc: '123' })).statusCode,
    ).toBe(400);
    expect(
      (await submitPage(path, { action: 'pay', cardNumber: TEST_CARDS.success, expiry: '01/20', cvc: '123' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await submitPage(path, { action: 'pay', cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: 'x' }))
        .statusCode,
    ).toBe(400);
    const open = await read(result.id);
    expect(open.payment).toMatchObject({ status: 'started', failureReason: 'insufficient_funds' });
    expect((await pay(path)).headers.location).toContain('status=success');
    expect((await read(result.id)).status).toBe('completed');
  });

  it('fails the session on a declined card; the checkout is over and the cart can be checked out anew', async () => {
    const cart = [PAYABLE, tool('pwr-stage-netlist', 'B')];
    const result = await checkedOut(customer, cart);
    const declined = await pay(paymentPage(result), TEST_CARDS.declined);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/cart/${result.id}/checkout-result?status=failed`);
    const failed = await read(result.id);
    expect(failed.status).toBe('failed');
    expect(failed.payment).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
      paymentUrl: null,
    });
    expect(failed.orders.find((order) => order.kind === 'purchase')!.status).toBe('payment-canceled');
    expectError(await call('POST', `/checkouts/${result.id}/resume`, customer), 409, 'checkout_failed');
    expectError(await call('POST', `/checkouts/${result.id}/cancel`, customer), 409, 'checkout_failed');
    expect((await openPage(paymentPage(result))).body).toContain('Payment declined');
    const anew = await checkout(customer, cart);
    expect(anew.statusCode).toBe(201);
    expect(anew.json<Checkout>().id).not.toBe(result.id);
  });

  it('cancels on the page and resumes from the portal: the same payment page, then paid', async () => {
    const result = await checkedOut(customer, [PAYABLE, tool('nx-device-pack', '1.0.0')]);
    const path = paymentPage(result);
    const canceled = await submitPage(path, { action: 'cancel' });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`/cart/${result.id}/checkout-result?status=canceled`);
    const state = await read(result.id);
    expect(state).toMatchObject({ status: 'canceled', payment: { status: 'canceled', paymentUrl: null } });
    expect(state.orders.find((order) => order.kind === 'purchase')!.status).toBe('payment-missing');
    expect((await openPage(path)).body).toContain('Payment canceled');
    expect((await pay(path)).statusCode).toBe(409);
    expectError(await call('POST', `/checkouts/${result.id}/cancel`, customer), 409, 'checkout_canceled');

    const resumed = await call('POST', `/checkouts/${result.id}/resume`, customer);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<Checkout>().payment).toMatchObject({
      status: 'started',
      paymentUrl: result.payment!.paymentUrl,
    });
    expect((await pay(path)).headers.location).toContain('status=success');
    expect((await read(result.id)).status).toBe('completed');
  });

  it('cancels through the API; checking the same cart out again resumes it', async () => {
    const cart = [PAYABLE, bundle('BND-MOTOR-STARTER')];
    const result = await checkedOut(customer, cart);
    const canceled = await call('POST', `/checkouts/${result.id}/cancel`, customer);
    expect(canceled.json<Checkout>().status).toBe('canceled');
    const again = await checkout(customer, cart);
    expect(again.statusCode).toBe(200);
    expect(again.json<Checkout>()).toMatchObject({ id: result.id, status: 'started' });
  });

  it('keeps checkouts to their owner (and admins)', async () => {
    const result = await checkedOut(customer, [PAYABLE, tool('nx-flash-programmer', '3.0.0')]);
    expectError(await call('GET', `/checkouts/${result.id}`, internal), 404, 'not_found');
    expectError(await call('POST', `/checkouts/${result.id}/cancel`, internal), 404, 'not_found');
    expectError(await call('POST', `/checkouts/${result.id}/resume`, internal), 404, 'not_found');
    expect((await call('GET', `/checkouts/${result.id}`, admin)).statusCode).toBe(200);
    expectError(await call('GET', `/checkouts/${crypto.randomUUID()}`, customer), 404, 'not_found');
    const requestOnly = await checkedOut(customer, [tool('nx-flash-programmer', '3.0.0')]);
    expectError(await call('POST', `/checkouts/${requestOnly.id}/cancel`, customer), 404, 'not_found');
    expectError(await call('POST', `/checkouts/${requestOnly.id}/resume`, customer), 404, 'not_found');
  });

  it('answers unknown payment pages with 404 and has no Stripe webhook while the embedded provider is used', async () => {
    expect((await openPage('/payments/test/unknown-session-token-123')).statusCode).toBe(404);
    expect((await pay('/payments/test/unknown-session-token-123')).statusCode).toBe(404);
    expect((await openPage('/payments/test/bad')).statusCode).toBe(400);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload: {} }),
      404,
      'not_found',
    );
  });
});

describe('expiry after 24 hours, on a controlled clock', () => {
  it('expires an unpaid session: the page refuses, resume answers checkout_expired, the order is payment-canceled', async () => {
    const result = await checkedOut(customer, [
      PAYABLE,
      tool('nx-device-pack', '1.1.0'),
      tool('pwr-stage-netlist', 'B'),
    ]);
    const path = paymentPage(result);
    await call('POST', `/checkouts/${result.id}/cancel`, customer);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(result.payment!.expiresAt).getTime() - 60_000);
      // A day later the morning's access token is long expired: the customer signs in again.
      const fresh = await signIn(t.app, { email: 'customer@portal.test' });
      // A minute before the end the session can still be resumed.
      expect((await call('POST', `/checkouts/${result.id}/resume`, fresh)).json<Checkout>().status).toBe(
        'started',
      );
      vi.setSystemTime(new Date(result.payment!.expiresAt).getTime() + 1);
      const expired = await read(result.id, fresh);
      expect(expired).toMatchObject({ status: 'expired', payment: { status: 'expired', paymentUrl: null } });
      expect(expired.orders.find((order) => order.kind === 'purchase')!.status).toBe('payment-canceled');
      expectError(await call('POST', `/checkouts/${result.id}/resume`, fresh), 409, 'checkout_expired');
      expect((await openPage(path)).body).toContain('Payment expired');
      expect((await pay(path)).statusCode).toBe(409);
      const [session] = await t.database.db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.checkoutId, result.id));
      expect(session!.status).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
