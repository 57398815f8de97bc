import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MAX_OFFSET, LIST_TOO_DEEP_MESSAGE, parseContentRange } from '@portal/resources';
import { boards, companySpaces, projects } from '../src/db/tables.js';
import { installers } from '../src/db/schema-commerce.js';
import { apiCaller } from './support/api-call.js';
import { startTestApp, type TestApp } from './support/app.js';
import { listRoutes } from './support/list-routes.js';
import { signIn, type Tokens } from './support/sign-in.js';

/**
 * Offset pages reach LIST_MAX_OFFSET rows deep (issue 24): every list that reads an offset answers a page starting at
 * the bound and refuses one past it with 400 in the spec's error shape, by the Range header or the `range` parameter;
 * a keyset cursor goes deeper.
 */
let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let boardId: string;
let installerId: string;
const api = apiCaller(() => t.app);

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const [board] = await t.database.db.select({ id: boards.id }).from(boards).limit(1);
  const [installer] = await t.database.db.select({ id: installers.id }).from(installers).limit(1);
  boardId = board!.id;
  installerId = installer!.id;
  // Two projects, so a one-row page is full and gives out a cursor.
  const [space] = await t.database.db.select().from(companySpaces).limit(1);
  await t.database.db.insert(projects).values(
    ['Deep one', 'Deep two'].map((name) => ({
      name,
      boardId,
      companySpaceId: space!.id,
      companyName: space!.name,
      status: 'active' as const,
    })),
  );
});
afterAll(() => t?.close());

const at = (offset: number, resource = 'rows') => ({ range: `${resource}=${offset}-${offset + 24}` });
const get = (url: string, tokens: Tokens | null, headers?: Record<string, string>) =>
  api('GET', url, tokens, undefined, headers);

function refusedAsTooDeep(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    status: 400,
    type: 'invalid_request',
    errors: [{ errorCode: expect.any(String), resources: ['range'], messages: [LIST_TOO_DEEP_MESSAGE] }],
  });
}

describe('the depth of offset pages', () => {
  it('answers a page at the bound and refuses one past it on every list route that reads an offset', async () => {
    const routes = await listRoutes((url) => get(url, null), { boardId, installerId });
    const paged: string[] = [];
    const unbounded: string[] = [];
    for (const path of routes) {
      const tokens = path.startsWith('/installers/') ? customer : admin;
      const past = await get(path, tokens, at(LIST_MAX_OFFSET + 1));
      if (past.statusCode === 404 || past.statusCode === 403) continue; // another kind of record: not this walk's
      if (past.statusCode === 400) {
        refusedAsTooDeep(past);
        paged.push(path);
        const atBound = await get(path, tokens, at(LIST_MAX_OFFSET));
        expect(atBound.statusCode, `${path}: ${atBound.body}`).toBe(200);
        continue;
      }
      // Else only a list read whole, which ignores the range and answers its first rows: it reads no offset.
      if (past.statusCode !== 200 || past.body !== (await get(path, tokens)).body) unbounded.push(path);
    }
    expect(unbounded).toEqual([]);
    expect(paged).toEqual(expect.arrayContaining(['/projects', '/projects/user', '/catalogue', '/boards']));
    expect(paged.length).toBeGreaterThan(15);
  });

  it.each([
    ['the customer’s own projects', '/projects/user'],
    ['the catalogue search', `/catalogue?filter=${encodeURIComponent('{"q":"board"}')}`],
    ['the anonymous catalogue', '/catalogue'],
  ])('bounds %s for its own caller, by header and by the range parameter', async (_, path) => {
    const tokens = path === '/catalogue' ? null : customer;
    expect((await get(path, tokens, at(LIST_MAX_OFFSET))).statusCode).toBe(200);
    refusedAsTooDeep(await get(path, tokens, at(LIST_MAX_OFFSET + 1)));
    const join = path.includes('?') ? '&' : '?';
    const range = (first: number) => encodeURIComponent(JSON.stringify([first, first + 24]));
    expect((await get(`${path}${join}range=${range(LIST_MAX_OFFSET)}`, tokens)).statusCode).toBe(200);
    refusedAsTooDeep(await get(`${path}${join}range=${range(LIST_MAX_OFFSET + 1)}`, tokens));
  });

  it('leaves keyset cursors unbounded: a cursor with a deep range answers the page after the cursor', async () => {
    const first = await get('/projects', admin, { range: 'projects=0-0' });
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const next = await get(`/projects?cursor=${String(cursor)}`, admin, at(LIST_MAX_OFFSET + 1, 'projects'));
    expect(next.statusCode, next.body).toBe(200);
    expect(parseContentRange(String(next.headers['content-range'])).offset).toBe(1);
  });
});
