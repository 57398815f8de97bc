import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INVITATION_PASSWORD_HEADER, type Invitation } from '@portal/resources';
import { rateLimitHits } from '../src/db/schema-rate-limits.js';
import { storedKey } from '../src/transport/rate-limit-store.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';
import { API_PREFIX } from '../src/app.js';

/** Every route whose headers take an invitation's password, as the app registers it (`METHOD /path/:id`). */
const passwordRoutes: string[] = [];
/** The root instance's first hook sees every route of every plugin. HEAD routes are GET's own, with its hooks. */
const logPasswordRoutes = (app: FastifyInstance) =>
  app.addHook('onRoute', (route) => {
    const headers = route.schema?.headers as z.ZodObject | undefined;
    if (headers?.shape?.[INVITATION_PASSWORD_HEADER])
      for (const method of [route.method].flat())
        if (method !== 'HEAD') passwordRoutes.push(`${method} ${route.url}`);
  });

/**
 * Invitation passwords cannot be guessed faster than the rate limit (10 guesses per 10 minutes per invitation and
 * caller, 30 per invitation from everyone): not by switching between reading and accepting, not by taking a fresh
 * token or another account, and a chosen password is long and uncommon, a made-up one long and random enough
 * that the limit makes guessing hopeless. invitations.test.ts covers the basic limit.
 */
let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk, expectError, registered } = kit;
let boardName: string;
let owner: Tokens;

const withPassword = (password: string) => ({ [INVITATION_PASSWORD_HEADER]: password });
const read = (id: string, tokens: Tokens, password: string) =>
  call('GET', `invitations/${id}`, tokens, undefined, withPassword(password));
const accept = (id: string, tokens: Tokens, password: string) =>
  call('POST', `invitations/${id}/accept`, tokens, undefined, withPassword(password));

async function openInvitation(): Promise<Invitation> {
  const project = await registered(owner, boardName);
  return expectOk<Invitation>(await call('POST', `projects/${project.id}/invitations`, owner), 201);
}

beforeAll(async () => {
  t = await startTestApp({}, { onInstance: logPasswordRoutes });
  boardName = (await demoBoards(t)).noSerial.name;
  owner = await signIn(t.app, { email: 'customer@portal.test' });
});
afterAll(() => t?.close());

describe('invitation password guesses', () => {
  it('are limited on every route that takes an invitation password', async () => {
    expect(passwordRoutes.sort()).toEqual([
      `GET ${API_PREFIX}/invitations/:id`,
      `POST ${API_PREFIX}/invitations/:id/accept`,
    ]);
    for (const route of passwordRoutes) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      const { id, password } = await openInvitation();
      const path = url.replace(':id', id);
      const guesser = (await kit.account(`guesser-${method.toLowerCase()}@portal.test`)).tokens;
      const guess = (attempt: string) => call(method, path, guesser, undefined, withPassword(attempt));
      for (let i = 0; i < 10; i += 1)
        expectError(await guess(`wrong-${i}`), 403, 'invitation_invalid_password');
      expectError(await guess(password!), 429, 'too_many_requests');
    }
  });

  it('share one budget between reading and accepting', async () => {
    const { id, password } = await openInvitation();
    const guesser = (await kit.account('guesser-one@portal.test')).tokens;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await read(id, guesser, `wrong-read-${i}`)).statusCode);
    for (let i = 0; i < 5; i += 1) statuses.push((await accept(id, guesser, `wrong-accept-${i}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(403));
    expectError(await accept(id, guesser, `wrong-accept-last`), 429, 'too_many_requests');
    expectError(await accept(id, guesser, password!), 429, 'too_many_requests');
    expectError(await read(id, guesser, password!), 429, 'too_many_requests');
  });

  it('hold a burst of parallel guesses to the budget (each guess takes its place before the password is checked)', async () => {
    const { id, password } = await openInvitation();
    const guesser = (await kit.account('guesser-burst@portal.test')).tokens;
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        read(id, guesser, `wrong-burst-${i}`).then((answer) => answer.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expectError(await read(id, guesser, password!), 429, 'too_many_requests');
  });

  it('count only wrong passwords: the invitee may read their link again and again, then join', async () => {
    const { id, password } = await openInvitation();
    const invitee = (await kit.account('invitee-rereads@portal.test', { space: 'Acme Devices' })).tokens;
    for (let i = 0; i < 31; i += 1) expectOk(await read(id, invitee, password!));
    expectOk(await accept(id, invitee, password!));
  });

  it('leave no counter rows for a made-up invitation id', async () => {
    const guesser = (await kit.account('guesser-made-up@portal.test')).tokens;
    const madeUp = randomUUID();
    for (let i = 0; i < 3; i += 1)
      expectError(await read(madeUp, guesser, `guess-${i}`), 404, 'invitation_missing');
    const rows = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, storedKey('invitation-password-all', madeUp)));
    expect(rows).toEqual([]);
  });

  it('are not given a fresh budget by a fresh token of the same user', async () => {
    const { id, password } = await openInvitation();
    await kit.account('guesser-two@portal.test');
    const first = await signIn(t.app, { email: 'guesser-two@portal.test', password: 'a-long-password' });
    for (let i = 0; i < 10; i += 1) expect((await read(id, first, `wrong-${i}`)).statusCode).toBe(403);
    const second = await signIn(t.app, { email: 'guesser-two@portal.test', password: 'a-long-password' });
    expect(second.access_token).not.toBe(first.access_token);
    expectError(await read(id, second, password!), 429, 'too_many_requests');
  });

  it('are limited per invitation across all callers: more accounts give no more guesses', async () => {
    const { id, password } = await openInvitation();
    for (const name of ['a', 'b', 'c']) {
      const guesser = (await kit.account(`crowd-${name}@portal.test`)).tokens;
      for (let i = 0; i < 10; i += 1)
        expect((await read(id, guesser, `wrong-${name}-${i}`)).statusCode).toBe(403);
    }
    const fresh = (await kit.account('crowd-d@portal.test')).tokens;
    expectError(await read(id, fresh, password!), 429, 'too_many_requests');
    expectError(await accept(id, fresh, password!), 429, 'too_many_requests');
  });

  it('are not counted against the next invitation of the same project', async () => {
    const guesser = (await kit.account('guesser-three@portal.test')).tokens;
    const project = await registered(owner, boardName);
    const first = expectOk<Invitation>(await call('POST', `projects/${project.id}/invitations`, owner), 201);
    for (let i = 0; i < 10; i += 1) await read(first.id, guesser, `wrong-${i}`);
    expectError(await read(first.id, guesser, first.password!), 429, 'too_many_requests');
    // A new invitation revokes the old one; its own budget is fresh (the password is new too).
    const next = expectOk<Invitation>(await call('POST', `projects/${project.id}/invitations`, owner), 201);
    expectOk(await read(next.id, guesser, next.password!));
  });

  it('may be chosen only at least ten characters long and not common, by the one rule of @portal/resources', async () => {
    const project = await registered(owner, boardName);
    const create = (password: string) =>
      call('POST', `projects/${project.id}/invitations`, owner, { password });
    for (const weak of ['nine-char', 'password123', 'QWERTYUIOP', '1234567890', 'zzzzzzzzzzzz']) {
      const response = await create(weak);
      expect(response.statusCode, `${weak}: ${response.body}`).toBe(400);
      expect(response.json<{ errors: { resources: string[] }[] }>().errors[0]!.resources).toEqual([
        'body.password',
      ]);
    }
    expectOk<Invitation>(await create('plum-orbit-cellar'), 201);
  });

  it('face a password too long and random to guess within the limit', async () => {
    const passwords = new Set<string>();
    for (let i = 0; i < 12; i += 1) passwords.add((await openInvitation()).password!);
    expect(passwords.size).toBe(12);
    const alphabet = new Set([...passwords].join(''));
    for (const password of passwords) expect(password.length).toBeGreaterThanOrEqual(14);
    // 14 characters of an alphabet of 56: about 81 bits. At 10 guesses per 10 minutes the 48 hours of an
    // invitation allow 2,880 guesses per caller, a chance below 1 in 10^20.
    expect(alphabet.size).toBeGreaterThan(30);
    const bits = 14 * Math.log2(56);
    expect(Math.log10(2880) - bits * Math.log10(2)).toBeLessThan(-20);
  });
});
