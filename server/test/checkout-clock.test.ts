import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_SESSION_VALIDITY_MS } from '@portal/resources';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/db/client.js';
import { auditLog, users } from '../src/db/schema.js';
import { buildApp } from '../src/app.js';
import type { Clock } from '../src/payments/clock.js';
import { embeddedPaymentProvider } from '../src/payments/embedded.js';
import type { CreateSessionInput, PaymentProvider } from '../src/payments/provider.js';
import {
  CHECKOUT_REPLAY_WINDOW_MS,
  type Actor,
  type CheckoutService,
} from '../src/modules/catalogue/checkout-service.js';
import { licenses } from '../src/db/schema-commerce.js';
import { freshDatabase, testConfig } from './support/app.js';
import { bearer, signIn } from './support/sign-in.js';

/** A clock the test moves by hand. */
class TestClock implements Clock {
  constructor(private time: number) {}
  now = () => new Date(this.time);
  advance(ms: number) {
    this.time += ms;
  }
}

let t: { app: FastifyInstance; database: DatabaseHandle };
let service: CheckoutService;
let actor: Actor;
const clock = new TestClock(Date.UTC(2030, 0, 15, 8, 0, 0));
/** The sessions the provider passed to the app was asked for: the app's checkout uses it, not its own. */
const sessionsAsked: CreateSessionInput[] = [];

beforeAll(async () => {
  const config = testConfig();
  const embedded = embeddedPaymentProvider(config.publicUrl);
  const payments: PaymentProvider = {
    ...embedded,
    createSession: (input) => {
      sessionsAsked.push(input);
      return embedded.createSession(input);
    },
  };
  const database = await freshDatabase();
  // The clock and the provider reach the checkout module through BuildOptions → ModuleOptions.
  const app = await buildApp(config, { database, inMemory: true, logger: false, clock, payments });
  await app.ready();
  t = { app, database };
  service = app.checkout;
  const [user] = await database.db.select().from(users).where(eq(users.email, 'customer@portal.test'));
  actor = { currentUser: { ...user!, roles: [] } as unknown as Actor['currentUser'] };
});
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
});

const tool = (featureId: string, version: string) => ({
  type: 'tool' as const,
  item: { featureId },
  package: { version },
});

describe('the checkout service on an injected clock', () => {
  it('stamps the session with the clock and expires it exactly 24 hours later, in the background sweep', async () => {
    const { checkout } = await service.checkout(actor, {
      entries: [tool('nx-motor-control-lib', '4.0.0')],
      answers: {},
    });
    expect(checkout.createdAt).toBe(clock.now().toISOString());
    expect(sessionsAsked.map((asked) => asked.checkoutId)).toEqual([checkout.id]);
    expect(new Date(checkout.payment!.expiresAt).getTime()).toBe(
      clock.now().getTime() + CHECKOUT_SESSION_VALIDITY_MS,
    );

    clock.advance(CHECKOUT_SESSION_VALIDITY_MS - 1);
    expect(await service.expireDue()).toBe(0);
    expect((await service.get(checkout.id, actor)).status).toBe('started');

    clock.advance(1);
    expect(await service.expireDue()).toBe(1);
    const expired = await service.get(checkout.id, actor);
    expect(expired.status).toBe('expired');
    expect(expired.orders[0]!.status).toBe('payment-canceled');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, checkout.id), eq(auditLog.action, 'expire')));
    expect(entry).toMatchObject({ actorId: null, entity: 'checkout' });
    expect(await service.expireDue()).toBe(0);
  });

  it('answers a completed checkout of the same cart again within the replay window, and makes a new one after it', async () => {
    const cart = { entries: [tool('nx-device-pack', '1.1.0')], answers: {} };
    const first = await service.checkout(actor, cart);
    expect(first.created).toBe(true);
    clock.advance(CHECKOUT_REPLAY_WINDOW_MS - 1000);
    const replay = await service.checkout(actor, cart);
    expect(replay).toMatchObject({ created: false, checkout: { id: first.checkout.id } });
    clock.advance(2000);
    const later = await service.checkout(actor, cart);
    expect(later.created).toBe(true);
    expect(later.checkout.id).not.toBe(first.checkout.id);
  });
});

describe('a list whose filter reads the clock', () => {
  it("answers a license status filter on each call's clock, not the first call's", async () => {
    // The status is computed in SQL on the service's clock; a list statement kept per shape must not keep that time.
    const admin = await signIn(t.app, { email: 'admin@portal.test' });
    const [license] = await t.database.db
      .insert(licenses)
      .values({
        userId: actor.currentUser!.id,
        product: 'Clock Filter Pack',
        featureId: 'clock-filter-pack',
        type: 'tool',
        grantedAt: clock.now(),
        expiration: new Date(clock.now().getTime() + 60 * 60 * 1000),
      })
      .returning();
    const listed = async (status: string) => {
      const filter = encodeURIComponent(JSON.stringify({ status, q: 'Clock Filter Pack' }));
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/licenses?filter=${filter}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ id: string; status: string }[]>().map((row) => `${row.id} ${row.status}`);
    };
    expect(await listed('active')).toEqual([`${license!.id} active`]);
    expect(await listed('expired')).toEqual([]);
    clock.advance(2 * 60 * 60 * 1000);
    expect(await listed('active')).toEqual([]);
    expect(await listed('expired')).toEqual([`${license!.id} expired`]);
  });
});
