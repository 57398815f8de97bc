import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, type CatalogueItem } from '@portal/resources';
import { fillCatalogue } from '../bench/catalogue-fill.js';
import { startTestApp, type TestApp } from './support/app.js';
import { genericPlan, plansOf } from './support/plans.js';
import { sentStatements } from './support/sent-statements.js';

let t: TestApp;
const TOOLS = 3_000;

beforeAll(async () => {
  t = await startTestApp();
  await fillCatalogue(t.database.db, { tools: TOOLS, versionsPerTool: 1, bundles: 20 });
}, 120_000);
afterAll(() => t?.close());

const SIZE = CATALOGUE_PAGE_SIZE;

describe('the catalogue page statement (issue 24: every statement planned once)', () => {
  it.each([
    ['every item by name', ''],
    [
      'tools by change date, newest first',
      `&categories=tool&sort=${encodeURIComponent('["updatedAt","DESC"]')}`,
    ],
    ['a search', '&q=Flash'],
  ])('keeps a generic plan for pages of %s, whatever pages came first', async (_what, query) => {
    // The statement a page at an offset runs (the app's page size), as sent: `cut` is offset + size.
    const offset = 3 * SIZE;
    const sent = await sentStatements(t, async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/catalogue?range=${encodeURIComponent(`[${offset},${offset + SIZE - 1}]`)}${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CatalogueItem[]>()).toHaveLength(SIZE);
    });
    const [page, ...others] = sent.filter((statement) => /\boffset\b/.test(statement.text));
    expect(others).toEqual([]);
    const values = page!.params.map(String);
    const [at, cutAt] = [values.indexOf(String(offset)), values.indexOf(String(offset + SIZE))];
    expect(at).toBeGreaterThanOrEqual(0);
    expect(cutAt).toBeGreaterThanOrEqual(0);
    // Pages near the front first (the first page included), then deep ones: a generic plan prices a count
    // parameter at a tenth of the rows, more than the first pages cost when planned for their own values.
    const offsets = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => n * SIZE).concat([TOOLS - SIZE, TOOLS - SIZE]);
    const calls = offsets.map((from) =>
      page!.params.map((value, index) =>
        index === at ? from : String(value) === String(offset + SIZE) ? from + SIZE : value,
      ),
    );
    expect(await plansOf(t.database.db, page!.text, calls)).toEqual({
      custom_plans: 5,
      generic_plans: offsets.length - 5,
    });
    // That kept plan reads each kind in its index order (or a search's matches from its word index) up to the
    // page's cut, and never reads the tools whole.
    const plan = await genericPlan(t.database.db, page!.text, page!.params);
    expect(plan).toMatch(/Index (Only )?Scan( Backward)? using \S+ on tools|Bitmap Index Scan on \S+/);
    expect(plan).not.toMatch(/Seq Scan on tools\b/);
  });
});
