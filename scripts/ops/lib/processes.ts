import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import {
  canConnect,
  clusterFolder,
  findPostgresBinaries,
  freePort,
  postmasterPid,
  stopProcess,
} from '../../../server/src/ops/postgres-cluster.js';

export { freePort };

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export { sleep };

/**
 * A throwaway PostgreSQL cluster on a loopback port that can be stopped and started again on the same data
 * (for the PostgreSQL-restart script), removed at the end. As root it runs as `postgres` (or `nobody`).
 */
export class Cluster {
  private child: ChildProcess | null = null;
  private constructor(
    private readonly binDir: string,
    readonly dir: string,
    readonly port: number,
    private readonly runAs: string[],
  ) {}

  get url() {
    return `postgresql://portal@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<Cluster> {
    const binDir = findPostgresBinaries();
    if (!binDir) throw new Error('No PostgreSQL server binaries found (set PG_BIN, or install postgresql).');
    const { dir, runAs } = clusterFolder('portal-ops-pg-');
    const cluster = new Cluster(binDir, dir, await freePort(), runAs);
    cluster.run('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'portal',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
    ]);
    await cluster.start();
    return cluster;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  private run(bin: string, args: string[]) {
    const [command, ...rest] = [...this.runAs, path.join(this.binDir, bin), ...args];
    execFileSync(command!, rest, { stdio: 'pipe' });
  }

  /** Starts the server (durable settings: fsync on, as in production) and waits until it takes queries. */
  async start(): Promise<void> {
    const [command, ...args] = [
      ...this.runAs,
      path.join(this.binDir, 'postgres'),
      ...['-D', this.dataDir, '-p', String(this.port), '-h', '127.0.0.1', '-k', this.dir],
      ...['-c', 'max_connections=200'],
    ];
    this.child = spawn(command!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    this.child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log}`);
      // Accepting TCP is not yet accepting queries: pg_isready tells when the start-up (or recovery) is over.
      if ((await canConnect(this.port)) && this.ready()) return;
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in time:\n${log}`);
      await sleep(100);
    }
  }

  private ready(): boolean {
    try {
      execFileSync(path.join(this.binDir, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(this.port)], {
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Stops the server: `fast` (clients disconnected, clean shutdown) or `immediate` (like a crash). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const pid = postmasterPid(this.dataDir) ?? this.child?.pid;
    if (pid) await stopProcess(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT', 30_000);
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
    this.child?.stderr?.destroy();
    this.child = null;
  }

  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** The portal's public address (default http://localhost:<port>); two instances share one. */
  publicUrl?: string;
  env?: Record<string, string>;
  /** Options for Node itself, before the script (e.g. `--trace-gc`). */
  nodeArgs?: string[];
  /** Called with each line the server writes to stdout (otherwise its stdout is dropped). */
  onStdout?: (line: string) => void;
}

/**
 * The portal server as its own Node process (`node --import tsx server/src/main.ts`, one process, so its PID is
 * the one whose memory is sampled and which SIGKILL ends), on the loopback interface.
 */
export class Server {
  private child: ChildProcess | null = null;
  private log = '';
  constructor(readonly options: ServerOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get publicUrl() {
    return this.options.publicUrl ?? `http://localhost:${this.options.port}`;
  }

  /** The last lines the server wrote to stderr (for a report when it fails). */
  get recentLog() {
    return this.log;
  }

  async start(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    this.log = '';
    const nodeArgs = this.options.nodeArgs ?? [];
    this.child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', this.options.onStdout ? 'pipe' : 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.publicUrl,
        DATA_DIR: this.options.dataDir,
        LOG_LEVEL: 'error',
        ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
        ...this.options.env,
      },
    });
    this.child.stderr?.on('data', (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-8000)));
    const onStdout = this.options.onStdout;
    if (onStdout && this.child.stdout)
      readline.createInterface({ input: this.child.stdout }).on('line', onStdout);
    const child = this.child;
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${this.log}`);
      try {
        const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server was not ready in ${timeoutMs} ms:\n${this.log}`);
  }

  /** SIGKILL: no shutdown code runs, as when the machine or the container dies. */
  kill(): void {
    this.child?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    const until = Date.now() + 15_000;
    while (child.exitCode === null && Date.now() < until) await sleep(50);
    if (child.exitCode === null) child.kill('SIGKILL');
    await sleep(50);
  }

  async exited(): Promise<void> {
    const child = this.child;
    while (child && child.exitCode === null && child.signalCode === null) await sleep(20);
  }

  /** Resident memory of the server process in MB (Linux /proc), or null. */
  rssMb(): number | null {
    if (!this.pid) return null;
    try {
      const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : null;
    } catch {
      return null;
    }
  }
}

/** Runs `body`, then `cleanup` whatever happens, also on Ctrl-C and on a time limit. */
export async function bounded<T>(
  limitMs: number,
  body: () => Promise<T>,
  cleanup: () => Promise<void>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await Promise.race([
      body(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`stopped: the run took longer than ${limitMs / 1000} s`)),
          limitMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
