import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, ErrorBody, LicenseRecord, OrderRecord } from '@portal/resources';
import { users } from '../src/db/schema.js';
import { licenses, orderPositions, orders, softwareBundles } from '../src/db/schema-catalogue.js';
import { TEST_CARDS } from '../src/payments/test-cards.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bundle, custom, tool } from './support/cart-entries.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/**
 * Every way into an order, walked as a customer who wants the €499 NX Motor Control Library 4.0.0 without paying,
 * or export-controlled software without a grant (issue 17 point 1): one rule decides them all.
 */
let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let promoted: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer, promoted] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'promoted@portal.test' }),
  ]);
  // A released bundle without pinned versions: it stands for the latest version of each tool, the payable one too.
  await t.database.db.insert(softwareBundles).values({
    uuid: 'BND-MOTOR-PRO',
    name: 'Motor Pro Bundle',
    released: true,
    toolFeatureIds: ['nx-motor-control-lib', 'nx-device-pack'],
  });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tokens ? bearer(tokens) : {},
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.errors.map((error) => error.errorCode)).toContain(code);
  return body;
}

const checkout = (tokens: Tokens, entries: object[]) =>
  call('POST', '/checkouts', tokens, { entries, answers: {} });

const MCL_PRICE = { amountCents: 49900, currency: 'EUR' };
const lines = (result: Checkout) =>
  result.orders.flatMap((order) =>
    order.positions.map((position) => ({
      kind: order.kind,
      featureId: position.featureId,
      version: position.version,
      price: position.price,
    })),
  );
const downloadStatus = async (tokens: Tokens, featureId: string, version: string) => {
  const detail = (await call('GET', `/catalogue/tools/${featureId}`, tokens)).json<{
    versions: Record<string, { downloadUrls: { url: string }[] }>;
  }>();
  const url = detail.versions[version]!.downloadUrls[0]!.url;
  const response = await t.app.inject({
    method: 'GET',
    url: new URL(url, 'http://x').pathname,
    headers: bearer(tokens),
  });
  return response.statusCode;
};
const licensesOf = async (tokens: Tokens) =>
  (await call('GET', '/licenses', tokens))
    .json<LicenseRecord[]>()
    .map((license) => `${license.featureId}@${license.version}`);

describe('payable versions are bought, whatever the entry type', () => {
  let customCheckout: Checkout;

  it('a custom bundle naming a tool whose latest version is payable makes a purchase line at its price', async () => {
    const response = await checkout(customer, [
      custom('Free lunch', ['nx-motor-control-lib', 'nx-device-pack']),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    customCheckout = response.json<Checkout>();
    expect(lines(customCheckout)).toEqual([
      { kind: 'request', featureId: 'nx-device-pack', version: '1.1.0', price: null },
      { kind: 'purchase', featureId: 'nx-motor-control-lib', version: '4.0.0', price: MCL_PRICE },
    ]);
    expect(customCheckout.payment).toMatchObject({ status: 'started', amount: MCL_PRICE });
  });

  it('the unpaid purchase cannot be approved by hand, and nothing is downloadable', async () => {
    const purchase = customCheckout.orders.find((order) => order.kind === 'purchase')!;
    expectError(
      await call('PUT', `/orders/${purchase.id}/positions/${purchase.positions[0]!.id}`, admin, {
        status: 'approved',
      }),
      409,
      'invalid_state_transition',
    );
    expect(await downloadStatus(customer, 'nx-motor-control-lib', '4.0.0')).toBe(403);
    expect(await licensesOf(customer)).not.toContain('nx-motor-control-lib@4.0.0');
  });

  it('replaying the same checkout answers the same one: no request order for the payable line appears', async () => {
    const again = await checkout(customer, [
      custom('Free lunch', ['nx-device-pack', 'nx-motor-control-lib']),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Checkout>().id).toBe(customCheckout.id);
    const rows = await t.database.db
      .select({ kind: orders.kind, version: orderPositions.version, featureId: orderPositions.featureId })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orderPositions.featureId, 'nx-motor-control-lib'));
    expect(rows.filter((row) => row.version === '4.0.0').map((row) => row.kind)).toEqual(['purchase']);
  });

  it('another customer cannot read, cancel or resume that checkout', async () => {
    expectError(await call('GET', `/checkouts/${customCheckout.id}`, promoted), 404, 'not_found');
    expectError(await call('POST', `/checkouts/${customCheckout.id}/cancel`, promoted), 404, 'not_found');
    expectError(await call('POST', `/checkouts/${customCheckout.id}/resume`, promoted), 404, 'not_found');
  });

  it('a customer cannot approve a position, not even their own', async () => {
    const request = customCheckout.orders.find((order) => order.kind === 'request')!;
    const response = await call(
      'PUT',
      `/orders/${request.id}/positions/${request.positions[0]!.id}`,
      customer,
      {
        status: 'approved',
      },
    );
    expect(response.statusCode, response.body).toBe(403);
  });

  it('paying it grants the license and the download', async () => {
    const path = new URL(customCheckout.payment!.paymentUrl!).pathname;
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'pay',
        cardNumber: TEST_CARDS.success,
        expiry: '12/40',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    expect(await licensesOf(customer)).toContain('nx-motor-control-lib@4.0.0');
  });

  it('a bundle holding a payable tool sells that tool as a purchase line; the bundle position covers the rest', async () => {
    const response = await checkout(promoted, [bundle('BND-MOTOR-PRO')]);
    // promoted@ has no billing information: the purchase line needs it, so the bundle is not handed out for free.
    expectError(response, 409, 'billing_no_address');
    const bought = await checkout(customer, [bundle('BND-MOTOR-PRO')]);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(lines(bought.json<Checkout>())).toEqual([
      { kind: 'request', featureId: 'BND-MOTOR-PRO', version: null, price: null },
      { kind: 'purchase', featureId: 'nx-motor-control-lib', version: '4.0.0', price: MCL_PRICE },
    ]);
  });

  it('orderable versions only, in every entry type', async () => {
    const body = expectError(
      await checkout(customer, [tool('legacy-flasher', '1.9.4'), custom('Old kit', ['legacy-flasher'])]),
      409,
      'not_orderable',
    );
    expect(body.errors.find((error) => error.errorCode === 'not_orderable')!.resources).toHaveLength(2);
  });
});

describe('export-controlled versions need a granted export access request, whatever the entry type', () => {
  it('refuses a tool, a custom bundle and a bundle holding SecureBoot without a grant', async () => {
    for (const entry of [
      tool('secureboot-signer', '1.3.0'),
      custom('Signing kit', ['secureboot-signer']),
      bundle('BND-SECURE-ELEMENT'),
    ]) {
      expectError(await checkout(customer, [entry]), 409, 'export_controlled');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'customer@portal.test'));
    const own = await t.database.db.select().from(orders).where(eq(orders.userId, row!.id));
    const positions = await t.database.db.select().from(orderPositions);
    expect(
      positions.filter(
        (position) =>
          position.featureId === 'secureboot-signer' && own.some((order) => order.id === position.orderId),
      ),
    ).toEqual([]);
  });

  it('lets the holder of a grant past the rule (on to the questionnaire the tool asks)', async () => {
    const response = await checkout(promoted, [custom('Signing kit', ['secureboot-signer'])]);
    expect(response.statusCode, response.body).toBe(400);
    const codes = new Set(response.json<ErrorBody>().errors.map((error) => error.errorCode));
    expect([...codes]).toEqual(['questionnaire_answers_invalid']);
  });
});

describe('approval of a payable version needs its payment', () => {
  it('refuses to approve a request position of a payable version (an order made before this rule)', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'promoted@portal.test'));
    const now = new Date();
    const [order] = await t.database.db
      .insert(orders)
      .values({
        number: 'PO-LEGACY-1',
        userId: row!.id,
        kind: 'request',
        status: 'in-progress',
        requestedAt: now,
        updatedAt: now,
      })
      .returning();
    const [position] = await t.database.db
      .insert(orderPositions)
      .values({
        orderId: order!.id,
        position: 0,
        entryType: 'custom-bundle',
        featureId: 'nx-motor-control-lib',
        version: '4.0.0',
        name: 'NX Motor Control Library (legacy)',
      })
      .returning();
    expectError(
      await call('PUT', `/orders/${order!.id}/positions/${position!.id}`, admin, { status: 'approved' }),
      409,
      'purchase_required',
    );
    const granted = await t.database.db
      .select()
      .from(licenses)
      .where(eq(licenses.orderPositionId, position!.id));
    expect(granted).toEqual([]);
    const fresh = (await call('GET', `/orders/${order!.id}`, admin)).json<OrderRecord>();
    expect(fresh.positions[0]!.status).toBe('in-progress');
  });
});
