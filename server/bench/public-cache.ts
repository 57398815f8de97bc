/**
 * Public caching benchmark (issue 48, item 5): the anonymous catalogue answers and the sitemap answered in full
 * (200) and to a matching If-None-Match (304, after the catalogue version's read alone), beside a baseline of the
 * same clients calling `/healthz`, in one process on a filled catalogue.
 *
 *   pnpm --filter @portal/server bench:public-cache [--scale 0.1] [--seconds 3] [--clients 10] [--db pglite|postgres|both]
 *
 * --scale 1 is the catalogue bench's 10k tools, 50k versions and 1k bundles. Bounded: every scenario runs for
 * --seconds. Loopback only.
 */
import { parseArgs } from 'node:util';
import { formatRangeHeader } from '@portal/resources';
import { fillCatalogue } from './catalogue-fill.js';
import { BENCH_PAGE, catalogueSizeAt } from './fill.js';
import { measure, type Figures } from './measure.js';
import { onDatabases, printTable, startBenchPortal } from './portal.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    seconds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite' },
  },
});
const SCALE = Number(args.scale);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
if (!(SCALE > 0 && SCALE <= 1) || !(SECONDS > 0 && SECONDS <= 60) || !(CLIENTS >= 1 && CLIENTS <= 100)) {
  throw new Error('--scale in (0, 1], --seconds in (0, 60], --clients in [1, 100]');
}
const size = catalogueSizeAt(SCALE);

async function benchOne(databaseUrl?: string) {
  const portal = await startBenchPortal(databaseUrl);
  const { base } = portal;
  await fillCatalogue(portal.database.db, size);
  await portal.listen();
  try {
    const list = { range: formatRangeHeader('catalogue', 0, BENCH_PAGE.catalogue) };
    const targets: [string, string, Record<string, string>][] = [
      ['list, first page', `${base}/api/v1/catalogue`, list],
      ['tool page', `${base}/api/v1/catalogue/tools/bench-tool-7`, {}],
      ['sitemap.xml', `${base}/sitemap.xml`, {}],
    ];
    const scenarios: [string, () => Promise<Response>][] = [
      ['baseline /healthz', () => fetch(`${base}/healthz`)],
    ];
    for (const [name, url, headers] of targets) {
      const first = await fetch(url, { headers });
      await first.arrayBuffer();
      const tag = first.headers.get('etag');
      if (first.status !== 200 || !tag) throw new Error(`${name}: ${first.status} without an ETag`);
      scenarios.push([`${name}, 200`, () => fetch(url, { headers })]);
      scenarios.push([`${name}, 304`, () => fetch(url, { headers: { ...headers, 'if-none-match': tag } })]);
    }
    const results: [string, Figures][] = [];
    for (const [name, send] of scenarios) {
      results.push([name, await measure(send, { clients: CLIENTS, seconds: SECONDS })]);
    }
    return results;
  } finally {
    await portal.close();
  }
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

const rows: string[][] = [];
await onDatabases({ db: args.db }, async (kind, database) => {
  console.log(
    `… ${kind}: ${size.tools} tools, ${size.tools * size.versionsPerTool} versions, ${size.bundles} bundles`,
  );
  for (const [name, figures] of await benchOne(await database('bench_public_cache'))) {
    rows.push([
      kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      name,
      fmt(figures.p50),
      fmt(figures.p99),
      fmt(figures.rps, 0),
      String(figures.errors),
    ]);
  }
});
console.log(`\n${CLIENTS} concurrent clients, ${SECONDS} s per scenario, loopback HTTP; latency in ms\n`);
printTable(['database', 'scenario', 'p50', 'p99', 'req/s', 'errors'], rows);
process.exit(0);
