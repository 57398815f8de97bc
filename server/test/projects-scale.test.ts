import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_DEFAULT_PER_PAGE,
  LIST_MAX_OFFSET,
  MY_PROJECTS_PAGE_SIZE,
  parseContentRange,
  type Project,
} from '@portal/resources';
import { fillProjects } from '../bench/fill.js';
import { genericPlan, plansWhenPaged } from './support/plans.js';
import { sentStatements } from './support/sent-statements.js';
import { EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import { startTestApp, type TestApp } from './support/app.js';
import { projectTestKit } from './projects-support.js';
import type { Tokens } from './support/sign-in.js';

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk } = kit;
let service: Tokens;
const PROJECTS = 2 * EXACT_COUNT_LIMIT + 5_000;

const listUrl = (params: Record<string, unknown>) =>
  `projects?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]))}`;

beforeAll(async () => {
  // Without the mail worker: its poll would send statements inside a window that counts them.
  t = await startTestApp({}, { mailWorker: false });
  await fillProjects(t.database.db, {
    projects: PROJECTS,
    boards: 200,
    serialNumbers: PROJECTS + 1_000,
    users: 100,
  });
  service = await kit.serviceAccountToken();
}, 240_000);
afterAll(() => t?.close());

const ids = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);

describe('project lists beyond the exact-count threshold', () => {
  it('counts a long unfiltered list exactly (from the kept counter), without the estimate header', async () => {
    const response = await call('GET', listUrl({ range: [0, 24] }), service);
    expect(expectOk<Project[]>(response)).toHaveLength(25);
    const { total } = parseContentRange(response.headers['content-range'] as string);
    const [{ count }] = (
      (await t.database.db.execute(sql`select count(*)::int as count from projects`)) as unknown as {
        rows: [{ count: number }];
      }
    ).rows;
    expect(total).toBe(count);
    expect(count).toBeGreaterThanOrEqual(PROJECTS);
    expect(response.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('estimates a long filtered list and counts a short one exactly', async () => {
    const long = await call('GET', listUrl({ range: [0, 9], filter: { status: 'active' } }), service);
    expect(long.headers['x-total-count-estimated']).toBe('true');
    const short = await call('GET', listUrl({ range: [0, 9], filter: { group: 'Group 7' } }), service);
    const [{ count }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as count from projects where group_name = 'Group 7'`,
      )) as unknown as { rows: [{ count: number }] }
    ).rows;
    expect(parseContentRange(short.headers['content-range'] as string).total).toBe(count);
    expect(short.headers['x-total-count-estimated']).toBeUndefined();
  });

  it.each([
    ['name', 'ASC', sql`lower(name) asc, id asc`],
    ['updatedAt', 'DESC', sql`updated_at desc, id desc`],
    ['shortRomCode', 'ASC', sql`short_rom_code asc, id asc`],
    ['group', 'DESC', sql`group_name desc, id desc`],
  ] as const)('answers the right rows deep in the list sorted by %s %s', async (field, order, orderBy) => {
    // The deepest page an offset reaches (LIST_MAX_OFFSET), well before the end of the list.
    const offset = LIST_MAX_OFFSET;
    const response = await call('GET', listUrl({ sort: [field, order] }), service, undefined, {
      range: `projects=${offset}-${offset + 24}`,
    });
    const page = expectOk<Project[]>(response);
    expect(page.map((p) => p.id)).toEqual(
      await ids(sql`select id from projects order by ${orderBy} offset ${offset} limit 25`),
    );
    expect(page[0]!.owner.email).toMatch(/@bench\.test$/);
  });

  it('continues deep in the list by keyset cursor with the rows offset paging gives, and past the offset bound', async () => {
    const offset = LIST_MAX_OFFSET - 25;
    const before = await call('GET', listUrl({ sort: ['shortRomCode', 'DESC'] }), service, undefined, {
      range: `projects=${offset}-${offset + 24}`,
    });
    const cursor = before.headers['x-next-cursor'] as string;
    const byCursor = await call(
      'GET',
      `${listUrl({ sort: ['shortRomCode', 'DESC'] })}&cursor=${cursor}`,
      service,
      undefined,
      {
        range: `projects=${offset + 25}-${offset + 49}`,
      },
    );
    const byOffset = await call('GET', listUrl({ sort: ['shortRomCode', 'DESC'] }), service, undefined, {
      range: `projects=${offset + 25}-${offset + 49}`,
    });
    expect(expectOk<Project[]>(byCursor).map((p) => p.id)).toEqual(
      expectOk<Project[]>(byOffset).map((p) => p.id),
    );
    expect(byCursor.headers['content-range']).toBe(byOffset.headers['content-range']);
    // Past LIST_MAX_OFFSET only the cursor goes on.
    const past = await call(
      'GET',
      `${listUrl({ sort: ['shortRomCode', 'DESC'] })}&cursor=${byCursor.headers['x-next-cursor'] as string}`,
      service,
      undefined,
      { range: `projects=${offset + 50}-${offset + 74}` },
    );
    expect(expectOk<Project[]>(past).map((p) => p.id)).toEqual(
      await ids(
        sql`select id from projects order by short_rom_code desc, id desc offset ${offset + 50} limit 25`,
      ),
    );
  });

  it("reads a page as long as the console's default with a cursor and no range, from where the cursor points", async () => {
    const sort = { sort: ['shortRomCode', 'DESC'] };
    const first = await call('GET', listUrl(sort), service, undefined, { range: 'projects=0-9' });
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const next = expectOk<Project[]>(await call('GET', `${listUrl(sort)}&cursor=${cursor}`, service));
    expect(next.map((p) => p.id)).toEqual(
      await ids(
        sql`select id from projects order by short_rom_code desc, id desc offset 10 limit ${ADMIN_DEFAULT_PER_PAGE}`,
      ),
    );
  });

  // The console's default page size, and the customer's project list's page (the app's own size, not a usual one).
  it.each([ADMIN_DEFAULT_PER_PAGE, MY_PROJECTS_PAGE_SIZE])(
    'plans an offset page of %i rows once: its statement keeps a generic plan after pages near the front',
    async (size) => {
      // The statement the list runs for a page at an offset (sorted as no other test here sorts), as sent.
      const url = listUrl({ sort: ['salesCode', 'ASC'] });
      const sent = await sentStatements(t, async () => {
        const range = `projects=${2 * size}-${3 * size - 1}`;
        expect(expectOk<Project[]>(await call('GET', url, service, undefined, { range }))).toHaveLength(size);
      });
      const [page, ...others] = sent.filter((statement) => /\boffset\b/.test(statement.text));
      expect(others).toEqual([]);
      // Prepared under a name on one connection and run as the list runs it: pages near the front first, then deep
      // ones. A generic plan prices a count parameter at a tenth of the 25,000 rows, more than any of the first
      // pages cost when planned for their own values; PostgreSQL must still keep the generic plan after five calls.
      expect(
        await plansWhenPaged(t.database.db, page!, { sent: 2 * size, size, deepest: LIST_MAX_OFFSET }),
      ).toEqual({ custom_plans: 5, generic_plans: 5 });
      // That kept plan still walks the sort key's index to the page (it prices the offset at a tenth of the rows, but
      // reads no more than the page's depth), and never reads the table whole.
      const plan = await genericPlan(t.database.db, page!.text, page!.params);
      expect(plan).toMatch(/Index Only Scan using projects_sales_code_idx on projects/);
      expect(plan).not.toMatch(/Seq Scan on projects\b/);
    },
  );
});
