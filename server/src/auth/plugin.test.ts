import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { companySpaceMembers, companySpaces, serviceAccounts, userRoles, users } from '../db/tables.js';
import { registerErrorHandling } from '../transport/errors.js';
import { access } from './access.js';
import { identityGeneration } from './generation.js';
import authPlugin from './plugin.js';
import { InvalidTokenError } from './verifier.js';
import { freshDatabase } from '../../test/support/app.js';

/**
 * The verified-caller cache against the test database: a token is verified once, and a change to its caller made
 * straight in the database, as another process would, takes effect on the next call.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
const tokens = new Map<string, JWTPayload>();
let verified = 0;

const exp = () => Math.floor(Date.now() / 1000) + 3600;
const person = (sub: string): JWTPayload => ({
  sub,
  email: `${sub}@example.com`,
  email_verified: true,
  given_name: 'Cache',
  family_name: 'Test',
  exp: exp(),
});

async function build(callerCache?: { maxEntries?: number; maxAgeMs?: number }) {
  const instance = Fastify({ logger: false });
  registerErrorHandling(instance);
  await instance.register(authPlugin, {
    db: database.db,
    issuerKey: 'test',
    mfaAcrValues: ['mfa'],
    apiPrefix: '/api/v1',
    callerCache,
    verifier: async (token) => {
      verified += 1;
      const claims = tokens.get(token);
      if (!claims) throw new InvalidTokenError('unknown');
      return claims;
    },
  });
  instance.get('/api/v1/me', { config: { access: access.signedIn() } }, async (request) => ({
    id: request.currentUser!.id,
    roles: request.currentUser!.roles.map((role) => role.name),
    kind: request.caller!.kind,
  }));
  await instance.ready();
  return instance;
}

const me = (token: string, on = app) =>
  on.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

// Tokens only need the shape of a JWT here: the fake verifier above knows them by name.
const token = (name: string) => `${name}.${name}.sig`;

beforeAll(async () => {
  database = await freshDatabase();
  app = await build();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  verified = 0;
});

describe('the verified-caller cache', () => {
  it('verifies a token once, then answers from the cache while nothing changed', async () => {
    tokens.set(token('alice'), person('alice'));
    for (let i = 0; i < 3; i += 1) expect((await me(token('alice'))).statusCode).toBe(200);
    expect(verified).toBe(1);
  });

  it('sees a role granted or removed in the database on the very next call', async () => {
    tokens.set(token('bob'), person('bob'));
    const { id } = (await me(token('bob'))).json<{ id: string }>();
    await database.db.insert(userRoles).values({ userId: id, role: 'Admin' });
    expect((await me(token('bob'))).json()).toMatchObject({ roles: ['Admin'] });
    await database.db.delete(userRoles).where(eq(userRoles.userId, id));
    expect((await me(token('bob'))).json()).toMatchObject({ roles: [] });
    // The token itself was verified once: only the user was read again.
    expect(verified).toBe(1);
  });

  it('moves the identity generation in the transaction of each change that matters, and only then', async () => {
    const generation = identityGeneration(database.db);
    const [space] = await database.db.insert(companySpaces).values({ name: 'Cache Space' }).returning();
    const before = await generation();
    // A transaction that changes a membership and then rolls back moves nothing.
    const { id } = (await me(token('alice'))).json<{ id: string }>();
    await database.db
      .transaction(async (tx) => {
        await tx.insert(companySpaceMembers).values({ userId: id, companySpaceId: space!.id });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await generation()).toBe(before);
    // One transaction with several changes moves it once, when it commits.
    await database.db.transaction(async (tx) => {
      await tx.insert(companySpaceMembers).values({ userId: id, companySpaceId: space!.id });
      await tx.update(companySpaces).set({ name: 'Cache Space 2' }).where(eq(companySpaces.id, space!.id));
    });
    expect(await generation()).toBe(before + 1);
    await database.db.delete(companySpaceMembers).where(eq(companySpaceMembers.userId, id));
    expect(await generation()).toBe(before + 2);
    // Changes elsewhere leave it alone.
    await database.db.execute(sql`update maintenance set show = show`);
    expect(await generation()).toBe(before + 2);
  });

  it('refuses at once the token of a service account deleted in the database', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        subject: 'robot',
        issuer: 'test',
        username: 'robot',
        email: 'robot@example.com',
        emailVerified: true,
      })
      .returning();
    await database.db
      .insert(serviceAccounts)
      .values({ clientId: 'robot', secretHash: 'x', userId: user!.id, roles: ['Admin'] });
    tokens.set(token('robot'), { sub: 'robot', client_id: 'robot', exp: exp() });
    expect((await me(token('robot'))).json()).toMatchObject({ kind: 'service-account', roles: ['Admin'] });
    await database.db.delete(serviceAccounts).where(eq(serviceAccounts.clientId, 'robot'));
    expect((await me(token('robot'))).statusCode).toBe(401);
  });

  it('answers while a test fakes the timers (the shared generation read uses the real ones)', async () => {
    vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout', 'Date'] });
    try {
      expect((await me(token('alice'))).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unknown token every time: nothing is kept for it', async () => {
    expect((await me(token('mallory'))).statusCode).toBe(401);
    expect((await me(token('mallory'))).statusCode).toBe(401);
    expect(verified).toBe(2);
  });

  it('keeps at most maxEntries tokens and verifies again after maxAgeMs', async () => {
    // The cache's clock (Date, read when the plugin starts) is moved by the test, not by how busy the machine is;
    // the database keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const small = await build({ maxEntries: 1, maxAgeMs: 200 });
    try {
      tokens.set(token('carol'), person('carol'));
      tokens.set(token('dave'), person('dave'));
      await me(token('carol'), small);
      await me(token('dave'), small);
      await me(token('carol'), small);
      expect(verified).toBe(3);
      await me(token('carol'), small);
      expect(verified).toBe(3);
      vi.advanceTimersByTime(250);
      await me(token('carol'), small);
      expect(verified).toBe(4);
    } finally {
      await small.close();
      vi.useRealTimers();
    }
  });
});
