/**
 * Build and start times (issue 43): each app's production build, and a fresh clone from `pnpm install` through
 * `pnpm start` to the first page, then a second `pnpm start` with nothing changed (the builds skipped). A benchmark,
 * not a test: the figures are printed beside the last run's, kept in reports/build-latest.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/ops/postgres-cluster.js';

export const APPS = ['customer-app', 'admin-app'] as const;
export type App = (typeof APPS)[number];

export interface StartFigures {
  /** `pnpm install --frozen-lockfile` in the fresh clone (from the machine's package store). */
  installSeconds: number;
  /** From the start of the install until /welcome answers: the README's first command on a fresh clone. */
  firstStartSeconds: number;
  /**
   * From the start of the install until /admin/ answers with the built console: `pnpm start` serves the customer
   * app while the console may still be building. Absent in runs from before it did.
   */
  consoleReadySeconds?: number;
  /** A second `pnpm start` with nothing changed, until /welcome answers. */
  secondStartSeconds: number;
}

export interface BuildFigures {
  measuredAt: string;
  commit: string;
  cores: number;
  loadAtStart: number;
  loadAtEnd: number;
  /** Seconds of `vite build` per app, one after the other; absent when the run measured a build made elsewhere. */
  appBuildSeconds: Partial<Record<App, number>>;
  start: StartFigures | null;
  startError?: string;
}

/**
 * Builds both apps for production into `dir` (as `pnpm build` does, elsewhere, so the checkout's builds stay), one
 * after the other, and returns the seconds each took.
 */
export function buildApps(root: string, dir: string, logDir: string): Record<App, number> {
  const seconds = {} as Record<App, number>;
  for (const app of APPS) {
    const logFile = path.join(logDir, `build-${app}.log`);
    const started = performance.now();
    const result = spawnSync(
      path.join(root, app, 'node_modules/.bin/vite'),
      ['build', '--outDir', path.join(dir, app, 'dist'), '--emptyOutDir'],
      { cwd: path.join(root, app), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    seconds[app] = (performance.now() - started) / 1000;
    fs.writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) throw new Error(`building ${app} failed; see ${logFile}`);
  }
  return seconds;
}

/** pnpm as the bench was started with it, else the version the root package.json names. */
function pnpmCommand(root: string): string[] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) return [process.execPath, execPath];
  const { packageManager } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  return ['npx', '-y', packageManager];
}

/** Runs a command to its end, its output into `logFile`; the seconds it took. */
function timed(command: string[], cwd: string, logFile: string): number {
  const started = performance.now();
  const result = spawnSync(command[0]!, command.slice(1), { cwd, encoding: 'utf8' });
  fs.writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed; see ${logFile}`);
  return (performance.now() - started) / 1000;
}

/** Whether `url` answers 200 now. */
const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Runs `pnpm start` in `cwd` until /welcome answers, then until /admin/ does, then stops it; the seconds from
 * `since` (performance.now()) until each. The command runs in a process group of its own (pnpm, the builds, the
 * server), stopped as one.
 */
async function startUntilServed(
  pnpm: string[],
  cwd: string,
  logFile: string,
  since: number,
): Promise<{ firstPage: number; console: number }> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  // As a developer starts it: not the bench's production mode.
  const { NODE_ENV: _mode, ...env } = process.env;
  const child = spawn(pnpm[0]!, [...pnpm.slice(1), 'start'], {
    cwd,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = performance.now() + 600_000;
  const until = async (url: string) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm start stopped; see ${logFile}`);
      if (await answers(url)) return (performance.now() - since) / 1000;
      if (performance.now() > deadline) throw new Error(`${url} not served within 10 min; see ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    const firstPage = await until(`http://127.0.0.1:${port}/welcome`);
    return { firstPage, console: await until(`http://127.0.0.1:${port}/admin/`) };
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    fs.closeSync(log);
  }
}

/**
 * A fresh clone of the checkout's HEAD (committed work only) in a temporary folder: install, first `pnpm start`
 * (builds everything), a second one (builds nothing).
 */
export async function measureStarts(root: string, logDir: string): Promise<StartFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-clone-'));
  const clone = path.join(dir, 'portal');
  try {
    timed(['git', 'clone', '--quiet', root, clone], dir, path.join(logDir, 'clone.log'));
    const pnpm = pnpmCommand(root);
    const started = performance.now();
    const installSeconds = timed(
      [...pnpm, 'install', '--frozen-lockfile'],
      clone,
      path.join(logDir, 'start-install.log'),
    );
    const first = await startUntilServed(pnpm, clone, path.join(logDir, 'start-first.log'), started);
    const second = await startUntilServed(
      pnpm,
      clone,
      path.join(logDir, 'start-second.log'),
      performance.now(),
    );
    return {
      installSeconds,
      firstStartSeconds: first.firstPage,
      consoleReadySeconds: first.console,
      secondStartSeconds: second.firstPage,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function readLastRun(file: string): BuildFigures | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildFigures;
  } catch {
    return null;
  }
}

const seconds = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} s`);
const loadLine = (figures: BuildFigures) =>
  `load ${figures.loadAtStart.toFixed(1)}–${figures.loadAtEnd.toFixed(1)} on ${figures.cores} cores`;

/** The figures of this run beside the last run's (when given), as a Markdown table. */
export function buildTable(now: BuildFigures, last: BuildFigures | null): string {
  const rows: [string, number | undefined, number | undefined][] = [
    ...APPS.map((app): [string, number | undefined, number | undefined] => [
      `${app} build`,
      now.appBuildSeconds[app],
      last?.appBuildSeconds[app],
    ]),
    ['fresh clone: install', now.start?.installSeconds, last?.start?.installSeconds],
    [
      'fresh clone: install and first start (goal 120 s)',
      now.start?.firstStartSeconds,
      last?.start?.firstStartSeconds,
    ],
    [
      'fresh clone: install, first start and the console built',
      now.start?.consoleReadySeconds,
      last?.start?.consoleReadySeconds,
    ],
    [
      'second start, nothing changed (goal 15 s)',
      now.start?.secondStartSeconds,
      last?.start?.secondStartSeconds,
    ],
  ];
  const lastHeader = last
    ? ` last run (${last.measuredAt.slice(0, 16).replace('T', ' ')} UTC, ${last.commit}, ${loadLine(last)}) |`
    : '';
  return [
    `| | this run (${loadLine(now)}) |${lastHeader}`,
    `| --- | --: |${last ? ' --: |' : ''}`,
    ...rows.map(([name, a, b]) => `| ${name} | ${seconds(a)} |${last ? ` ${seconds(b)} |` : ''}`),
  ].join('\n');
}
