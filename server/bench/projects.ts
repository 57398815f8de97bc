/**
 * Project API benchmark (issue 5, Scale): fills boards, serial numbers and projects, then measures with concurrent
 * clients over loopback the admin project list (first page; a page 50 rows from the end, asked by offset and by the
 * keyset cursor of the page before; a page in the middle, the deepest an offset can reach from either end), the
 * project detail, serial-number registration and the history list (issue 22: first page, one project's history), on PGlite and on PostgreSQL side by side, each at a baseline of
 * 1/100 of the size and at the full size, so growth with the data is seen in the same run. The clients run in a
 * worker thread (bench/measure.ts), off the server's event loop.
 *
 *   pnpm --filter @portal/server bench:projects [--scale 1] [--seconds 5] [--clients 10] [--rounds 1]
 *     [--db both|pglite|postgres] [--single] [--json <file>] [--cluster-url <postgresql://…/postgres>]
 *
 * --scale 1 is 100k projects, 10k boards, 1M serial numbers and 1M audit records. Bounded: every scenario runs for --seconds, and
 * the script stops by itself. `pnpm bench` runs it once per database and size with --single (only the size asked
 * for, without the 1/100 baseline: the report compares its own sizes), --json (its figures) and --cluster-url (a
 * PostgreSQL cluster it started, in which this script creates its own database).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { formatRangeHeader } from '@portal/resources';
import { DEMO_SERVICE_ACCOUNT } from '../src/db/demo-data.js';
import {
  BENCH_SERIAL,
  BENCH_SPACE,
  BENCH_PAGE,
  SCOPE_SHARES,
  addScopedCustomers,
  auditRecordsAt,
  cursorBefore,
  fillAuditLog,
  fillProjects,
  historyRequests,
  offsetPages,
  ownList,
  projectsSizeAt,
  scopedCustomer,
  type FillSize,
} from './fill.js';
import { onDatabases, printTable, serviceToken, startBenchPortal } from './portal.js';
import { measureInWorker, type Figures, type RequestSpec } from './measure.js';
import { RssSampler, writeBenchJson } from './bare.js';
import type { BenchRun, ScenarioFigures } from '../../scripts/bench/types.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    db: { type: 'string', default: 'both' },
    single: { type: 'boolean', default: false },
    json: { type: 'string' },
    'cluster-url': { type: 'string' },
  },
});
const SCALE = Number(args.scale);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
if (
  !(SCALE > 0 && SCALE <= 1) ||
  !(SECONDS > 0 && SECONDS <= 60) ||
  !(CLIENTS >= 1 && CLIENTS <= 100) ||
  !(ROUNDS >= 1 && ROUNDS <= 5)
) {
  throw new Error('--scale in (0, 1], --seconds in (0, 60], --clients in [1, 100], --rounds in [1, 5]');
}
/** Issue 5's goals, and issue 24's: p99 growing at most 1.3× with the data and across the own list's scopes. */
const GOALS = { listP99: 30, registrationP99: 50, growth: 1.5, flat: 1.3 };

/** The projects' fill and the history records (issue 22) spread over them. */
type BenchSize = FillSize & { auditRecords: number };

const sizeAt = (scale: number): BenchSize => ({
  ...projectsSizeAt(scale),
  auditRecords: auditRecordsAt(scale),
});

type OwnListScenario = ReturnType<typeof ownList>;

type Scenario =
  | OwnListScenario
  | 'list, first page'
  | 'list, deep (offset)'
  | 'list, deep (keyset)'
  | 'list, middle (offset)'
  | 'project detail'
  | 'registration'
  | 'audit list, first page'
  | 'audit list, one project';

async function benchOne(kind: 'pglite' | 'postgres', size: BenchSize, databaseUrl?: string) {
  const portal = await startBenchPortal(databaseUrl);
  const { database, base } = portal;
  const sampler = new RssSampler();
  const filling = performance.now();
  await fillProjects(database.db, size);
  await fillAuditLog(database.db, size, size.auditRecords);
  await addScopedCustomers(database.db);
  // The benchmark's caller, the demo service account (Admin), registers in the bench company space.
  await database.db.execute(sql`insert into company_space_members (user_id, company_space_id)
    select sa.user_id, s.id from service_accounts sa, company_spaces s
    where sa.client_id = ${DEMO_SERVICE_ACCOUNT.clientId} and s.name = ${BENCH_SPACE}`);
  const fillSeconds = (performance.now() - filling) / 1000;
  await portal.listen();
  // Peak memory while measuring, not while filling (the fill's batches are not the server's work).
  sampler.start();
  try {
    const token = await serviceToken(base);
    const headers = { authorization: `Bearer ${token}` };
    const sample = (
      (await database.db.execute(sql`select id from projects order by random() limit 1000`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id);
    // Offset pages reach LIST_MAX_OFFSET rows deep; the keyset cursor goes to the end: 50 rows before it.
    const { middle, deepest: deep } = offsetPages(size.projects);
    const cursor = await cursorBefore(database.db, size.projects - 50);
    let nextSerial = size.projects + 1;
    const adminPage = (offset: number) => formatRangeHeader('projects', offset, BENCH_PAGE.projects);
    const list = (range: string, query = ''): RequestSpec => ({
      urls: [`${base}/api/v1/projects${query}`],
      headers: { ...headers, range },
    });
    const inScopes: Record<number, number> = {};
    const history = historyRequests(base, headers, sample);
    const scenarios: Partial<Record<Scenario, () => RequestSpec>> = {
      'list, first page': () => list(adminPage(0)),
      'list, deep (offset)': () => list(adminPage(deep)),
      'list, deep (keyset)': () => list(adminPage(0), `?cursor=${cursor}`),
      'list, middle (offset)': () => list(adminPage(middle)),
      'project detail': () => ({ urls: sample.map((id) => `${base}/api/v1/projects/${id}`), headers }),
      registration: () => ({
        method: 'POST',
        urls: [`${base}/api/v1/projects?acceptServiceAgreement=true`],
        headers: { ...headers, 'content-type': 'application/json' },
        // Each request registers the next free serial number (worker side: {{n}}).
        body: JSON.stringify({ name: 'Bench registration', board: `${BENCH_SERIAL.prefix}{{n}}` }),
        counter: { first: nextSerial, width: BENCH_SERIAL.width },
      }),
      'audit list, first page': () => history['audit list, first page'],
      'audit list, one project': () => history['audit list, one project'],
    };
    for (const share of SCOPE_SHARES) {
      const own = { authorization: `Bearer ${await serviceToken(base, scopedCustomer(share))}` };
      const first = await fetch(`${base}/api/v1/projects/user`, {
        headers: { ...own, range: 'projects=0-0' },
      });
      await first.arrayBuffer();
      const inScope = Number(first.headers.get('content-range')?.split('/')[1]);
      const { deepest } = offsetPages(inScope);
      const page = (from: number): RequestSpec => ({
        urls: [`${base}/api/v1/projects/user`],
        headers: { ...own, range: formatRangeHeader('projects', from, BENCH_PAGE.ownProjects) },
      });
      scenarios[ownList(share, 'first')] = () => page(0);
      scenarios[ownList(share, 'deepest')] = () => page(deepest);
      inScopes[share] = inScope;
    }
    const results = {} as Record<Scenario, Figures>;
    for (const [name, spec] of Object.entries(scenarios) as [Scenario, () => RequestSpec][]) {
      // On a shared machine other processes only ever slow a round down: with --rounds, the best round counts.
      for (let round = 0; round < ROUNDS; round += 1) {
        const figures = await measureInWorker(spec(), { clients: CLIENTS, seconds: SECONDS });
        if (name === 'registration') nextSerial = figures.next;
        if (!results[name] || figures.p99 < results[name].p99) results[name] = figures;
      }
      if (nextSerial > size.serialNumbers) throw new Error('ran out of free serial numbers; lower --seconds');
    }
    return { kind, size, fillSeconds, results, inScopes, load: os.loadavg()[0]!, peakRssMb: sampler.stop() };
  } finally {
    sampler.stop();
    await portal.close();
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The kind of each scenario for `pnpm bench`'s goals, and the goal of issue 5 it has. */
function describe(scenario: Scenario): Pick<ScenarioFigures, 'kind' | 'p99Goal' | 'clientsIn'> {
  if (scenario.startsWith('list') || scenario.startsWith('audit list') || scenario.startsWith('own list'))
    return { kind: 'list', p99Goal: GOALS.listP99, clientsIn: 'worker' };
  if (scenario === 'registration')
    return { kind: 'call', p99Goal: GOALS.registrationP99, clientsIn: 'worker' };
  return { kind: 'call', clientsIn: 'worker' };
}

async function main() {
  const runs: Awaited<ReturnType<typeof benchOne>>[] = [];
  const sizes = args.single ? [sizeAt(SCALE)] : [sizeAt(SCALE / 100), sizeAt(SCALE)];
  await onDatabases({ db: args.db, clusterUrl: args['cluster-url'] }, async (kind, database) => {
    for (const [index, size] of sizes.entries()) {
      const url = await database(`bench_projects_${index}`);
      console.log(
        `… ${kind}: ${size.projects} projects, ${size.boards} boards, ${size.serialNumbers} serial numbers`,
      );
      const run = await benchOne(kind, size, url);
      console.log(`  filled in ${fmt(run.fillSeconds)} s`);
      runs.push(run);
    }
  });
  const kinds = [...new Set(runs.map((run) => run.kind))];

  if (args.json) {
    writeBenchJson(args.json, {
      bench: 'projects',
      clients: CLIENTS,
      seconds: SECONDS,
      runs: runs.map((run): BenchRun => ({
        database: run.kind,
        serialNumbers: run.size.serialNumbers,
        data: `${run.size.projects} projects, ${run.size.boards} boards, ${run.size.serialNumbers} serial numbers, ${run.size.auditRecords} audit records`,
        fillSeconds: run.fillSeconds,
        peakRssMb: run.peakRssMb,
        scenarios: (Object.entries(run.results) as [Scenario, Figures][]).map(([name, figures]) => ({
          name,
          ...describe(name),
          p50: figures.p50,
          p99: figures.p99,
          rps: figures.rps,
          count: figures.count,
          errors: figures.errors,
        })),
      })),
    });
  }

  console.log(
    `\n${CLIENTS} concurrent clients, ${SECONDS} s per scenario${ROUNDS > 1 ? ` (best of ${ROUNDS} rounds)` : ''}, loopback HTTP; latency in ms; load: 1-minute load average at the end of the run (${os.cpus().length} CPUs)\n`,
  );
  const header = [
    'database',
    'projects',
    'serials',
    'scenario',
    'p50',
    'p99',
    'req/s',
    'errors',
    'load',
    'goal',
  ];
  const rows: string[][] = [];
  for (const run of runs) {
    for (const [scenario, figures] of Object.entries(run.results) as [Scenario, Figures][]) {
      const goal = describe(scenario).p99Goal ?? null;
      rows.push([
        run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        String(run.size.projects),
        String(run.size.serialNumbers),
        scenario,
        fmt(figures.p50),
        fmt(figures.p99),
        fmt(figures.rps, 0),
        String(figures.errors),
        fmt(run.load),
        goal === null ? '' : `p99 < ${goal}: ${figures.p99 < goal ? 'met' : 'missed'}`,
      ]);
    }
  }
  printTable(header, rows);

  console.log(`\nGrowth of p99 from the baseline to the full size (goal: at most ${GOALS.growth}×)`);
  for (const kind of kinds) {
    const [small, large] = runs.filter((run) => run.kind === kind);
    if (!small || !large) continue;
    for (const scenario of Object.keys(large.results) as Scenario[]) {
      const growth = large.results[scenario]!.p99 / small.results[scenario]!.p99;
      console.log(
        `  ${kind === 'pglite' ? 'PGlite    ' : 'PostgreSQL'}  ${scenario.padEnd(38)} ${fmt(growth, 2)}×  ${growth <= GOALS.growth ? 'met' : 'missed'}; issue 24 (${GOALS.flat}×): ${growth <= GOALS.flat ? 'met' : 'missed'}`,
      );
    }
  }
  console.log(
    `\nThe customer's own list across its scopes: highest p99 / lowest p99 (issue 24 goal: at most ${GOALS.flat}×)`,
  );
  for (const run of runs) {
    const scopes = SCOPE_SHARES.map((share) => `${run.inScopes[share]}`).join(' / ');
    for (const page of ['first', 'deepest'] as const) {
      const p99s = SCOPE_SHARES.map((share) => run.results[ownList(share, page)]!.p99);
      const spread = Math.max(...p99s) / Math.min(...p99s);
      console.log(
        `  ${run.kind === 'pglite' ? 'PGlite    ' : 'PostgreSQL'}  ${run.size.projects} projects, ${scopes} in scope, ${page} page: p99 ${p99s.map((p) => fmt(p)).join(' / ')} ms, ${fmt(spread, 2)}×  ${spread <= GOALS.flat ? 'met' : 'missed'}`,
      );
    }
  }
  console.log(
    `\nGoals (issue 5, on PostgreSQL with 10 clients): list p99 < ${GOALS.listP99} ms at any depth, registration p99 < ${GOALS.registrationP99} ms, no figure growing more than ${GOALS.growth}× from 1/100 to the full size.`,
  );
}

await main();
process.exit(0);
