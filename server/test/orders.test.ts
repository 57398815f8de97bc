import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Checkout,
  ErrorBody,
  InstallationKey,
  InstallerRecord,
  LicenseRecord,
  OrderRecord,
} from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { installationKeys } from '../src/db/schema-commerce.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let internal: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer, internal] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
  ]);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, tokens: Tokens | null, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.errors[0]?.errorCode).toBe(code);
  return body;
}

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const tool = (featureId: string, version: string) => ({
  type: 'tool',
  item: { featureId },
  package: { version },
});

let order: OrderRecord;

describe('orders', () => {
  beforeAll(async () => {
    const response = await call('POST', '/checkouts', customer, {
      entries: [tool('nx-device-pack', '1.1.0'), tool('pwr-stage-netlist', 'B')],
    });
    expect(response.statusCode, response.body).toBe(201);
    order = response.json<Checkout>().orders[0]!;
  });

  it('lists a customer’s own orders, newest first, with positions; filters and search', async () => {
    const response = await call('GET', '/orders', customer, undefined, { range: 'orders=0-9' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<OrderRecord[]>();
    expect(rows.map((row) => row.userEmail)).toEqual([
      'customer@portal.test',
      'customer@portal.test',
      'customer@portal.test',
    ]);
    expect(rows[0]!.id).toBe(order.id);
    expect(rows.map((row) => row.status)).toEqual(['in-progress', 'in-progress', 'done']);
    expect(response.headers['content-range']).toBe('orders 0-2/3');
    const done = await call('GET', `/orders?${filter({ status: 'done' })}`, customer);
    expect(done.json<OrderRecord[]>().map((row) => row.positions[0]!.featureId)).toEqual([
      'nx-flash-programmer',
    ]);
    const byNumber = await call('GET', `/orders?${filter({ q: order.number })}`, customer);
    expect(byNumber.json<OrderRecord[]>().map((row) => row.id)).toEqual([order.id]);
    expect((await call('GET', '/orders', internal)).json()).toEqual([]);
    expectError(await call('GET', `/orders?${filter({ owner: 'x' })}`, customer), 400, 'invalid_request');
    expectError(await call('GET', '/orders', null), 401, 'unauthorized');
  });

  it('lists every customer’s orders for an admin, searchable by email', async () => {
    const all = await call('GET', `/orders?${filter({ q: 'customer@' })}`, admin);
    expect(all.json<OrderRecord[]>()).toHaveLength(3);
    const requests = await call('GET', `/orders?${filter({ kind: 'request', paid: false })}`, admin);
    expect(requests.json<OrderRecord[]>().length).toBeGreaterThanOrEqual(3);
  });

  it('shows one order to its owner and admins only', async () => {
    expect((await call('GET', `/orders/${order.id}`, customer)).json()).toEqual(order);
    expect((await call('GET', `/orders/${order.id}`, admin)).statusCode).toBe(200);
    expectError(await call('GET', `/orders/${order.id}`, internal), 404, 'not_found');
    expectError(await call('GET', `/orders/${randomUUID()}`, customer), 404, 'not_found');
  });

  it('lets only admins decide positions', async () => {
    const position = order.positions[0]!;
    expectError(
      await call('PUT', `/orders/${order.id}/positions/${position.id}`, customer, { status: 'approved' }),
      403,
      'forbidden',
    );
  });

  it('approves a position: its license and installer are granted, the order stays in progress until all are decided', async () => {
    const devicePack = order.positions.find((p) => p.featureId === 'nx-device-pack')!;
    const response = await call('PUT', `/orders/${order.id}/positions/${devicePack.id}`, admin, {
      status: 'approved',
      comment: 'Enjoy.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<OrderRecord>();
    expect(changed.status).toBe('in-progress');
    expect(changed.positions.find((p) => p.id === devicePack.id)).toMatchObject({
      status: 'approved',
      comment: 'Enjoy.',
    });
    const license = (await call('GET', `/licenses?${filter({ q: 'NX Device Pack' })}`, customer)).json<
      LicenseRecord[]
    >()[0]!;
    expect(license).toMatchObject({
      product: 'NX Device Pack 1.1.0',
      type: 'evaluation',
      status: 'active',
      orderNumber: order.number,
      revoked: false,
    });
    expect(new Date(license.expiration!).getTime() - new Date(license.grantedAt).getTime()).toBe(
      365 * 24 * 60 * 60 * 1000,
    );
    const installers = (await call('GET', '/installers', customer)).json<InstallerRecord[]>();
    expect(installers.map((installer) => installer.featureId).sort()).toEqual([
      'nx-device-pack',
      'nx-flash-programmer',
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'position_approved'));
    expect(entry).toMatchObject({ entity: 'order', entityId: order.id });
  });

  it('rejects with a comment only; then the order is done', async () => {
    const netlist = order.positions.find((p) => p.featureId === 'pwr-stage-netlist')!;
    const url = `/orders/${order.id}/positions/${netlist.id}`;
    expectError(await call('PUT', url, admin, { status: 'rejected' }), 400, 'invalid_request');
    expectError(await call('PUT', url, admin, { status: 'rejected', comment: '  ' }), 400, 'invalid_request');
    const response = await call('PUT', url, admin, { status: 'rejected', comment: 'Not for your region.' });
    expect(response.json<OrderRecord>()).toMatchObject({ status: 'done' });
    expectError(
      await call('PUT', url, admin, { status: 'rejected', comment: 'Again.' }),
      409,
      'invalid_state_transition',
    );
    expectError(await call('PUT', url, admin, { status: 'pending' }), 400, 'invalid_request');
  });

  it('reopens an approved position: the order is reopened and the license revoked until approved again', async () => {
    const devicePack = order.positions.find((p) => p.featureId === 'nx-device-pack')!;
    const url = `/orders/${order.id}/positions/${devicePack.id}`;
    expect(
      (
        await call('PUT', url, admin, { status: 'reopened', comment: 'Checking the export status.' })
      ).json<OrderRecord>().status,
    ).toBe('reopened');
    const revoked = (await call('GET', `/licenses?${filter({ status: 'revoked' })}`, customer)).json<
      LicenseRecord[]
    >();
    expect(revoked.map((license) => license.featureId)).toEqual(['nx-device-pack']);
    expectError(await call('PUT', url, admin, { status: 'reopened' }), 409, 'invalid_state_transition');
    expect((await call('PUT', url, admin, { status: 'approved' })).json<OrderRecord>().status).toBe('done');
    expect(
      (await call('GET', `/licenses?${filter({ status: 'active' })}`, customer))
        .json<LicenseRecord[]>()
        .map((l) => l.featureId)
        .sort(),
    ).toEqual(['nx-device-pack', 'nx-flash-programmer']);
    expectError(
      await call('PUT', `/orders/${order.id}/positions/${randomUUID()}`, admin, { status: 'approved' }),
      404,
      'not_found',
    );
    expectError(
      await call('PUT', `/orders/${randomUUID()}/positions/${randomUUID()}`, admin, { status: 'approved' }),
      404,
      'not_found',
    );
  });

  it('leaves an unpaid purchase to its payment', async () => {
    const response = await call('POST', '/checkouts', customer, {
      entries: [tool('nx-motor-control-lib', '4.0.0')],
    });
    const purchase = response.json<Checkout>().orders[0]!;
    expectError(
      await call('PUT', `/orders/${purchase.id}/positions/${purchase.positions[0]!.id}`, admin, {
        status: 'approved',
      }),
      409,
      'invalid_state_transition',
    );
  });
});

describe('licenses', () => {
  let license: LicenseRecord;

  it('lists a customer’s own licenses with their state; every license for an admin', async () => {
    const own = (await call('GET', '/licenses', customer, undefined, { range: 'licenses=0-9' })).json<
      LicenseRecord[]
    >();
    expect(own.every((row) => row.userEmail === 'customer@portal.test')).toBe(true);
    license = own.find((row) => row.featureId === 'nx-flash-programmer')!;
    expect(license).toMatchObject({ type: 'evaluation', status: 'active', version: '3.0.0' });
    expect((await call('GET', '/licenses', internal)).json()).toEqual([]);
    expect(
      (await call('GET', `/licenses?${filter({ q: 'customer@' })}`, admin)).json<LicenseRecord[]>().length,
    ).toBe(own.length);
    expectError(
      await call('GET', `/licenses?${filter({ status: 'bogus' })}`, customer),
      400,
      'invalid_request',
    );
  });

  it('shows one license to its holder and admins only', async () => {
    expect((await call('GET', `/licenses/${license.id}`, customer)).json()).toEqual(license);
    expectError(await call('GET', `/licenses/${license.id}`, internal), 404, 'not_found');
    expect((await call('GET', `/licenses/${license.id}`, admin)).statusCode).toBe(200);
    expectError(await call('GET', `/licenses/${randomUUID()}`, customer), 404, 'not_found');
  });

  it('lets an admin revoke and restore a license with a note', async () => {
    expectError(
      await call('PUT', `/licenses/${license.id}`, customer, { revoked: true, comments: null }),
      403,
      'forbidden',
    );
    const revoked = await call('PUT', `/licenses/${license.id}`, admin, {
      revoked: true,
      comments: 'Account audit.',
    });
    expect(revoked.json<LicenseRecord>()).toMatchObject({
      status: 'revoked',
      revoked: true,
      comments: 'Account audit.',
    });
    const restored = await call('PUT', `/licenses/${license.id}`, admin, { revoked: false, comments: null });
    expect(restored.json<LicenseRecord>()).toMatchObject({
      status: 'active',
      revoked: false,
      comments: null,
    });
    expectError(
      await call('PUT', `/licenses/${randomUUID()}`, admin, { revoked: true, comments: null }),
      404,
      'not_found',
    );
    expectError(
      await call('PUT', `/licenses/${license.id}`, admin, { revoked: 'yes' }),
      400,
      'invalid_request',
    );
  });
});

describe('installers and installation keys', () => {
  let flash: InstallerRecord;

  it('lists a customer’s installers with their keys, newest first, and the latest key', async () => {
    const own = (await call('GET', '/installers', customer)).json<InstallerRecord[]>();
    flash = own.find((installer) => installer.featureId === 'nx-flash-programmer')!;
    expect(flash).toMatchObject({ name: 'NX Flash Programmer', userEmail: 'customer@portal.test' });
    expect(flash.installationKeys.map((key) => key.key)).toEqual([
      'DEMO2-FLASH-PROGR-AMMER',
      'DEMO1-FLASH-PROGR-AMMER',
    ]);
    expect(flash.latestKey!.key).toBe('DEMO2-FLASH-PROGR-AMMER');
    expect((await call('GET', '/installers', internal)).json()).toEqual([]);
    expect((await call('GET', '/installers', admin)).json<InstallerRecord[]>().length).toBeGreaterThanOrEqual(
      own.length,
    );
    expect((await call('GET', `/installers/${flash.id}`, customer)).json()).toEqual(flash);
    expectError(await call('GET', `/installers/${flash.id}`, internal), 404, 'not_found');
  });

  it('issues a new key, which becomes the latest', async () => {
    const response = await call('POST', `/installers/${flash.id}/installation-keys`, customer);
    expect(response.statusCode).toBe(201);
    const key = response.json<InstallationKey>();
    expect(key.key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect((await call('GET', `/installers/${flash.id}/installation-keys/latest`, customer)).json()).toEqual(
      key,
    );
    const keys = (await call('GET', `/installers/${flash.id}/installation-keys`, customer)).json<
      InstallationKey[]
    >();
    expect(keys.map((k) => k.key)).toEqual([key.key, 'DEMO2-FLASH-PROGR-AMMER', 'DEMO1-FLASH-PROGR-AMMER']);
    expectError(await call('POST', `/installers/${flash.id}/installation-keys`, internal), 404, 'not_found');
    expectError(await call('GET', `/installers/${flash.id}/installation-keys`, internal), 404, 'not_found');
    expectError(
      await call('GET', `/installers/${flash.id}/installation-keys/latest`, internal),
      404,
      'not_found',
    );
  });

  it('creates an installer for a tool installable with the launcher that the customer may download, with its first key', async () => {
    const response = await call('POST', '/installers', customer, { featureId: 'sensor-fusion-studio' });
    expect(response.statusCode, response.body).toBe(201);
    const installer = response.json<InstallerRecord>();
    expect(installer).toMatchObject({ featureId: 'sensor-fusion-studio', name: 'Sensor Fusion Studio' });
    expect(installer.installationKeys).toHaveLength(1);
    expect(installer.latestKey).toEqual(installer.installationKeys[0]);
    expectError(
      await call('POST', '/installers', customer, { featureId: 'sensor-fusion-studio' }),
      409,
      'duplicate',
    );
  });

  it('refuses tools that are not installable, not available to the customer, or unknown', async () => {
    expectError(
      await call('POST', '/installers', customer, { featureId: 'legacy-flasher' }),
      409,
      'not_installable',
    );
    expectError(
      await call('POST', '/installers', customer, { featureId: 'power-designer-online' }),
      409,
      'not_installable',
    );
    expectError(
      await call('POST', '/installers', customer, { featureId: 'nx-motor-control-lib' }),
      409,
      'not_installable',
    );
    expectError(
      await call('POST', '/installers', internal, { featureId: 'secureboot-signer' }),
      403,
      'purchase_required',
    );
    expectError(await call('POST', '/installers', customer, { featureId: 'nope' }), 404, 'not_found');
    expectError(await call('POST', '/installers', customer, {}), 400, 'invalid_request');
  });

  it('answers 404 for the latest key of an installer without keys', async () => {
    const created = (
      await call('POST', '/installers', internal, { featureId: 'nx-device-pack' })
    ).json<InstallerRecord>();
    await t.database.db.delete(installationKeys).where(eq(installationKeys.installerId, created.id));
    expectError(
      await call('GET', `/installers/${created.id}/installation-keys/latest`, internal),
      404,
      'not_found',
    );
    expect(
      (await call('GET', `/installers/${created.id}`, internal)).json<InstallerRecord>().latestKey,
    ).toBeNull();
    expectError(await call('GET', `/installers/${randomUUID()}`, internal), 404, 'not_found');
  });
});

describe('the lists of a customer’s own rows (one helper: orders, licenses, installers, export access requests)', () => {
  const lists = ['/orders', '/licenses', '/installers', '/export-access-requests'];

  it.each(lists)(
    '%s: a customer sees only their own rows, paged; an admin sees every customer’s',
    async (path) => {
      const ids = async (tokens: Tokens) => {
        const response = await call('GET', path, tokens);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-range']).toMatch(/^[\w-]+ (\d+-\d+|\*)\/\d+$/);
        return response.json<{ id: string }[]>().map((row) => row.id);
      };
      const [own, others, every] = [await ids(customer), await ids(internal), await ids(admin)];
      expect(
        own.length,
        'the customer has rows here (bought, granted or requested above or in the demo data)',
      ).toBeGreaterThan(0);
      expect(own.filter((id) => others.includes(id))).toEqual([]);
      expect(every).toEqual(expect.arrayContaining([...own, ...others]));
      expectError(await call('GET', path, null), 401, 'unauthorized');
    },
  );

  // `scope` goes through the same rule (`ownScope`): a command-line service account of an admin asks for its own.
  it.each(lists)(
    '%s?scope=own answers the caller’s own rows whatever their roles; scope=all is an admin’s only',
    async (path) => {
      const csa = await signIn(t.app, { email: 'csa@portal.test' });
      const ids = async (tokens: Tokens, scope?: string) => {
        const response = await call('GET', scope ? `${path}?scope=${scope}` : path, tokens);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ id: string; userEmail?: string }[]>();
      };
      const [every, adminsOwn, customersOwn] = [
        await ids(admin),
        await ids(admin, 'own'),
        await ids(customer, 'own'),
      ];
      expect(every.length).toBeGreaterThan(adminsOwn.length);
      expect(adminsOwn.every((row) => !customersOwn.some((other) => other.id === row.id))).toBe(true);
      expect((await ids(admin, 'all')).map((row) => row.id)).toEqual(every.map((row) => row.id));
      expect((await ids(customer)).map((row) => row.id)).toEqual(customersOwn.map((row) => row.id));
      // Every other role (a company space admin, an internal user, a customer) is refused every customer's rows.
      for (const tokens of [customer, internal, csa]) {
        const refused = expectError(await call('GET', `${path}?scope=all`, tokens), 403, 'forbidden');
        expect(refused.errors[0]!.messages).toEqual(["Only an admin may list every customer's records."]);
      }
      expectError(await call('GET', `${path}?scope=everyone`, admin), 400, 'invalid_request');
      expectError(await call('GET', `${path}?scope=all`, null), 401, 'unauthorized');
    },
  );

  // The one rule of `ownRecords` on every path that reads one row: another customer's row is not revealed.
  it.each(lists)(
    '%s/{id}: its owner and an admin read a row; another customer gets 404, as for an unknown id',
    async (path) => {
      const [row] = (await call('GET', path, customer)).json<{ id: string }[]>();
      const rowPaths = [`${path}/${row!.id}`];
      if (path === '/installers')
        rowPaths.push(`${path}/${row!.id}/installation-keys`, `${path}/${row!.id}/installation-keys/latest`);
      for (const rowPath of rowPaths) {
        for (const allowed of [customer, admin])
          expect((await call('GET', rowPath, allowed)).statusCode, rowPath).toBe(200);
        const refused = expectError(await call('GET', rowPath, internal), 404, 'not_found');
        expect(refused.errors[0]!.resources).toEqual([path.slice(1, -1)]);
        expectError(await call('GET', rowPath, null), 401, 'unauthorized');
      }
      expectError(await call('GET', `${path}/${randomUUID()}`, customer), 404, 'not_found');
    },
  );
});
