import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where PostgreSQL server binaries live: PG_BIN, then Debian's layout (newest first), then pg_config. */
export function findPostgresBinaries(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(debian, version, 'bin'));
    }
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on PATH
  }
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')),
    ) ?? null
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL cluster on a free loopback port in a temporary folder, and removes it on stop.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` (or `nobody`) user.
 */
export async function startPostgresCluster(binDir: string): Promise<PostgresCluster> {
  const { dir, runAs } = clusterFolder('portal-pg-');
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (bin: string, args: string[]) => {
    const [command, ...rest] = [...runAs, path.join(binDir, bin), ...args];
    return { command: command!, args: rest };
  };
  const init = run('initdb', [
    '-D',
    dataDir,
    '-U',
    'portal',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  execFileSync(init.command, init.args, { stdio: 'pipe' });

  const server = run('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child: ChildProcess = spawn(server.command, server.args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const url = `postgresql://portal@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Accepting TCP is not yet accepting queries: wait for the startup to finish.
  const { default: pg } = await import('pg');
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    url,
    stop: async () => {
      const pid = postmasterPid(dataDir) ?? child.pid;
      if (pid) await stopProcess(pid, 'SIGINT', 10_000);
      if (child.exitCode === null) child.kill('SIGKILL');
      child.stderr?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A private temporary folder for a cluster and the command prefix to run its binaries with: PostgreSQL refuses to
 * run as root, so as root the folder belongs to `postgres` (or `nobody`) and the binaries run as that user.
 */
export function clusterFolder(prefix: string): { dir: string; runAs: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() !== 0) return { dir, runAs: [] };
  const user = userExists('postgres') ? 'postgres' : 'nobody';
  execFileSync('chown', ['-R', user, dir]);
  fs.chmodSync(dir, 0o700);
  return { dir, runAs: ['runuser', '-u', user, '--'] };
}

/** The postmaster's own PID: under runuser the child is runuser, which may not pass a signal on. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `name`, waits up to `waitMs` for the process to end, then kills it. */
export async function stopProcess(pid: number, name: NodeJS.Signals, waitMs: number): Promise<void> {
  signal(pid, name);
  const until = Date.now() + waitMs;
  while (isAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) signal(pid, 'SIGKILL');
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts TCP connections on the loopback port. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Creates a database in the cluster (a copy of `template` when given) and answers its connection URL. */
export async function createDatabaseIn(
  clusterUrl: string,
  name: string,
  { template }: { template?: string } = {},
): Promise<string> {
  for (const given of [name, template ?? name])
    if (!/^[a-z_][a-z0-9_]*$/.test(given)) throw new Error(`not a database name: ${given}`);
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}
