import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseContentRange } from '@portal/resources';
import { COUNT_TTL_MS } from '../src/crud/count-cache.js';
import { EXACT_COUNT_LIMIT, LONG_TOTAL_STALE_MS } from '../src/crud/list-total.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

// The stale-while-refreshed total of a long list (crud/list-total.ts) through real lists: the catalogue and a generic
// admin list (company spaces). Beyond the exact limit their total is the planner's estimate, which follows the table
// once it is analysed: with every row sampled (a table of this size), the estimate is the table's row count.

let t: TestApp;
let admin: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, { email: 'admin@portal.test' });
  // Each list one row past the exact limit: long, so its total is the planner's estimate, kept a while.
  for (const list of lists) {
    await t.database.db.execute(
      sql.raw(`insert into ${list.table} ${list.bulk} from generate_series(1, ${EXACT_COUNT_LIMIT + 1}) g`),
    );
  }
}, 240_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** A fake clock that only moves forward across tests: the kept totals carry the times of earlier tests. */
let clock = Date.now();
const startClock = () => vi.useFakeTimers({ toFake: ['Date'], now: (clock = Math.max(clock, Date.now())) });
const advance = (ms: number) => vi.setSystemTime((clock += ms));

const count = async (query: string): Promise<number> =>
  (
    (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${query}`))) as unknown as {
      rows: [{ n: number }];
    }
  ).rows[0].n;

const totalOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return parseContentRange(response.headers['content-range'] as string).total;
};

/** One long list: how to read its first page, how to add a row, and its rows in the tables. */
interface LongList {
  name: string;
  page: () => Promise<LightMyRequestResponse>;
  addRow: (n: number) => Promise<void>;
  /** The table (and condition) of its rows, analysed so the planner's estimate is current. */
  table: string;
  /** Its columns and a select of the bulk rows, numbered by `g`. */
  bulk: string;
  /** The condition of the bulk rows, to take them away. */
  bulkRows: string;
  rows: string;
}

const lists: LongList[] = [
  {
    name: 'the catalogue filtered by a category (signed out)',
    page: () => t.app.inject({ method: 'GET', url: '/api/v1/catalogue?categories=netlist&range=[0,9]' }),
    addRow: async (n) => {
      await t.database.db.execute(
        sql`insert into tools (feature_id, name, type) values (${`stale-new-${n}`}, ${`New netlist ${n}`}, 'netlist')`,
      );
    },
    table: 'tools',
    bulk: `(feature_id, name, type) select 'stale-sim-' || g, 'Stale netlist ' || g, 'netlist'`,
    bulkRows: `feature_id like 'stale-sim-%'`,
    rows: `tools where type = 'netlist'`,
  },
  {
    name: 'the admin list of company spaces',
    page: () =>
      t.app.inject({ method: 'GET', url: '/api/v1/company-spaces?range=[0,9]', headers: bearer(admin) }),
    addRow: async (n) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/company-spaces',
        headers: bearer(admin),
        payload: { name: `Stale new ${n}` },
      });
      expect(response.statusCode, response.body).toBe(201);
    },
    table: 'company_spaces',
    bulk: `(name) select 'Stale ' || g`,
    bulkRows: `name like 'Stale %'`,
    rows: 'company_spaces',
  },
];

describe.each(lists)('the long total of $name', (list) => {
  it('keeps its total, answers every concurrent caller once it expires, then shows the new row', async () => {
    const analysed = async () => {
      await t.database.db.execute(sql.raw(`analyze ${list.table}`));
      return count(list.rows);
    };
    startClock();
    const before = await analysed();
    expect(before).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const first = await list.page();
    expect(totalOf(first)).toBe(before);
    expect(first.headers['x-total-count-estimated']).toBe('true');

    // A new row while the total is kept: the kept total answers.
    await list.addRow(1);
    const after = await analysed();
    expect(after).toBe(before + 1);
    expect(totalOf(await list.page())).toBe(before);

    // Expired: every caller at once gets an answer, the old total or the new one, never an error; soon the new one.
    advance(COUNT_TTL_MS + 1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => list.page()));
    const totals = answers.map(totalOf);
    expect(totals).toContain(before);
    for (const total of totals) expect([before, after]).toContain(total);
    for (const answer of answers) expect(answer.headers['x-total-count-estimated']).toBe('true');
    await vi.waitFor(async () => expect(totalOf(await list.page())).toBe(after));

    // Long past its count, the kept total no longer answers: the next caller counts first, and sees a newer row.
    await list.addRow(2);
    const latest = await analysed();
    advance(LONG_TOTAL_STALE_MS + 1);
    expect(totalOf(await list.page())).toBe(latest);
  });

  it('counts exactly again once the list has become short, after the kept total expired', async () => {
    startClock();
    advance(LONG_TOTAL_STALE_MS + 1);
    const long = await list.page();
    expect(long.headers['x-total-count-estimated']).toBe('true');
    // Twenty bulk rows stay: the first page is still full, so its total is counted, not told by a short page.
    await t.database.db.execute(
      sql.raw(`delete from ${list.table} where ${list.bulkRows}
        and id not in (select id from ${list.table} where ${list.bulkRows} limit 20)`),
    );
    await t.database.db.execute(sql.raw(`analyze ${list.table}`));
    const rows = await count(list.rows);
    expect(rows).toBeGreaterThan(10);
    expect(rows).toBeLessThan(EXACT_COUNT_LIMIT);
    advance(COUNT_TTL_MS + 1);
    // The first caller after expiry may answer the old total; soon every caller gets the exact one, not flagged.
    expect(totalOf(await list.page())).toBeGreaterThanOrEqual(rows);
    await vi.waitFor(async () => {
      const page = await list.page();
      expect(totalOf(page)).toBe(rows);
      expect(page.headers['x-total-count-estimated']).toBeUndefined();
    });
  });
});
