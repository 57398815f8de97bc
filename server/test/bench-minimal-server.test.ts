import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { OWN_EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import { sql } from 'drizzle-orm';
import { CATALOGUE_PAGE_SIZE, MY_PROJECTS_PAGE_SIZE } from '@portal/resources';
import { createDatabaseIn } from '../src/ops/postgres-cluster.js';
import { addScopedCustomers, fillAuditLog, fillProjects } from '../bench/fill.js';
import { fillCatalogue, WORDS } from '../bench/catalogue-fill.js';
import { benchCallers, startBenchPortal, type BenchPortal } from '../bench/portal.js';
import {
  STANDS_FOR,
  customerList,
  scenarioIn,
  startBaseline,
  type Baseline,
  type BaselineInputs,
  type BaselineScenario,
} from '../bench/baseline.js';
import { usingPostgres } from './support/app.js';

/**
 * Issue 24 point 1: the minimal server of `pnpm bench` answers every scenario with the portal's bytes and
 * Content-Range, from the statements the portal ran (PostgreSQL only: the baseline is a `pg` pool).
 */
describe.skipIf(!usingPostgres())('the minimal baseline server', () => {
  let portal: BenchPortal;
  let minimal: Baseline;
  let inputs: BaselineInputs;
  /** The demo data's projects and history records, there before the fill: the admin's lists count them too. */
  let demo: { projects: number; history: number };
  // The scoped customers see 250, 250 and 1,250 of the 2,500 bench projects (one board, one board, half of ten): the
  // last is past the own list's exact limit, so after its first page the portal goes by a kept total, and the
  // minimal server keeps that count; the others are counted on every call. Two history records per bench project,
  // counted exactly.
  const size = { projects: 2500, boards: 10, serialNumbers: 5000, users: 10 };
  const benchHistory = 5000;

  beforeAll(async () => {
    const url = await createDatabaseIn(
      inject('postgresUrl')!,
      `bench_minimal_${randomUUID().replace(/-/g, '')}`,
    );
    portal = await startBenchPortal(url);
    const { db } = portal.database;
    const counted = (await db.execute(sql`select (select count(*) from projects)::int as projects,
      (select count(*) from audit_log)::int as history`)) as unknown as { rows: (typeof demo)[] };
    demo = counted.rows[0]!;
    await fillProjects(db, size);
    await fillAuditLog(db, size, benchHistory);
    await fillCatalogue(db, { tools: 100, versionsPerTool: 5, bundles: 10 });
    await addScopedCustomers(db);
    await portal.listen();
    const ids = (await db.execute(sql`select id from projects order by name limit 5`)) as unknown as {
      rows: { id: string }[];
    };
    inputs = {
      ...(await benchCallers(db, portal.base)),
      projectIds: ids.rows.map((row) => row.id),
      words: [WORDS[0]!.toLowerCase(), WORDS[3]!.toLowerCase().slice(0, 3), 'zzzz-nothing'],
    };
    minimal = await startBaseline({
      db,
      databaseUrl: url,
      portalUrl: portal.base,
      config: portal.config,
      inputs,
    });
  });

  afterAll(async () => {
    await minimal?.close();
    await portal?.close();
  });

  it('answers each scenario byte for byte as the portal does, with its Content-Range', async () => {
    const fromPortal = minimal.requests(portal.base);
    const fromMinimal = minimal.requests(minimal.url);
    expect(Object.keys(fromPortal).sort()).toEqual(Object.keys(STANDS_FOR).sort());
    const ranges: Record<string, string | null> = {};
    for (const [scenario, spec] of Object.entries(fromPortal)) {
      const twin = scenarioIn(fromMinimal, scenario as BaselineScenario);
      let longest = 0;
      for (const [index, url] of spec.urls.entries()) {
        const [a, b] = await Promise.all([
          fetch(url, { headers: spec.headers }),
          fetch(twin.urls[index]!, { headers: twin.headers }),
        ]);
        const [portalBody, minimalBody] = await Promise.all([a.text(), b.text()]);
        expect(a.status, `${scenario} ${url}`).toBe(200);
        expect(b.status, `${scenario} ${url}`).toBe(200);
        expect(minimalBody, `${scenario} ${url}`).toBe(portalBody);
        expect(b.headers.get('content-range'), scenario).toBe(a.headers.get('content-range'));
        if (scenario === customerList(0.5, 'first')) {
          expect(a.headers.get('x-total-count-estimated'), 'the kept total of a long own list').toBe('true');
          expect(Number(a.headers.get('content-range')!.split('/')[1])).toBeGreaterThan(
            OWN_EXACT_COUNT_LIMIT,
          );
        }
        ranges[scenario] ??= a.headers.get('content-range');
        longest = Math.max(longest, portalBody.length);
      }
      // Not only empty answers: each scenario compares real records (a search may find nothing).
      expect(longest, scenario).toBeGreaterThan(100);
    }
    // The deeper pages are where the benchmarks put them: the middle and the deepest offset page of each list (its
    // last 50 rows within LIST_MAX_OFFSET), and the keyset page 50 rows before the end of the admin list. Each page
    // is as long as the app's own: the console's 25 projects, the customer app's 24 and its catalogue's 12. The
    // admin's lists hold the demo's projects and history beside the bench's.
    const projects = size.projects + demo.projects;
    const adminPage = (offset: number) => `projects ${offset}-${offset + 24}/${projects}`;
    expect(ranges).toMatchObject({
      'admin project list': adminPage(0),
      'admin project list, middle page': adminPage(Math.floor(projects / 2)),
      'admin project list, deep page': adminPage(projects - 50),
      'admin project list, keyset': adminPage(projects - 50),
    });
    const catalogueTotal = Number(ranges['catalogue list']!.split('/')[1]);
    const customerTotal = Number(ranges[customerList(0.5, 'first')]!.split('/')[1]);
    const catalogue = (offset: number) =>
      `catalogue ${offset}-${offset + CATALOGUE_PAGE_SIZE - 1}/${catalogueTotal}`;
    const own = (offset: number, total: number) =>
      `projects ${offset}-${offset + MY_PROJECTS_PAGE_SIZE - 1}/${total}`;
    expect(ranges['catalogue list']).toBe(catalogue(0));
    expect(ranges['catalogue list, middle page']).toBe(catalogue(Math.floor(catalogueTotal / 2)));
    expect(ranges['catalogue list, deep page']).toBe(catalogue(catalogueTotal - 50));
    expect(ranges).toMatchObject({
      [customerList(0.5, 'first')]: own(0, 1250),
      [customerList(0.5, 'deepest')]: own(customerTotal - 50, customerTotal),
      [customerList(0.05, 'deepest')]: own(200, 250),
      [customerList(0.0005, 'deepest')]: own(200, 250),
      'history list': `audit-log 0-49/${benchHistory + demo.history}`,
      'history list, one project': 'audit-log 0-1/2',
    });
  });

  it('answers a deeper page by its caller, not by the token: a token fetched later gets the same page', async () => {
    // A run at 1M outlasts an access token (15 minutes), so `bench:versus` fetches new ones on the way.
    const deepest = customerList(0.5, 'deepest');
    const before = scenarioIn(minimal.requests(minimal.url), deepest);
    Object.assign(inputs, await benchCallers(portal.database.db, portal.base));
    const toPortal = scenarioIn(minimal.requests(portal.base), deepest);
    const toMinimal = scenarioIn(minimal.requests(minimal.url), deepest);
    expect(toMinimal.headers.authorization).not.toBe(before.headers.authorization);
    const [a, b] = await Promise.all([
      fetch(toPortal.urls[0]!, { headers: toPortal.headers }),
      fetch(toMinimal.urls[0]!, { headers: toMinimal.headers }),
    ]);
    expect(b.headers.get('content-range')).toBe(a.headers.get('content-range'));
    expect(a.headers.get('content-range')).not.toMatch(/^projects 0-/);
    expect(await b.text()).toBe(await a.text());
  });

  it('refuses a request without a valid token where the portal does', async () => {
    const spec = minimal.requests(minimal.url)['admin project list'];
    const none = await fetch(spec.urls[0]!, { headers: { range: spec.headers.range! } });
    const forged = await fetch(spec.urls[0]!, {
      headers: { ...spec.headers, authorization: `Bearer ${inputs.admin.token.slice(0, -4)}AAAA` },
    });
    expect([none.status, forged.status]).toEqual([401, 401]);
  });
});
