import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, ErrorBody, LicenseRecord, OrderRecord } from '@portal/resources';
import { users } from '../src/db/schema.js';
import { bundleVersions, softwareBundles, toolVersions, tools } from '../src/db/schema-catalogue.js';
import { installers, licenses, orderPositions, orders } from '../src/db/schema-commerce.js';
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
/** An order of the user with this email, written directly (one made before a rule, or a state under test). */
async function orderOf(email: string, number: string, values: Partial<typeof orders.$inferInsert> = {}) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  const now = new Date();
  const [order] = await t.database.db
    .insert(orders)
    .values({
      number,
      userId: user!.id,
      kind: 'request',
      status: 'in-progress',
      requestedAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return order!;
}
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
    const order = await orderOf('promoted@portal.test', 'PO-LEGACY-1');
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

describe('a payable version is downloaded and installed only through a license paid for that version', () => {
  const pack = 'nx-device-pack';
  const userIdOf = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  /** A license of promoted@ for nx-device-pack, granted by a position of an order of this kind (or by hand). */
  const grant = async (
    type: string,
    version: string | null,
    order?: { kind: 'request' | 'purchase'; paid: boolean },
  ) => {
    const userId = await userIdOf('promoted@portal.test');
    const now = new Date();
    let orderPositionId: string | null = null;
    if (order) {
      const row = await orderOf('promoted@portal.test', `PO-ENT-${order.kind}-${order.paid}-${version}`, {
        ...order,
        status: 'approved',
      });
      const [position] = await t.database.db
        .insert(orderPositions)
        .values({
          orderId: row!.id,
          position: 0,
          entryType: 'tool',
          featureId: pack,
          version,
          name: 'NX Device Pack',
          status: 'approved',
        })
        .returning();
      orderPositionId = position!.id;
    }
    await t.database.db.insert(licenses).values({
      userId,
      orderPositionId,
      product: 'NX Device Pack',
      featureId: pack,
      version,
      type,
      grantedAt: now,
    });
  };
  const installer = () => call('POST', '/installers', promoted, { featureId: pack });

  it('an evaluation license, an unpaid purchase or a license without a version does not pay for it', async () => {
    // Free 1.1.0 ordered and approved as an evaluation, then the provider makes every version payable.
    await grant('evaluation', '1.1.0', { kind: 'request', paid: false });
    await grant('evaluation', null);
    await grant('evaluation', '1.0.0', { kind: 'purchase', paid: false });
    await t.database.db
      .update(toolVersions)
      .set({ spn: 'SPN-PACK', price: MCL_PRICE })
      .where(
        inArray(
          toolVersions.toolId,
          t.database.db.select({ id: tools.id }).from(tools).where(eq(tools.featureId, pack)),
        ),
      );
    expect(await downloadStatus(promoted, pack, '1.1.0')).toBe(403);
    expect(await downloadStatus(promoted, pack, '1.0.0')).toBe(403);
    expectError(await installer(), 403, 'purchase_required');
  });

  it('a paid purchase or a commercial license pays for exactly its version (the control)', async () => {
    await grant('evaluation', '1.1.0', { kind: 'purchase', paid: true });
    expect(await downloadStatus(promoted, pack, '1.1.0')).toBe(200);
    expect(await downloadStatus(promoted, pack, '1.0.0')).toBe(403);
    await grant('commercial', '1.0.0');
    expect(await downloadStatus(promoted, pack, '1.0.0')).toBe(200);
    expect((await installer()).statusCode).toBe(201);
  });

  it('approval fails closed on a version that cannot be found', async () => {
    const order = await orderOf('promoted@portal.test', 'PO-GONE-1');
    for (const [n, version] of [
      ['nx-motor-control-lib', '9.9.9'],
      ['no-such-tool', '1.0.0'],
    ].entries()) {
      const [position] = await t.database.db
        .insert(orderPositions)
        .values({
          orderId: order!.id,
          position: n,
          entryType: 'custom-bundle',
          featureId: version[0]!,
          version: version[1]!,
          name: 'Gone',
        })
        .returning();
      expectError(
        await call('PUT', `/orders/${order!.id}/positions/${position!.id}`, admin, { status: 'approved' }),
        409,
        'purchase_required',
      );
    }
  });
});

describe('a bundle is judged by everything its released version pins', () => {
  /** A released bundle listing only nx-device-pack whose released version pins `pinned` (as before the admin check). */
  const pinnedBundle = async (uuid: string, pinned: { featureId: string; version: string }) => {
    const [row] = await t.database.db
      .insert(softwareBundles)
      .values({ uuid, name: uuid, released: true, toolFeatureIds: ['nx-device-pack'] })
      .returning();
    await t.database.db
      .insert(bundleVersions)
      .values({ bundleId: row!.id, version: '1', released: true, toolVersions: [pinned] });
  };

  it('refuses a pinned tool the bundle does not list by the rules of that tool, and content that is gone', async () => {
    await pinnedBundle('BND-PINNED-SECURE', { featureId: 'secureboot-signer', version: '1.3.0' });
    await pinnedBundle('BND-PINNED-GONE', { featureId: 'nx-device-pack', version: '9.9.9' });
    expectError(await checkout(customer, [bundle('BND-PINNED-SECURE')]), 409, 'export_controlled');
    expectError(await checkout(customer, [bundle('BND-PINNED-GONE')]), 409, 'cart_entry_unavailable');
  });

  it('approving a bundle position covers no content that is gone (no installer for it)', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'customer@portal.test'));
    const [pack] = await t.database.db.select().from(tools).where(eq(tools.featureId, 'nx-device-pack'));
    const packInstallers = () =>
      t.database.db
        .select()
        .from(installers)
        .where(and(eq(installers.userId, row!.id), eq(installers.toolId, pack!.id)));
    expect(await packInstallers()).toEqual([]);
    const order = await orderOf('customer@portal.test', 'PO-PINNED-GONE');
    const [position] = await t.database.db
      .insert(orderPositions)
      .values({
        orderId: order!.id,
        position: 0,
        entryType: 'bundle',
        featureId: 'BND-PINNED-GONE',
        name: 'Gone',
      })
      .returning();
    const approved = await call('PUT', `/orders/${order!.id}/positions/${position!.id}`, admin, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await packInstallers()).toEqual([]);
  });
});

describe('a payable version named by several entries', () => {
  it('is one purchase line, charged once', async () => {
    const response = await checkout(customer, [
      tool('nx-motor-control-lib', '4.0.0'),
      custom('Twice', ['nx-motor-control-lib']),
      bundle('BND-MOTOR-PRO'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<Checkout>();
    expect(lines(result).filter((line) => line.featureId === 'nx-motor-control-lib')).toEqual([
      { kind: 'purchase', featureId: 'nx-motor-control-lib', version: '4.0.0', price: MCL_PRICE },
    ]);
    // The payment is the sum of the lines (nx-device-pack is payable too by now, bought once as well).
    const purchases = lines(result).filter((line) => line.price);
    expect(new Set(purchases.map((line) => `${line.featureId}@${line.version}`)).size).toBe(purchases.length);
    const total = purchases.reduce((sum, line) => sum + line.price!.amountCents, 0);
    expect(result.payment!.amount.amountCents).toBe(total);
  });
});
