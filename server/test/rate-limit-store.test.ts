import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_PASSWORD_HEADER, type Invitation } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/db/demo-data.js';
import type { Database } from '../src/db/client.js';
import { emailVerifications, identityAccounts } from '../src/db/schema.js';
import { mailQueue } from '../src/db/schema-mail.js';
import { rateLimitHits } from '../src/db/schema-rate-limits.js';
import { registerErrorHandling, type ApiError } from '../src/transport/errors.js';
import { createRateLimitCounter, reserveAttempts, storedKey } from '../src/transport/rate-limit-store.js';
import { registerSecurity } from '../src/transport/security.js';
import { startTestApp, testConfig, type TestApp } from './support/app.js';
import { AuthorizationFlow, InjectBrowser, signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

/**
 * Rate limits are counted in the database (table rate_limit_hits), so two app instances on one database — and an
 * instance started again — count the same attempts; each route counts on its own; concurrent hits each get their
 * own count. And a sign-up's account and its verification mail are one transaction.
 */
let t: TestApp;
/** A second instance on the same database: its own process state, its own signing keys. */
let other: TestApp;
const kit = projectTestKit(() => t);
const otherKit = projectTestKit(() => other);

const instanceOn = async (base: TestApp): Promise<TestApp> => {
  const app = await buildApp(testConfig(), { database: base.database, inMemory: true, logger: false });
  await app.ready();
  return { app, database: base.database, config: base.config, close: () => app.close() };
};

beforeAll(async () => {
  t = await startTestApp();
  other = await instanceOn(t);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const db = (): Database => t.database.db;

describe('the counter', () => {
  it('gives 20 concurrent hits, from two instances, the counts 1 to 20', async () => {
    const [first, second] = [createRateLimitCounter(db()), createRateLimitCounter(db())];
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).hit('test', 'concurrent', 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // One window: every hit reports the same end.
    expect(new Set(hits.map((hit) => hit.resetAt.getTime())).size).toBe(1);
    for (const hit of hits) expect(hit.ttlMs).toBeGreaterThan(50_000);
  });

  it('starts a new window with the first hit after the old one ended', async () => {
    // The window runs on the database's clock: long enough that two calls on a busy machine land in it, and the
    // test waits for its end rather than for a fixed time.
    const windowMs = 2000;
    const counter = createRateLimitCounter(db());
    expect((await counter.hit('test', 'window', windowMs)).count).toBe(1);
    const second = await counter.hit('test', 'window', windowMs);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(windowMs);
    expect((await counter.peek('test', 'window'))?.count).toBe(2);
    await expect
      .poll(() => counter.peek('test', 'window'), { timeout: 5 * windowMs, interval: 100 })
      .toBeUndefined();
    const fresh = await counter.hit('test', 'window', windowMs);
    expect(fresh.count).toBe(1);
    expect(fresh.ttlMs).toBeGreaterThan(windowMs / 2);
  });

  it('keeps namespaces apart, stores no client key in clear, and prunes only ended windows', async () => {
    const counter = createRateLimitCounter(db());
    await counter.hit('route-a', '127.0.0.1|someone@example.com', 60_000);
    expect((await counter.hit('route-b', '127.0.0.1|someone@example.com', 60_000)).count).toBe(1);
    const keys = (await db().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys).toContain(storedKey('route-a', '127.0.0.1|someone@example.com'));
    expect(keys.some((key) => key.includes('someone@example.com'))).toBe(false);

    // A key of any length fits (hashed): a megabyte-long email in a form must not become a 500.
    expect((await counter.hit('route-a', 'x'.repeat(100_000), 60_000)).count).toBe(1);

    await counter.hit('test', 'ended', 1);
    await expect.poll(() => counter.peek('test', 'ended'), { timeout: 5000, interval: 10 }).toBeUndefined();
    const live = storedKey('route-a', '127.0.0.1|someone@example.com');
    expect(await counter.prune()).toBeGreaterThanOrEqual(1);
    const left = (await db().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(left).toContain(live);
    expect(left).not.toContain(storedKey('test', 'ended'));
  });
});

describe('attempts reserved before their outcome', () => {
  const budget = { namespace: 'test-reserve', key: 'burst', max: 10, windowMs: 60_000 };

  it('hold a burst of 30 parallel attempts on two instances to the budget, and give back what did not fail', async () => {
    const [first, second] = [createRateLimitCounter(db()), createRateLimitCounter(db())];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => reserveAttempts(i % 2 ? first : second, [budget])),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(taken).toHaveLength(10);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as ApiError).status).toBe(429);
    }
    // The ten were successes: once given back, the budget is whole again and the row is gone.
    for (const outcome of taken) await outcome.value.release();
    expect(await first.peek(budget.namespace, budget.key)).toBeUndefined();
    const again = await reserveAttempts(first, [budget]);
    expect((await first.peek(budget.namespace, budget.key))?.count).toBe(1);
    await again.release();
  });

  it('give back the budgets a refused attempt took before the spent one', async () => {
    const counter = createRateLimitCounter(db());
    const spent = { ...budget, key: 'spent', max: 0 };
    const wide = { ...budget, key: 'wide' };
    await expect(reserveAttempts(counter, [wide, spent])).rejects.toMatchObject({ status: 429 });
    expect(await counter.peek(wide.namespace, wide.key)).toBeUndefined();
  });
});

describe('sign-in limits across instances', () => {
  // Each test guesses from its own address, so the per-address budget of one never reaches the next test's sign-ins.
  async function guess(app: FastifyInstance, email: string, address: string) {
    const flow = new AuthorizationFlow(app, new InjectBrowser(app, undefined, address));
    const first = await flow.start();
    const step = await flow.submit(first.page!, { email, password: 'not-the-password' });
    return step.page!;
  }

  it('refuse the 11th wrong password when the ten before went to either instance, and after a restart', async () => {
    const wrongPassword = (app: FastifyInstance, email: string) => guess(app, email, '192.0.2.1');
    // The control: one instance alone refuses the 11th.
    const control: number[] = [];
    for (let i = 0; i < 11; i += 1) control.push((await wrongPassword(t.app, 'csa@portal.test')).statusCode);
    expect(control).toEqual([...Array(10).fill(401), 429]);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await wrongPassword(i % 2 ? other.app : t.app, 'internal@portal.test')).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await wrongPassword(other.app, 'internal@portal.test');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body).toContain('Too many attempts');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);

    // An instance started again on the database remembers the attempts.
    await other.close();
    other = await instanceOn(t);
    expect((await wrongPassword(other.app, 'internal@portal.test')).statusCode).toBe(429);
    // Another account from the same address is not held up.
    expect((await wrongPassword(other.app, 'promoted@portal.test')).statusCode).toBe(401);
  }, 120_000);

  it('let a burst of parallel wrong passwords through no further than the budget, then refuse the right one too', async () => {
    const wrongPassword = (app: FastifyInstance) => guess(app, 'customer@portal.test', '192.0.2.4');
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        wrongPassword(i % 2 ? other.app : t.app).then((page) => page.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, '192.0.2.4'));
    const first = await flow.start();
    const right = await flow.submit(first.page!, { email: 'customer@portal.test', password: DEMO_PASSWORD });
    expect(right.page?.statusCode).toBe(429);
  }, 120_000);

  it('count each route apart: a locked sign-in does not lock the sign-up form', async () => {
    const email = 'route-apart@example.com';
    const wrongPassword = (app: FastifyInstance, email: string) => guess(app, email, '192.0.2.2');
    for (let i = 0; i < 10; i += 1) await wrongPassword(i % 2 ? other.app : t.app, email);
    expect((await wrongPassword(t.app, email)).statusCode).toBe(429);
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, '192.0.2.2'), {
      prompt: 'create',
    });
    const form = await flow.start();
    // Refused for its short password (400), not for the sign-in attempts (429).
    const signUp = await flow.submit(form.page!, { email, password: 'short' });
    expect(signUp.page?.statusCode).toBe(400);
  }, 60_000);
});

describe('invitation password guesses across instances', () => {
  const withPassword = (password: string) => ({ [INVITATION_PASSWORD_HEADER]: password });

  it('are refused at the same count as on one instance', async () => {
    const boardName = (await demoBoards(t)).noSerial.name;
    const owner = await signIn(t.app, { email: 'customer@portal.test' });
    const open = async () =>
      kit.expectOk<Invitation>(
        await kit.call('POST', `projects/${(await kit.registered(owner, boardName)).id}/invitations`, owner),
        201,
      );
    const guesser = await kit.account('two-instance-guesser@portal.test');
    const onOther: Tokens = await signIn(other.app, { email: guesser.email, password: 'a-long-password' });
    const read = (on: 'this' | 'other', id: string, password: string) =>
      on === 'this'
        ? kit.call('GET', `invitations/${id}`, guesser.tokens, undefined, withPassword(password))
        : otherKit.call('GET', `invitations/${id}`, onOther, undefined, withPassword(password));

    // One instance: ten wrong guesses, then 429.
    const single = await open();
    const alone: number[] = [];
    for (let i = 0; i < 11; i += 1) alone.push((await read('this', single.id, `wrong-${i}`)).statusCode);

    // Two instances, alternating: the same count.
    const shared = await open();
    const both: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      both.push((await read(i % 2 ? 'other' : 'this', shared.id, `wrong-${i}`)).statusCode);
    }
    expect(alone).toEqual([...Array(10).fill(403), 429]);
    expect(both).toEqual(alone);
    // The right password does not get through on either instance now.
    const refused = await read('other', shared.id, shared.password!);
    kit.expectError(refused, 429, 'too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    kit.expectError(await read('this', shared.id, shared.password!), 429, 'too_many_requests');
  }, 120_000);
});

describe('an unreachable database', () => {
  it('makes a rate-limited call answer 503 with Retry-After, not 500', async () => {
    // A port nobody listens on: the connection is refused, as when PostgreSQL is down.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: `postgresql://nobody@127.0.0.1:${port}/none` });
    const app = Fastify({ logger: false });
    try {
      registerErrorHandling(app);
      await registerSecurity(app, { apiPrefix: '/api/v1', identityOrigins: [] });
      app.rateLimits.countIn(drizzle(pool) as unknown as Database);
      app.get('/api/v1/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => ({
        ok: true,
      }));
      const response = await app.inject({ method: 'GET', url: '/api/v1/limited' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ status: 503, errors: [{ errorCode: 'service_unavailable' }] });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('a sign-up', () => {
  const registration = {
    password: 'a-long-password',
    givenName: 'Tess',
    familyName: 'Transaction',
    company: 'Atomic Ltd',
    country: 'DE',
  };
  const signUp = async (email: string) => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
    const form = await flow.start();
    return flow.submit(form.page!, { ...registration, email });
  };
  const accountsOf = (email: string) =>
    db().select().from(identityAccounts).where(eq(identityAccounts.email, email));
  const mailsTo = (email: string) =>
    db()
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.recipient, email), eq(mailQueue.kind, 'verification')));

  it('leaves no account when its verification mail cannot be queued', async () => {
    const email = 'half-written@example.com';
    // The queue's own table refuses the mail: the real enqueue of the real sign-up fails.
    await db().execute(
      sql`alter table mail_queue add constraint refuse_verification check (kind <> 'verification') not valid`,
    );
    try {
      const failed = await signUp(email);
      expect(failed.callback).toBeUndefined();
      expect(failed.page?.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await db().execute(sql`alter table mail_queue drop constraint refuse_verification`);
    }
    expect(await accountsOf(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);

    // The same sign-up once the queue takes mail again: the address is free, and account and mail are both there.
    const done = await signUp(email);
    // A sign-up answers "Check your email" and signs nobody in (the same answer for a taken address).
    expect(done.callback).toBeUndefined();
    expect(done.page?.statusCode).toBe(200);
    const [account] = await accountsOf(email);
    expect(account).toBeDefined();
    expect(await mailsTo(email)).toHaveLength(1);
    const tokens = await db()
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.accountId, account!.id));
    expect(tokens).toHaveLength(1);
  }, 60_000);
});
