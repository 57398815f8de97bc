/**
 * The portal against the minimal server (issue 24 point 1): on one PostgreSQL database filled as the projects and
 * catalogue benchmarks fill it, the admin project list, project detail, catalogue list, catalogue search, the two
 * history lists and the customers' own project lists, each measured on the portal and on the minimal server (bench/minimal-server.ts: the
 * same SQL, the same JSON) in turn — portal, minimal, portal, minimal — at each number of connections. Both
 * servers run in this process and the clients in a process of their own, so this process's CPU time per request is
 * the server's under load (only one is loaded at a time). Loopback only; bounded by --seconds per measurement.
 *
 *   pnpm --filter @portal/server bench:versus [--scale 1] [--seconds 5] [--connections 10,50] [--json <file>]
 *     [--cluster-url <postgresql://…/postgres>]
 *
 * --scale 1 is the 1M data set (100k projects, 10k tools, 1M audit records); the scoped customers see 0.05 %, 5 %
 * and 50 % of the projects (50, 5,000 and 50,000 at full size). Before measuring, every scenario's answers are compared byte for byte: a difference stops the run.
 */
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ESTIMATED_TOTAL_HEADER } from '../src/crud/list-total.js';
import type { BenchRun, ScenarioFigures } from '../../scripts/bench/types.js';
import { WORDS, fillCatalogue } from './catalogue-fill.js';
import {
  addScopedCustomers,
  auditRecordsAt,
  catalogueSizeAt,
  fillAuditLog,
  fillProjects,
  projectsSizeAt,
  SCOPE_SHARES,
} from './fill.js';
import { measureInProcess, type Figures, type RequestSpec, type Wire } from './measure.js';
import { RssSampler, writeBenchJson } from './bare.js';
import { benchCallers, onDatabases, printTable, startBenchPortal } from './portal.js';
import { VERSUS_HEADER, versusCells } from './versus-table.js';
import {
  STANDS_FOR,
  scenarioIn,
  startBaseline,
  type BaselineInputs,
  type BaselineScenario,
  type PerScenario,
} from './baseline.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10,50' },
    // `pnpm bench` passes its own --db, --clients: this bench is PostgreSQL only and takes --connections.
    db: { type: 'string', default: 'postgres' },
    clients: { type: 'string' },
    json: { type: 'string' },
    'cluster-url': { type: 'string' },
    // What the clients ask for: `browser` (Accept-Encoding as Chromium sends it: the goal is judged on this one),
    // `identity` (uncompressed answers), or both, comma-separated; the first is the one `pnpm bench`'s report uses.
    encodings: { type: 'string', default: 'browser' },
    // Scenario names separated by commas without a space (names hold ", "), e.g. `catalogue list,catalogue list,
    // middle page`: only those are measured, in that order.
    only: { type: 'string' },
    // A folder: each measurement's CPU profile of this process (the loaded server) is written there as
    // `<scenario>-<connections>-<server>-<round>.cpuprofile` (Chrome DevTools, or `profile-top.ts`).
    profile: { type: 'string' },
  },
});
const SCALE = Number(args.scale);
const SECONDS = Number(args.seconds);
const CONNECTIONS = args.connections.split(',').map(Number);
if (
  !(SCALE > 0 && SCALE <= 1) ||
  !(SECONDS > 0 && SECONDS <= 60) ||
  !CONNECTIONS.every((n) => Number.isInteger(n) && n >= 1 && n <= 100)
) {
  throw new Error('--scale in (0, 1], --seconds in (0, 60], --connections each in [1, 100]');
}
if (args.db !== 'postgres') throw new Error('the minimal server runs on PostgreSQL only (--db postgres)');

const ALL_SCENARIOS = Object.keys(STANDS_FOR) as BaselineScenario[];
const SCENARIOS = args.only
  ? (args.only.split(/,(?! )/).map((name) => name.trim()) as BaselineScenario[])
  : ALL_SCENARIOS;
const unknown = SCENARIOS.filter((name) => !ALL_SCENARIOS.includes(name));
if (unknown.length)
  throw new Error(`--only: no scenario ${unknown.join(', ')} (${ALL_SCENARIOS.join(', ')})`);

/** Runs `measure` under the inspector's CPU profiler when --profile names a folder (the profile: `<name>.cpuprofile`). */
async function profiled<T>(name: string, measure: () => Promise<T>): Promise<T> {
  if (!args.profile) return measure();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(args.profile, { recursive: true });
    writeFileSync(
      path.join(args.profile, `${name.replaceAll(' ', '-')}.cpuprofile`),
      JSON.stringify(profile),
    );
    session.disconnect();
  }
}

/** Accept-Encoding by name: what Chromium sends on fetch/XHR, and no compression. */
const ACCEPT_ENCODING = { browser: 'gzip, deflate, br, zstd', identity: 'identity' } as const;
type Encoding = keyof typeof ACCEPT_ENCODING;
const ENCODINGS = args.encodings.split(',').map((name) => name.trim()) as Encoding[];
if (!ENCODINGS.length || !ENCODINGS.every((name) => name in ACCEPT_ENCODING)) {
  throw new Error(`--encodings: some of ${Object.keys(ACCEPT_ENCODING).join(', ')}`);
}

const ROUNDS = 2;

type Measured = Figures & Wire & { cpuMsPerRequest: number };

interface Pair {
  scenario: BaselineScenario;
  connections: number;
  encoding: Encoding;
  portal: Measured;
  minimal: Measured;
}

/** The mean of the rounds' figures (their requests and errors summed). */
function meanOf(rounds: Measured[]): Measured {
  const mean = (pick: (f: Measured) => number) => rounds.reduce((sum, f) => sum + pick(f), 0) / rounds.length;
  return {
    p50: mean((f) => f.p50),
    p99: mean((f) => f.p99),
    rps: mean((f) => f.rps),
    count: rounds.reduce((sum, f) => sum + f.count, 0),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    cpuMsPerRequest: mean((f) => f.cpuMsPerRequest),
    compressedShare: mean((f) => f.compressedShare),
    bytesPerAnswer: mean((f) => f.bytesPerAnswer),
  };
}

async function main() {
  const sampler = new RssSampler();
  let measured = false;
  await onDatabases({ db: 'postgres', clusterUrl: args['cluster-url'] }, async (_kind, database) => {
    const url = (await database('bench_versus'))!;
    measured = true;
    const portal = await startBenchPortal(url);
    const size = projectsSizeAt(SCALE);
    const catalogueSize = catalogueSizeAt(SCALE);
    try {
      const filling = performance.now();
      const { db } = portal.database;
      console.log(`… PostgreSQL: ${size.projects} projects, ${catalogueSize.tools} tools`);
      await fillProjects(db, size);
      await fillCatalogue(db, catalogueSize);
      await fillAuditLog(db, size, auditRecordsAt(SCALE));
      await addScopedCustomers(db);
      const fillSeconds = (performance.now() - filling) / 1000;
      await portal.listen();
      const ids = (await db.execute(
        sql`select id from projects order by random() limit 1000`,
      )) as unknown as {
        rows: { id: string }[];
      };
      // A whole word, a prefix and two words, as the catalogue benchmark searches.
      const words = WORDS.flatMap((word, i) => {
        const w = word.toLowerCase();
        return [w, w.slice(0, 3), `${w} ${WORDS[(i * 7 + 3) % WORDS.length]!.toLowerCase()}`];
      });
      const inputs: BaselineInputs = {
        ...(await benchCallers(db, portal.base)),
        projectIds: ids.rows.map((row) => row.id),
        words,
      };
      const minimal = await startBaseline({
        db,
        databaseUrl: url,
        portalUrl: portal.base,
        config: portal.config,
        inputs,
      });
      try {
        // An access token lasts 15 minutes and a run at 1M measures for longer: the callers' tokens are fetched again
        // after 10 (the requests read them from `inputs`; the minimal server's routes go by the token's client).
        let tokensFrom = Date.now();
        const requestsNow = async () => {
          if (Date.now() - tokensFrom > 10 * 60_000) {
            Object.assign(inputs, await benchCallers(db, portal.base));
            tokensFrom = Date.now();
          }
          return [minimal.requests(portal.base), minimal.requests(minimal.url)] as const;
        };
        const [toPortal, toMinimal] = await requestsNow();
        await sameAnswers(toPortal, toMinimal);
        sampler.start();
        const pairs: Pair[] = [];
        const asking = (spec: RequestSpec, encoding: Encoding): RequestSpec => ({
          ...spec,
          headers: { ...spec.headers, 'accept-encoding': ACCEPT_ENCODING[encoding] },
        });
        const measured = SCENARIOS.filter((name) => name in toPortal);
        // Every scenario warms both servers (compiled code, prepared statements, the database's pages) before any is
        // measured: otherwise the first scenario measured paid for it (a page at 0.70 of the minimal server's
        // throughput measured first in a run, 0.90 measured again later in that run).
        for (const scenario of measured) {
          for (const specs of [toPortal, toMinimal]) {
            await measureInProcess(asking(scenarioIn(specs, scenario), ENCODINGS[0]!), {
              clients: CONNECTIONS[0]!,
              seconds: 1,
            });
          }
        }
        for (const encoding of ENCODINGS) {
          for (const connections of CONNECTIONS) {
            for (const scenario of measured) {
              const rounds = { portal: [] as Measured[], minimal: [] as Measured[] };
              const [portalSpec, minimalSpec] = (await requestsNow()).map((specs) =>
                asking(scenarioIn(specs, scenario), encoding),
              );
              for (let round = 0; round < ROUNDS; round += 1) {
                const options = { clients: connections, seconds: SECONDS };
                const as = (server: string) =>
                  `${scenario}-${encoding}-${connections}-${server}-${round + 1}`;
                rounds.portal.push(
                  await profiled(as('portal'), () => measureInProcess(portalSpec!, options)),
                );
                rounds.minimal.push(
                  await profiled(as('minimal'), () => measureInProcess(minimalSpec!, options)),
                );
              }
              const pair = {
                scenario,
                connections,
                encoding,
                portal: meanOf(rounds.portal),
                minimal: meanOf(rounds.minimal),
              };
              console.log(`  ${scenario}, ${connections} connections, ${encoding}: ${ratioText(pair)}`);
              pairs.push(pair);
            }
          }
        }
        report(pairs, {
          serialNumbers: size.serialNumbers,
          data: `${size.projects} projects, ${size.serialNumbers} serial numbers, ${catalogueSize.tools} tools, ${auditRecordsAt(SCALE)} audit records; the customers see ${SCOPE_SHARES.map((share) => `${share * 100} %`).join(', ')} of the projects`,
          fillSeconds,
          peakRssMb: sampler.stop(),
        });
      } finally {
        await minimal.close();
      }
    } finally {
      sampler.stop();
      await portal.close();
    }
  });
  if (!measured) throw new Error('No PostgreSQL server binaries (PG_BIN) and no --cluster-url');
}

/** Stops the run when the two servers answer any request differently (then the comparison would be unfair). */
async function sameAnswers(toPortal: PerScenario<RequestSpec>, toMinimal: PerScenario<RequestSpec>) {
  for (const scenario of Object.keys(toPortal) as BaselineScenario[]) {
    const [a, b] = [toPortal, toMinimal].map((specs) => scenarioIn(specs, scenario)) as [
      RequestSpec,
      RequestSpec,
    ];
    for (const [index, url] of a.urls.slice(0, 5).entries()) {
      const [one, two] = await Promise.all([
        fetch(url, { headers: a.headers }),
        fetch(b.urls[index]!, { headers: b.headers }),
      ]);
      const [x, y] = await Promise.all([one.text(), two.text()]);
      // An estimated total is the planner's guess at the moment it was asked (statistics change as autovacuum
      // analyses the fresh data): the range is compared without it.
      const estimated = one.headers.get(ESTIMATED_TOTAL_HEADER) === 'true';
      const range = (answer: Response) =>
        estimated
          ? answer.headers.get('content-range')?.replace(/\/\d+$/, '/~')
          : answer.headers.get('content-range');
      const differs =
        one.status !== 200
          ? `status ${one.status}`
          : x !== y
            ? 'body'
            : range(one) !== range(two)
              ? `Content-Range ${one.headers.get('content-range')} vs ${two.headers.get('content-range')}`
              : null;
      if (differs) {
        throw new Error(
          `${scenario}: the minimal server's answer differs from the portal's (${url}): ${differs}`,
        );
      }
    }
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
/** How the answers came: their share compressed and mean size as sent. */
const wireText = (side: Wire) =>
  `${fmt(side.compressedShare * 100, 0)} % compressed, ${fmt(side.bytesPerAnswer / 1024)} kB`;
const ratioText = (pair: Pair) =>
  `${fmt(pair.portal.rps / pair.minimal.rps, 2)} of the minimal server's req/s (${fmt(pair.portal.rps, 0)} / ${fmt(pair.minimal.rps, 0)}), p99 ${fmt(pair.portal.p99 / pair.minimal.p99, 2)}×; portal ${wireText(pair.portal)}, minimal ${wireText(pair.minimal)}`;

function report(pairs: Pair[], run: Omit<BenchRun, 'database' | 'scenarios'>) {
  // The first encoding's rows keep the scenario names `pnpm bench`'s report looks up; the others are named by it.
  const name = (pair: Pair) =>
    `${pair.scenario}, ${pair.connections} connections${pair.encoding === ENCODINGS[0] ? '' : ` (${pair.encoding})`}`;
  if (args.json) {
    writeBenchJson(args.json, {
      bench: 'versus',
      clients: Math.min(...CONNECTIONS),
      seconds: SECONDS,
      runs: [
        {
          ...run,
          database: 'postgres',
          scenarios: pairs.flatMap((pair): ScenarioFigures[] => [
            {
              name: name(pair),
              kind: pair.scenario.includes('detail') ? 'call' : 'list',
              clientsIn: 'process',
              connections: pair.connections,
              ...pair.portal,
              ceiling: `${name(pair)}: minimal server`,
              ...(pair.encoding === ENCODINGS[0] ? { standsFor: STANDS_FOR[pair.scenario] } : {}),
            },
            {
              name: `${name(pair)}: minimal server`,
              kind: 'baseline',
              clientsIn: 'process',
              connections: pair.connections,
              ...pair.minimal,
            },
          ]),
        },
      ],
    });
  }
  console.log(
    `\nPortal against the minimal server (same SQL, same JSON), PostgreSQL, ${run.data}; ${SECONDS} s per measurement, ` +
      `portal and minimal alternating twice (the mean counts); CPU: this process's time per request; load ${fmt(os.loadavg()[0]!)} (${os.cpus().length} CPUs)\n`,
  );
  for (const encoding of ENCODINGS) {
    console.log(
      `\nAccept-Encoding: ${ACCEPT_ENCODING[encoding]}${encoding === ENCODINGS[0] ? ' (the goal is judged on this one)' : ''}`,
    );
    const own = pairs.filter((pair) => pair.encoding === encoding);
    const rows = own.map((pair) => [
      ...versusCells(pair.scenario, pair.connections, pair.portal, pair.minimal),
      wireText(pair.portal),
    ]);
    printTable([...VERSUS_HEADER, 'portal answers'], rows);
  }
}

await main();
process.exit(0);
