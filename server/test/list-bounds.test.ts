import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentRange } from '@portal/resources';
import { boards, users } from '../src/db/schema.js';
import { serialNumbers } from '../src/db/schema-boards.js';
import { catalogueDocuments } from '../src/db/schema-catalogue.js';
import { installationKeys, installers } from '../src/db/schema-commerce.js';
import { LIST_MAX_ROWS } from '../src/crud/list-query.js';
import { startTestApp, type TestApp } from './support/app.js';
import { listRoutes } from './support/list-routes.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/**
 * Every list is bounded (issue 17): called without a range it answers at most LIST_MAX_ROWS rows with a
 * Content-Range telling the true total — the anonymous catalogue, lists paged in SQL, lists read whole — and
 * react-admin's getMany (an id filter without a range) still gets its rows.
 */
let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let boardId: string;
let installerId: string;
const EXTRA = 5;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const db = t.database.db;
  const many = Array.from({ length: LIST_MAX_ROWS + EXTRA }, (_, index) => index);
  await db.insert(catalogueDocuments).values(
    many.map((index) => ({
      featureId: `bulk-doc-${index}`,
      title: `Bulk document ${index}`,
      filename: `bulk-${index}.pdf`,
      url: `https://www.example.com/bulk-${index}.pdf`,
    })),
  );
  const [board] = await db.select({ id: boards.id }).from(boards).limit(1);
  boardId = board!.id;
  await db.insert(serialNumbers).values(many.map((index) => ({ boardId, value: `BULKSN${index}` })));
  const [owner] = await db.select().from(users).where(eq(users.email, 'customer@portal.test'));
  const [installer] = await db.select().from(installers).where(eq(installers.userId, owner!.id)).limit(1);
  installerId = installer!.id;
  await db.insert(installationKeys).values(many.map((index) => ({ installerId, key: `BULK-${index}` })));
});
afterAll(() => t?.close());

const get = (url: string, tokens: Tokens | null, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...(tokens ? bearer(tokens) : {}), ...(range ? { range } : {}) },
  });

/** The answer's rows and its Content-Range, checked to agree with each other. */
function bounded(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<unknown[]>();
  const header = response.headers['content-range'];
  expect(header).toEqual(expect.any(String));
  const range = parseContentRange(String(header));
  expect(rows.length).toBeLessThanOrEqual(LIST_MAX_ROWS);
  expect(range.limit).toBe(rows.length);
  return { rows, total: range.total };
}

describe('a list without Range', () => {
  it('answers the first LIST_MAX_ROWS of the anonymous catalogue with its true total', async () => {
    const { rows, total } = bounded(await get('/catalogue', null));
    expect(rows).toHaveLength(LIST_MAX_ROWS);
    expect(total).toBeGreaterThan(LIST_MAX_ROWS + EXTRA - 1);
    expect(bounded(await get('/catalogue', null, 'catalogue=0-0')).total).toBe(total);
  });

  it('answers the first LIST_MAX_ROWS of a list paged in SQL (serial numbers) with the true total', async () => {
    const { rows, total } = bounded(await get(`/boards/${boardId}/serial-numbers`, admin));
    expect(rows).toHaveLength(LIST_MAX_ROWS);
    expect(total).toBeGreaterThanOrEqual(LIST_MAX_ROWS + EXTRA);
  });

  it('answers the first LIST_MAX_ROWS of a list read whole (installation keys) with the true total', async () => {
    const { rows, total } = bounded(await get(`/installers/${installerId}/installation-keys`, customer));
    expect(rows).toHaveLength(LIST_MAX_ROWS);
    expect(total).toBeGreaterThanOrEqual(LIST_MAX_ROWS + EXTRA);
  });

  it('keeps getMany working: an id filter without a range answers exactly those rows', async () => {
    const all = bounded(await get('/boards', admin, 'boards=0-2')).rows as { id: string }[];
    const wanted = all.slice(0, 2).map((row) => row.id);
    const filter = encodeURIComponent(JSON.stringify({ id: wanted }));
    const { rows, total } = bounded(await get(`/boards?filter=${filter}`, admin));
    expect((rows as { id: string }[]).map((row) => row.id).sort()).toEqual([...wanted].sort());
    expect(total).toBe(2);
  });

  it('is bounded and tells its range on every list route of the API (walked from the OpenAPI description)', async () => {
    const reachable = await listRoutes((url) => get(url, null), { boardId, installerId });
    expect(reachable.length).toBeGreaterThan(20);
    const unbounded: string[] = [];
    for (const path of reachable) {
      const tokens = path.startsWith('/installers/') ? customer : admin;
      const response = await get(path, tokens);
      if (response.statusCode !== 200) continue; // a list of another kind of record (404): not this walk's concern
      const rows = response.json<unknown[]>();
      if (!response.headers['content-range'] || rows.length > LIST_MAX_ROWS) unbounded.push(path);
    }
    expect(unbounded).toEqual([]);
  });
});
