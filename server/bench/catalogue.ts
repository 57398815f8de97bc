/**
 * Catalogue and checkout benchmark (issue 7, Scale): fills tools, versions and bundles, then measures with
 * concurrent clients over loopback the catalogue list (first page, a middle and the deepest page an offset reaches), full-text search (alone and
 * with a category) and the checkout of a 20-entry cart (10 payable, 10 requested), on PGlite and on PostgreSQL in
 * one run, next to a baseline of the same clients calling `/healthz`.
 *
 *   pnpm --filter @portal/server bench:catalogue [--scale 1] [--seconds 5] [--clients 10] [--db both|pglite|postgres]
 *     [--json <file>] [--cluster-url <postgresql://…/postgres>]
 *
 * --scale 1 is 10k tools, 50k versions and 1k bundles. Bounded: every scenario runs for --seconds, and the script
 * stops by itself. Loopback only. `pnpm bench` runs it once per database and size with --json (its figures) and
 * --cluster-url (a PostgreSQL cluster it started, in which this script creates its own database).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { formatRangeHeader } from '@portal/resources';
import { DEMO_SERVICE_ACCOUNT } from '../src/db/demo-data.js';
import { WORDS, cartOf, fillCatalogue } from './catalogue-fill.js';
import { BENCH_PAGE, catalogueSizeAt, offsetPages } from './fill.js';
import { onDatabases, printTable, serviceToken, startBenchPortal } from './portal.js';
import { measure, type Figures } from './measure.js';
import { RssSampler, writeBenchJson } from './bare.js';
import type { BenchRun, ScenarioFigures } from '../../scripts/bench/types.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    json: { type: 'string' },
    'cluster-url': { type: 'string' },
  },
});
const SCALE = Number(args.scale);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
if (!(SCALE > 0 && SCALE <= 1) || !(SECONDS > 0 && SECONDS <= 60) || !(CLIENTS >= 1 && CLIENTS <= 100)) {
  throw new Error('--scale in (0, 1], --seconds in (0, 60], --clients in [1, 100]');
}
const GOALS = { listP99: 30, checkoutP99: 100 };

const size = catalogueSizeAt(SCALE);

type Scenario =
  | 'baseline /healthz'
  | 'list, first page'
  | 'list, middle page'
  | 'list, deep page'
  | 'search q'
  | 'search q + category'
  | 'checkout, 20 entries';

/** Search words: a whole word, a prefix, and two words, cycling through the vocabulary. */
const searchOf = (i: number) => {
  const word = WORDS[i % WORDS.length]!.toLowerCase();
  const other = WORDS[(i * 7 + 3) % WORDS.length]!.toLowerCase();
  return [word, word.slice(0, 3), `${word} ${other}`][i % 3]!;
};

async function benchOne(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const sampler = new RssSampler();
  sampler.start();
  const portal = await startBenchPortal(databaseUrl);
  const { database, base } = portal;
  const filling = performance.now();
  await fillCatalogue(database.db, size);
  // The benchmark's buyer, the demo service account, needs billing information that validates.
  await database.db
    .execute(sql`insert into billing_information (user_id, company_name, billing_address, shipping_address, tax_id)
    select sa.user_id, 'Bench GmbH', ${JSON.stringify({ street: 'Bench 1', postalCode: '1010', city: 'Vienna', country: 'AT' })}::jsonb,
      ${JSON.stringify({ street: 'Bench 1', postalCode: '1010', city: 'Vienna', country: 'AT' })}::jsonb, 'ATU12345678'
    from service_accounts sa where sa.client_id = ${DEMO_SERVICE_ACCOUNT.clientId}`);
  const fillSeconds = (performance.now() - filling) / 1000;
  await portal.listen();
  try {
    const token = await serviceToken(base);
    const total = Number(
      (await fetch(`${base}/api/v1/catalogue`, { headers: { range: 'catalogue=0-0' } })).headers
        .get('content-range')!
        .split('/')[1],
    );
    // Offset pages reach LIST_MAX_OFFSET rows deep (issue 24): the middle and the deepest page within that.
    const { middle, deepest: deep } = offsetPages(total);
    const page = (offset: number) => ({
      range: formatRangeHeader('catalogue', offset, BENCH_PAGE.catalogue),
    });
    const scenarios: Record<Scenario, (i: number) => Promise<Response>> = {
      'baseline /healthz': () => fetch(`${base}/healthz`),
      'list, first page': () => fetch(`${base}/api/v1/catalogue`, { headers: page(0) }),
      'list, middle page': () => fetch(`${base}/api/v1/catalogue`, { headers: page(middle) }),
      'list, deep page': () => fetch(`${base}/api/v1/catalogue`, { headers: page(deep) }),
      'search q': (i) =>
        fetch(`${base}/api/v1/catalogue?q=${encodeURIComponent(searchOf(i))}`, {
          headers: page(0),
        }),
      'search q + category': (i) =>
        fetch(`${base}/api/v1/catalogue?categories=software,tool&q=${encodeURIComponent(searchOf(i))}`, {
          headers: page(0),
        }),
      'checkout, 20 entries': (i) =>
        fetch(`${base}/api/v1/checkouts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(cartOf(i, size)),
        }),
    };
    const results = {} as Record<Scenario, Figures>;
    for (const [name, send] of Object.entries(scenarios) as [Scenario, (i: number) => Promise<Response>][]) {
      results[name] = await measure(send, { clients: CLIENTS, seconds: SECONDS });
    }
    return { kind, total, fillSeconds, results, peakRssMb: sampler.stop() };
  } finally {
    sampler.stop();
    await portal.close();
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The kind of each scenario for `pnpm bench`'s goals, and the goal of issue 7 it has. */
function describe(scenario: Scenario): Pick<ScenarioFigures, 'kind' | 'p99Goal'> {
  if (scenario.startsWith('baseline')) return { kind: 'baseline' };
  if (scenario.startsWith('checkout')) return { kind: 'call', p99Goal: GOALS.checkoutP99 };
  return { kind: 'list', p99Goal: GOALS.listP99 };
}

async function main() {
  const runs: Awaited<ReturnType<typeof benchOne>>[] = [];
  await onDatabases({ db: args.db, clusterUrl: args['cluster-url'] }, async (kind, database) => {
    const url = await database('bench_catalogue');
    console.log(
      `… ${kind}: ${size.tools} tools, ${size.tools * size.versionsPerTool} versions, ${size.bundles} bundles`,
    );
    const run = await benchOne(kind, url);
    console.log(`  filled in ${fmt(run.fillSeconds)} s; ${run.total} catalogue items`);
    runs.push(run);
  });

  if (args.json) {
    writeBenchJson(args.json, {
      bench: 'catalogue',
      clients: CLIENTS,
      seconds: SECONDS,
      runs: runs.map((run): BenchRun => ({
        database: run.kind,
        serialNumbers: Math.round(1_000_000 * SCALE),
        data: `${size.tools} tools, ${size.tools * size.versionsPerTool} versions, ${size.bundles} bundles`,
        fillSeconds: run.fillSeconds,
        peakRssMb: run.peakRssMb,
        scenarios: (Object.entries(run.results) as [Scenario, Figures][]).map(([name, figures]) => ({
          name,
          ...describe(name),
          ...figures,
        })),
      })),
    });
  }

  console.log(`\n${CLIENTS} concurrent clients, ${SECONDS} s per scenario, loopback HTTP; latency in ms\n`);
  const header = ['database', 'scenario', 'p50', 'p99', 'req/s', 'requests', 'errors', 'goal'];
  const rows: string[][] = [];
  for (const run of runs) {
    for (const [scenario, figures] of Object.entries(run.results) as [Scenario, Figures][]) {
      const goal = describe(scenario).p99Goal ?? null;
      rows.push([
        run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        scenario,
        fmt(figures.p50),
        fmt(figures.p99),
        fmt(figures.rps, 0),
        String(figures.count),
        String(figures.errors),
        goal === null ? '' : `p99 < ${goal}: ${figures.p99 < goal ? 'met' : 'missed'}`,
      ]);
    }
  }
  printTable(header, rows);
  console.log(
    `\nGoals (issue 7, on PostgreSQL with 10 clients): catalogue list and full-text search p99 < ${GOALS.listP99} ms, checkout of a 20-entry cart p99 < ${GOALS.checkoutP99} ms. PGlite is the embedded default and is shown for comparison.`,
  );
}

await main();
process.exit(0);
