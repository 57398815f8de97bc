/**
 * `pnpm bench` (issue 12): builds both apps, runs the API, memory, front-end, build and start benchmarks and writes
 * one report. Its steps, options and decisions: scripts/bench/README.md ("How it works").
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import * as prettier from 'prettier';
import {
  findPostgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../../server/src/ops/postgres-cluster.js';
import { API_BENCHES, runChild, stopChildren, type ChildResult } from './api.js';
import { benchCliStart } from './cli-start.js';
import { buildApps, buildTable, measureStarts, readLastRun, type BuildFigures } from './build-times.js';
import { ENTRY_ROUTES } from './budgets.js';
import { entryRouteScripts, legacyBuildSizes, type RouteScripts } from './bundles.js';
import { writeChartPng } from './chart.js';
import { CPU_SLOWDOWN, MIN_LOADS, launchChromium, measureRoutes } from './front.js';
import { probeServerMemory, type MemoryProbe } from './memory.js';
import { startPortalServer } from './portal-server.js';
import {
  apiTable,
  evaluateGoals,
  frontTable,
  goalsTable,
  versusTable,
  VERSUS,
  growthOf,
  machineLine,
  markdown,
  onceTable,
  sizeLabel,
  type ApiRow,
  type FrontRow,
  type MemoryRow,
  type Report,
} from './report.js';
import type { DatabaseKind, ScenarioFigures } from './types.js';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10k,100k' },
    full: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    loads: { type: 'string', default: String(MIN_LOADS) },
    // Times the pages on a busy machine all the same, marked and not judged: to check the measurement works.
    'allow-busy': { type: 'boolean', default: false },
    // A bound for a child that hangs, above what bench:versus at 1M needs (README, "Timeouts").
    'child-timeout': { type: 'string', default: '1800' },
    'static-dir': { type: 'string' },
    skip: { type: 'string', multiple: true, default: [] },
    benches: { type: 'string', default: API_BENCHES.map((bench) => bench.name).join(',') },
    out: { type: 'string', default: path.join(root, 'scripts/bench/reports') },
    // Only the build and start times (each app's build, a fresh clone's first and second `pnpm start`).
    build: { type: 'boolean', default: false },
  },
});

const parseSize = (text: string) => {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const n = match ? Number(match[1]) * ({ k: 1e3, m: 1e6 }[match[2]!.toLowerCase()] ?? 1) : NaN;
  if (!(n >= 1000 && n <= 1_000_000)) throw new Error(`--sizes: ${text} is not a size from 1k to 1M`);
  return n;
};
const sizes = [...new Set([...args.sizes.split(',').map(parseSize), ...(args.full ? [1_000_000] : [])])].sort(
  (a, b) => a - b,
);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const LOADS = Number(args.loads);
if (
  !(SECONDS > 0 && SECONDS <= 60) ||
  !(CLIENTS >= 1 && CLIENTS <= 100) ||
  !(LOADS >= MIN_LOADS && LOADS <= 15)
) {
  throw new Error(`--seconds in (0, 60], --clients in [1, 100], --loads in [${MIN_LOADS}, 15]`);
}
if (!['both', 'pglite', 'postgres'].includes(args.db)) throw new Error('--db both, pglite or postgres');
const CHILD_TIMEOUT = Number(args['child-timeout']);
if (!(CHILD_TIMEOUT >= 10)) throw new Error('--child-timeout: seconds, at least 10');
const skip = new Set(args.skip);
const benches = API_BENCHES.filter((bench) => args.benches.split(',').includes(bench.name));

const started = new Date();
const stamp = started.toISOString().slice(0, 19).replace(/[:T]/g, '-');
const outDir = path.resolve(args.out, stamp);
const logDir = path.join(outDir, 'logs');
fs.mkdirSync(logDir, { recursive: true });
const elapsed = () => `${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min`;
const log = (line: string) => console.log(line);

function git(...gitArgs: string[]): string {
  try {
    return execFileSync('git', gitArgs, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

function osName(): string {
  try {
    const release = fs.readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? `${os.type()} ${os.release()}`;
  } catch {
    return `${os.type()} ${os.release()}`;
  }
}

const BUILD_LATEST = path.resolve(args.out, 'build-latest.json');
const commitLabel = () =>
  `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain') ? ' with local changes' : ''}`;

/**
 * The build and start section (issue 43): the apps' build times measured by the caller, then a fresh clone's first
 * and second `pnpm start` (`--skip start` leaves those out). Printed beside the last run; this run becomes the last.
 */
async function buildAndStart(
  appBuildSeconds: BuildFigures['appBuildSeconds'],
  loadAtStart: number,
): Promise<BuildFigures> {
  let start: BuildFigures['start'] = null;
  let startError: string | undefined;
  if (!skip.has('start')) {
    log('… a fresh clone of HEAD: pnpm install, pnpm start, then pnpm start again');
    try {
      start = await measureStarts(root, logDir);
    } catch (error) {
      startError = (error as Error).message.split('\n')[0];
      log(`  start times failed: ${startError}`);
    }
  }
  const figures: BuildFigures = {
    measuredAt: new Date().toISOString(),
    commit: commitLabel(),
    cores: os.availableParallelism(),
    loadAtStart,
    loadAtEnd: os.loadavg()[0]!,
    appBuildSeconds,
    start,
    ...(startError ? { startError } : {}),
  };
  log(`\n${buildTable(figures, readLastRun(BUILD_LATEST))}\n`);
  await writeFormatted(path.join(outDir, 'build.json'), JSON.stringify(figures, null, 2));
  fs.copyFileSync(path.join(outDir, 'build.json'), BUILD_LATEST);
  return figures;
}

/** `--build`: only the apps' build times and the start times. */
async function buildOnly(loadAtStart: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'));
  try {
    log('… building both apps for production');
    await buildAndStart(buildApps(root, dir, logDir), loadAtStart);
    log(`Figures: ${path.join(outDir, 'build.json')} (also ${BUILD_LATEST}). ${elapsed()}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a report file as `pnpm format` would leave it, so the committed latest.* pass `pnpm lint`. */
async function writeFormatted(file: string, text: string) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

async function runApi(databases: DatabaseKind[], binDir: string | null, staticDir: string) {
  const results: ChildResult[] = [];
  let serverMemory: MemoryProbe | null = null;
  const bare: ScenarioFigures[] = [];
  const runBare = async (when: string) => {
    const result = await runChild(
      root,
      { name: 'bare', script: 'server/bench/bare.ts' },
      ['--seconds', String(SECONDS), '--clients', String(CLIENTS)],
      path.join(logDir, `bare-${when}.json`),
      path.join(logDir, `bare-${when}.log`),
      { database: 'none', serialNumbers: 0 },
      CHILD_TIMEOUT,
    );
    const scenarios = result.runs[0]?.scenarios ?? [];
    bare.push(...scenarios.map((figures) => ({ ...figures, name: `${figures.name} (${when})` })));
    log(
      scenarios.length > 0
        ? scenarios
            .map((f) => `  ${f.name} (${when}): ${f.rps.toFixed(0)} req/s, p99 ${f.p99.toFixed(1)} ms`)
            .join('\n')
        : `  bare route (${when}) failed: ${result.error}`,
    );
  };

  let cluster: PostgresCluster | null = null;
  try {
    if (databases.includes('postgres') && binDir) cluster = await startPostgresCluster(binDir);
    await runBare('before');
    for (const bench of benches.filter((b) => b.once)) {
      const result = await runChild(
        root,
        bench,
        bench.once!.args,
        path.join(logDir, `${bench.name}.json`),
        path.join(logDir, `${bench.name}.log`),
        { database: 'pglite', serialNumbers: 0 },
        CHILD_TIMEOUT,
      );
      results.push(result);
      log(
        result.error
          ? `  ${bench.name}: no figures (${result.error.split('\n')[0]})`
          : `  ${bench.name}: ${result.seconds.toFixed(0)} s  [${elapsed()}]`,
      );
    }
    for (const size of sizes) {
      for (const bench of benches.filter((b) => !b.once)) {
        for (const database of databases) {
          if (database === 'postgres' && !cluster) continue;
          if (bench.largestOnPostgres && (database !== 'postgres' || size !== Math.max(...sizes))) continue;
          const name = `${bench.name}-${database}-${sizeLabel(size)}`;
          const childArgs = [
            ...bench.sizeArgs(size),
            '--db',
            database,
            '--seconds',
            String(SECONDS),
            '--clients',
            String(CLIENTS),
            ...(database === 'postgres' ? ['--cluster-url', cluster!.url] : []),
          ];
          const result = await runChild(
            root,
            bench,
            childArgs,
            path.join(logDir, `${name}.json`),
            path.join(logDir, `${name}.log`),
            { database, serialNumbers: size },
            CHILD_TIMEOUT,
          );
          results.push(result);
          log(
            result.error
              ? `  ${name}: no figures (${result.error.split('\n')[0]})`
              : `  ${name}: ${result.seconds.toFixed(0)} s, peak ${Math.max(...result.runs.map((r) => r.peakRssMb)).toFixed(0)} MB  [${elapsed()}]`,
          );
        }
      }
    }
    await runBare('after');
    if (cluster && !skip.has('memory')) {
      const largest = sizes.at(-1)!;
      log(
        `… server memory: the portal server on PostgreSQL with ${sizeLabel(largest)} serial numbers under load`,
      );
      try {
        serverMemory = await probeServerMemory({
          root,
          staticDir,
          clusterUrl: cluster.url,
          serialNumbers: largest,
          clients: CLIENTS,
          seconds: Math.max(10, SECONDS * 3),
        });
        log(
          `  peak ${serverMemory.peakRssMb} MB (at rest ${serverMemory.idleRssMb} MB), ${serverMemory.load.rps.toFixed(0)} req/s, ${serverMemory.load.errors} errors  [${elapsed()}]`,
        );
      } catch (error) {
        log(`  server memory failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await cluster?.stop();
  }
  return { results, bare, serverMemory };
}

async function main() {
  const databases: DatabaseKind[] = args.db === 'both' ? ['pglite', 'postgres'] : [args.db as DatabaseKind];
  const binDir = databases.includes('postgres') ? findPostgresBinaries() : null;
  if (databases.includes('postgres') && !binDir)
    log('No PostgreSQL server binaries (PG_BIN, /usr/lib/postgresql/*/bin): PGlite only.');
  let postgresVersion: string | null = null;
  if (binDir) {
    try {
      postgresVersion = execFileSync(path.join(binDir, 'postgres'), ['--version'], {
        encoding: 'utf8',
      }).trim();
    } catch {
      postgresVersion = 'PostgreSQL (version unknown)';
    }
  }

  log(
    `pnpm bench: sizes ${sizes.map(sizeLabel).join(', ')}, ${databases.join(' and ')}, ${CLIENTS} clients, ${SECONDS} s per scenario; report in ${outDir}`,
  );
  const loadAtStart = os.loadavg()[0]!;
  if (args.build) return buildOnly(loadAtStart);

  let staticDir = args['static-dir'] ? path.resolve(args['static-dir']) : null;
  const builtDir = staticDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-static-'));
  let browser: Browser | null = null;
  let appBuildSeconds: BuildFigures['appBuildSeconds'] = {};
  try {
    if (builtDir) {
      log('… building both apps for production');
      appBuildSeconds = buildApps(root, builtDir, logDir);
      staticDir = builtDir;
    }

    const budgets: RouteScripts[] = [];
    for (const route of ENTRY_ROUTES) {
      try {
        budgets.push(...entryRouteScripts(staticDir!, [route]));
      } catch (error) {
        log(`  build-only budget check: ${(error as Error).message}`);
      }
    }

    const api: ApiRow[] = [];
    const memory: MemoryRow[] = [];
    const apiFailures: Report['apiFailures'] = [];
    let bare: Report['bare'] = null;
    let serverMemory: MemoryProbe | null = null;
    if (!skip.has('api')) {
      log('… API benchmarks');
      const { results, bare: bareRuns, serverMemory: probe } = await runApi(databases, binDir, staticDir!);
      serverMemory = probe;
      // The better of before and after, per way of running the clients.
      const best = (where: 'loop' | 'worker') =>
        Math.max(...bareRuns.filter((run) => (run.clientsIn ?? 'loop') === where).map((run) => run.rps));
      if (bareRuns.length > 0)
        bare = { runs: bareRuns, ceilingRps: best('loop'), workerCeilingRps: best('worker') };
      for (const result of results) {
        if (result.error) {
          apiFailures.push({
            bench: result.bench,
            database: result.database,
            serialNumbers: result.serialNumbers,
            error: result.error,
          });
        }
        for (const run of result.runs) {
          if (run.database === 'none') continue;
          if (Number.isFinite(run.peakRssMb))
            memory.push({
              bench: result.bench,
              database: run.database,
              serialNumbers: run.serialNumbers,
              peakRssMb: run.peakRssMb,
            });
          for (const scenario of run.scenarios) {
            const ceiling = scenario.ceiling
              ? run.scenarios.find((other) => other.name === scenario.ceiling)?.rps
              : scenario.clientsIn === 'worker'
                ? bare?.workerCeilingRps
                : bare?.ceilingRps;
            api.push({
              bench: result.bench,
              scenario: scenario.name,
              kind: scenario.kind,
              database: run.database,
              serialNumbers: run.serialNumbers,
              data: run.data,
              p50: scenario.p50,
              p99: scenario.p99,
              rps: scenario.rps,
              errors: scenario.errors,
              shareOfBare: ceiling ? scenario.rps / ceiling : NaN,
              ...(scenario.p99Goal !== undefined ? { p99Goal: scenario.p99Goal } : {}),
              ...(scenario.ceiling ? { ceiling: scenario.ceiling } : {}),
              ...(scenario.note ? { note: scenario.note } : {}),
              ...(scenario.clientsIn ? { clientsIn: scenario.clientsIn } : {}),
              ...(scenario.connections ? { connections: scenario.connections } : {}),
              ...(scenario.cpuMsPerRequest !== undefined
                ? { cpuMsPerRequest: scenario.cpuMsPerRequest }
                : {}),
              ...(scenario.standsFor ? { standsFor: scenario.standsFor } : {}),
            });
          }
        }
      }
    }

    browser = await launchChromium();
    const front: FrontRow[] = [];
    let frontError: string | undefined;
    if (!skip.has('front')) {
      log(`… front end in Chromium ${browser.version()}, CPU ${CPU_SLOWDOWN}× slower`);
      const server = await startPortalServer(root, staticDir!);
      try {
        const figures = await measureRoutes(browser, server.baseUrl, ENTRY_ROUTES, LOADS, log, {
          allowBusy: args['allow-busy'],
        });
        for (const figure of figures) {
          const route = ENTRY_ROUTES.find((r) => r.name === figure.route)!;
          const model = budgets.find((b) => b.route === figure.route);
          const loaded = figure.scripts.map((script) => script.path);
          front.push({
            ...figure,
            maxScriptGzip: route.maxScriptGzip,
            ...(route.maxLcpMs !== undefined ? { maxLcpMs: route.maxLcpMs } : {}),
            ...(route.maxTbtMs !== undefined ? { maxTbtMs: route.maxTbtMs } : {}),
            staticGzip: model?.gzip ?? null,
            onlyInBrowser: model ? loaded.filter((file) => !model.files.includes(file)) : [],
            onlyInModel: model ? model.files.filter((file) => !loaded.includes(file)) : [],
          });
        }
      } catch (error) {
        frontError = (error as Error).message.split('\n')[0];
        log(`  front end failed: ${frontError}`);
      } finally {
        await server.stop();
      }
    }

    const build = skip.has('build') ? null : await buildAndStart(appBuildSeconds, loadAtStart);
    const growth = growthOf(api);
    const report: Report = {
      startedAt: started.toISOString(),
      durationSeconds: (Date.now() - started.getTime()) / 1000,
      command: `pnpm bench ${process.argv.slice(2).join(' ')}`.trim(),
      commit: commitLabel(),
      machine: {
        cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
        cores: os.availableParallelism(),
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        os: osName(),
        node: process.versions.node,
        postgres: postgresVersion,
        chromium: browser.version(),
        loadAtStart,
        loadAtEnd: os.loadavg()[0]!,
      },
      options: {
        sizes,
        seconds: SECONDS,
        clients: CLIENTS,
        databases,
        loads: LOADS,
        cpuSlowdown: CPU_SLOWDOWN,
      },
      bare,
      api,
      apiFailures,
      memory,
      serverMemory,
      growth,
      front,
      ...(frontError ? { frontError } : {}),
      legacy: legacyBuildSizes(staticDir!),
      ...(build ? { build } : {}),
      goals: evaluateGoals(api, serverMemory, memory, growth, front, ENTRY_ROUTES),
    };

    await writeFormatted(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2));
    await writeFormatted(path.join(outDir, 'report.md'), markdown(report));
    await writeChartPng(browser, report, path.join(outDir, 'chart.png'));
    for (const [from, to] of [
      ['report.json', 'latest.json'],
      ['report.md', 'latest.md'],
      ['chart.png', 'latest.png'],
    ] as const) {
      fs.copyFileSync(path.join(outDir, from), path.resolve(args.out, to));
    }

    log(`\nMachine: ${machineLine(report)}\n`);
    if (!skip.has('cli')) log(`${benchCliStart(root, outDir, path.resolve(args.out))}\n`);
    if (report.api.some((row) => row.serialNumbers > 0)) log(`${apiTable(report)}\n`);
    if (report.api.some((row) => row.bench === VERSUS)) log(`${versusTable(report)}\n`);
    if (report.api.some((row) => row.serialNumbers === 0)) log(`${onceTable(report)}\n`);
    if (report.front.length > 0) log(`${frontTable(report)}\n`);
    log(`${goalsTable(report)}\n`);
    const missed = report.goals.filter((goal) => !goal.met).length;
    log(
      `${report.goals.length - missed} goals met, ${missed} missed. Report: ${path.join(outDir, 'report.md')}, chart.png, report.json (also ${path.resolve(args.out)}/latest.*). ${elapsed()}`,
    );
  } finally {
    await browser?.close();
    if (builtDir) fs.rmSync(builtDir, { recursive: true, force: true });
  }
}

// Ctrl-C: the benchmarks run in their own process groups, so they are stopped here.
process.on('SIGINT', () => {
  stopChildren();
  process.exit(130);
});

await main();
process.exit(0);
