import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { VERSUS } from './report.js';
import type { BenchOutput, BenchRun, DatabaseKind } from './types.js';

/** A server benchmark `pnpm bench` runs once per database and data set size, with `--json`. */
export interface ApiBench {
  name: string;
  /** Its script, from the repository root. */
  script: string;
  /** Its size arguments for a data set of `serialNumbers` serial numbers (10k, 100k, 1M). */
  sizeArgs(serialNumbers: number): string[];
  /**
   * Run once, not per database and size (it needs no data set), with these arguments; it writes its own JSON,
   * which `convert` turns into runs.
   */
  once?: { args: string[]; convert(raw: unknown): BenchRun[] };
  /** Runs on PostgreSQL only, at the largest data set of the run only (the minimal-server comparison). */
  largestOnPostgres?: boolean;
}

/** What server/bench/uploads.ts writes with --json. */
interface UploadsJson {
  fileBytes: number;
  parallel: number;
  results: {
    label: string;
    rounds: { seconds: number; throughputMBps: number; rssGrowthMB: number }[];
  }[];
}

/**
 * Upload streaming (issue 6): each scenario is rounds of `parallel` uploads at once, so its "latency" is the time of
 * a round (p50 the median round, p99 the slowest) and its rate uploads per second; the first scenario, a route that
 * only drains the body, is the ceiling of the others. In-memory PGlite; the data set does not matter.
 */
function convertUploads(raw: unknown): BenchRun[] {
  const output = raw as UploadsJson;
  const [drain] = output.results;
  const mb = (output.fileBytes / 1024 / 1024).toFixed(0);
  return [
    {
      database: 'pglite',
      serialNumbers: 0,
      data: `${output.parallel} × ${mb} MB at once`,
      fillSeconds: 0,
      peakRssMb: NaN,
      scenarios: output.results.map((result, index) => {
        const rounds = result.rounds.map((round) => round.seconds * 1000).sort((a, b) => a - b);
        const best = Math.max(...result.rounds.map((round) => round.throughputMBps));
        const growth = Math.max(...result.rounds.map((round) => round.rssGrowthMB));
        return {
          name: `upload ${output.parallel} × ${mb} MB: ${result.label}`,
          kind: index === 0 ? 'baseline' : 'call',
          p50: rounds[Math.floor(rounds.length / 2)] ?? NaN,
          p99: rounds.at(-1) ?? NaN,
          rps: (output.parallel * 1000) / (rounds[0] ?? NaN),
          count: rounds.length * output.parallel,
          errors: 0,
          ...(index > 0 && drain ? { ceiling: `upload ${output.parallel} × ${mb} MB: ${drain.label}` } : {}),
          note: `${best.toFixed(0)} MB/s at best, server memory growth ${growth.toFixed(1)} MB at worst (issue 6: under 50 MB)`,
        };
      }),
    },
  ];
}

/** Every size is a fraction of the full data set of issue 5: 1M serial numbers, 100k projects, 10k boards. */
const scaleOf = (serialNumbers: number) => String(serialNumbers / 1_000_000);

export const API_BENCHES: ApiBench[] = [
  {
    name: 'projects',
    script: 'server/bench/projects.ts',
    sizeArgs: (serialNumbers) => ['--scale', scaleOf(serialNumbers), '--single'],
  },
  {
    name: 'catalogue',
    script: 'server/bench/catalogue.ts',
    // The catalogue's own full size (10k tools, 50k versions, 1k bundles) goes with the 1M data set.
    sizeArgs: (serialNumbers) => ['--scale', scaleOf(serialNumbers)],
  },
  {
    // The portal against the minimal server (issue 24): same SQL, same JSON, at 10 and 50 connections.
    name: VERSUS,
    script: 'server/bench/versus.ts',
    sizeArgs: (serialNumbers) => ['--scale', scaleOf(serialNumbers), '--connections', '10,50'],
    largestOnPostgres: true,
  },
  {
    name: 'uploads',
    script: 'server/bench/uploads.ts',
    sizeArgs: () => [],
    once: { args: ['--rounds', '3'], convert: convertUploads },
  },
];

/** The process groups of the benchmarks running now. */
const running = new Set<number>();

/** Stops every benchmark still running (the run was interrupted). */
export function stopChildren() {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export interface ChildResult {
  bench: string;
  database: DatabaseKind | 'none';
  serialNumbers: number;
  runs: BenchRun[];
  seconds: number;
  /** Why it gave no figures: it failed, or its script does not exist yet. */
  error?: string;
  log: string;
}

/**
 * Runs one benchmark script as its own Node process (so its memory figure is its own) and reads the JSON it wrote.
 * Its output goes to `logFile`; its error line becomes the error when it fails. Stopped after `timeoutSeconds`.
 */
export async function runChild(
  root: string,
  bench: { name: string; script: string; once?: ApiBench['once'] },
  args: string[],
  jsonFile: string,
  logFile: string,
  meta: { database: DatabaseKind | 'none'; serialNumbers: number },
  timeoutSeconds: number,
): Promise<ChildResult> {
  const started = Date.now();
  const base = { bench: bench.name, ...meta, runs: [] as BenchRun[], log: logFile };
  if (!fs.existsSync(path.join(root, bench.script))) {
    return { ...base, seconds: 0, error: `${bench.script} does not exist yet` };
  }
  fs.rmSync(jsonFile, { force: true });
  const log = fs.openSync(logFile, 'w');
  let timedOut = false;
  const code = await new Promise<number | null>((resolve) => {
    // Its own process group, so a benchmark that hangs goes with whatever it started (clients, a cluster).
    const child = spawn(process.execPath, ['--import', 'tsx', bench.script, ...args, '--json', jsonFile], {
      cwd: root,
      stdio: ['ignore', log, log],
      detached: true,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    running.add(child.pid!);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutSeconds * 1000);
    child.on('exit', (exitCode) => {
      running.delete(child.pid!);
      clearTimeout(timer);
      resolve(exitCode);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  fs.closeSync(log);
  if (timedOut) {
    return { ...base, seconds: (Date.now() - started) / 1000, error: `stopped after ${timeoutSeconds} s` };
  }
  const seconds = (Date.now() - started) / 1000;
  const raw: unknown = fs.existsSync(jsonFile) ? JSON.parse(fs.readFileSync(jsonFile, 'utf8')) : null;
  if (code !== 0 || raw === null) {
    // The error's own line (`TypeError [ERR_…]: …`) rather than the stack under it.
    const lines = fs.readFileSync(logFile, 'utf8').trim().split('\n');
    const message =
      lines.find((line) => /^\w*(Error|Exception)\b.*:/.test(line.trim())) ?? lines.at(-1) ?? '';
    return { ...base, seconds, error: `exit ${code}: ${message.trim()}` };
  }
  try {
    const runs = bench.once ? bench.once.convert(raw) : (raw as BenchOutput).runs;
    if (!Array.isArray(runs)) throw new Error('no runs');
    return { ...base, seconds, runs };
  } catch (error) {
    return { ...base, seconds, error: `its JSON was not understood: ${(error as Error).message}` };
  }
}
