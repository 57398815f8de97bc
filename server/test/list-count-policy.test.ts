import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentRange } from '@portal/resources';
import { EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';

// The generic lists (`listRows`, every `resourceRoutes` list) follow the same count policy as the project lists.

let t: TestApp;
let admin: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, { email: 'admin@portal.test' });
  await t.database.db.execute(
    sql`insert into company_spaces (name) select 'Bulk ' || g from generate_series(1, ${EXACT_COUNT_LIMIT + 1}::int) g`,
  );
  // More netlists, so a catalogue list filtered by category (and searched) is past the exact limit too, by more than a
  // page: a search's read of its matches, stopped one past the limit, misses some of the first page's rows.
  await t.database.db.execute(
    sql`insert into tools (feature_id, name, type) select 'bulk-sim-' || g, 'Bulk netlist ' || g, 'netlist'
      from generate_series(1, ${EXACT_COUNT_LIMIT + 50}::int) g`,
  );
}, 120_000);
afterAll(() => t?.close());

const list = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/company-spaces?range=[0,9]${query}`,
    headers: { authorization: `Bearer ${admin.access_token}` },
  });

describe('the count policy of a generic list', () => {
  it('counts a short filtered list exactly', async () => {
    const response = await list(`&q=Bulk%2012`);
    expect(response.statusCode, response.body).toBe(200);
    const [{ count }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as count from company_spaces where name ilike '%Bulk 12%'`,
      )) as unknown as { rows: [{ count: number }] }
    ).rows;
    expect(count).toBeGreaterThan(10);
    expect(parseContentRange(response.headers['content-range'] as string).total).toBe(count);
    expect(response.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('answers an estimate, flagged, beyond the exact limit, never less than the rows it knows of', async () => {
    const response = await list('');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count-estimated']).toBe('true');
    expect(parseContentRange(response.headers['content-range'] as string).total).toBeGreaterThan(
      EXACT_COUNT_LIMIT,
    );
  });
});

describe('the count policy of the catalogue', () => {
  // The estimate beyond the exact limit is the planner's for the list's own filter: a category and search words.
  it.each([
    ['a category', 'categories=netlist'],
    ['categories and search words', 'categories=netlist,software&q=bulk%20netlist'],
  ])('answers an estimate, flagged, for a list filtered by %s past the exact limit', async (_, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/catalogue?${query}&range=[0,9]` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count-estimated']).toBe('true');
    expect(parseContentRange(response.headers['content-range'] as string).total).toBeGreaterThan(
      EXACT_COUNT_LIMIT,
    );
  });

  it('pages a search past the exact limit from all its matches, first and with the total kept', async () => {
    const firstTen = (
      (await t.database.db.execute(sql`select feature_id from tools
        where not is_removed and type in ('netlist', 'software')
          and search @@ to_tsquery('simple', 'bulk:* & netlist:*')
        order by name, id limit 10`)) as unknown as { rows: { feature_id: string }[] }
    ).rows.map((row) => row.feature_id);
    expect(firstTen).toContain(`bulk-sim-${EXACT_COUNT_LIMIT + 2}`);
    for (const call of ['first', 'kept total']) {
      const response = await t.app.inject({
        method: 'GET',
        // Words in another order than above: a list of its own, whose long total is not kept yet.
        url: '/api/v1/catalogue?categories=netlist,software&q=netlist%20bulk&sort=["name","ASC"]&range=[0,9]',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json<{ key: string }[]>().map((item) => item.key),
        call,
      ).toEqual(firstTen);
      expect(response.headers['x-total-count-estimated'], call).toBe('true');
    }
  });
});
