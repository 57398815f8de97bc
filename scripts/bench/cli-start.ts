/**
 * The command line's start (issue 44): medians of `portal --help` of the bundled CLI beside a bare `node -e 0`,
 * timed alternately. Alone: `pnpm exec tsx scripts/bench/cli-start.ts [--rounds=15]`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The issue's goal for `portal --help`, wall-clock from spawn to exit. */
export const CLI_HELP_GOAL_MS = 300;
const LATEST = 'cli-start-latest.json';

export interface CliStart {
  measuredAt: string;
  rounds: number;
  /** Median wall-clock milliseconds of `node portal.mjs --help`. */
  helpMs: number;
  /** Median of `node -e 0`: what any Node program pays before its first line. */
  bareNodeMs: number;
  /** Median CPU time (user and system) of each: the figure a busy machine leaves comparable. */
  helpCpuMs: number;
  bareNodeCpuMs: number;
  tarballBytes: number;
  bundleBytes: number;
  loadAverage: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU milliseconds of this process's finished children (Linux: cutime and cstime of /proc/self/stat). */
function childrenCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of stat(5), counted from the state (field 3) here; clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function timeStart(args: string[]): { wallMs: number; cpuMs: number } {
  const cpu = childrenCpuMs();
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}`);
  return { wallMs: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: childrenCpuMs() - cpu };
}

export function measureCliStart(root: string, rounds = 15): CliStart {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cli-'));
  try {
    execFileSync(process.execPath, [path.join(root, 'cli/scripts/build.mjs'), '--out', dir], {
      stdio: 'ignore',
    });
    const bundle = path.join(dir, 'package/portal.mjs');
    const help: { wallMs: number; cpuMs: number }[] = [];
    const bare: { wallMs: number; cpuMs: number }[] = [];
    timeStart([bundle, '--help']); // the file into the page cache
    for (let round = 0; round < rounds; round++) {
      help.push(timeStart([bundle, '--help']));
      bare.push(timeStart(['-e', '0']));
    }
    return {
      measuredAt: new Date().toISOString(),
      rounds,
      helpMs: median(help.map((start) => start.wallMs)),
      bareNodeMs: median(bare.map((start) => start.wallMs)),
      helpCpuMs: median(help.map((start) => start.cpuMs)),
      bareNodeCpuMs: median(bare.map((start) => start.cpuMs)),
      tarballBytes: fs.statSync(path.join(dir, 'portal-cli.tgz')).size,
      bundleBytes: fs.statSync(bundle).size,
      loadAverage: os.loadavg()[0]!,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number | undefined, width: number) =>
  `${value === undefined ? '-' : value.toFixed(0)} ms`.padStart(width);
const line = (label: string, figures: CliStart) =>
  `${label.padEnd(10)}${ms(figures.helpMs, 10)}${ms(figures.bareNodeMs, 12)}${ms(figures.helpCpuMs, 12)}${ms(figures.bareNodeCpuMs, 12)}${`${(figures.tarballBytes / 1024).toFixed(0)} KiB`.padStart(10)}  load ${figures.loadAverage.toFixed(1)}`;

/**
 * Measures, writes `cli-start.json` into `outDir` and `cli-start-latest.json` beside the other latest reports,
 * and answers the lines to print: this run beside the last one, and the goal.
 */
export function benchCliStart(root: string, outDir: string, reportsDir: string): string {
  const previousFile = path.join(reportsDir, LATEST);
  const previous = fs.existsSync(previousFile)
    ? (JSON.parse(fs.readFileSync(previousFile, 'utf8')) as CliStart)
    : null;
  const figures = measureCliStart(root);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'cli-start.json'), `${JSON.stringify(figures, null, 2)}\n`);
  fs.writeFileSync(previousFile, `${JSON.stringify(figures, null, 2)}\n`);
  const met = figures.helpMs < CLI_HELP_GOAL_MS;
  return [
    `portal --help (the bundled CLI the portal serves), medians of ${figures.rounds} starts:`,
    `run           --help   bare node  --help CPU    bare CPU   tarball`,
    line('this run', figures),
    previous ? line(`last run`, previous) : 'last run   (none yet)',
    `goal: under ${CLI_HELP_GOAL_MS} ms — ${met ? 'met' : 'missed'}${figures.loadAverage > os.availableParallelism() ? ' (machine busy: load above its cores)' : ''}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..');
  const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.split('=')[1] ?? 15);
  const figures = measureCliStart(root, rounds);
  console.log(JSON.stringify(figures, null, 2));
}
