import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/ops/postgres-cluster.js';

export interface PortalServer {
  baseUrl: string;
  /** The server process's id, for its memory figures. */
  pid: number;
  stop(): Promise<void>;
}

/** How the server runs: its production build with plain node (`pnpm serve`), or the sources through tsx. */
export type ServerRuntime = 'built' | 'tsx';

let builtOnce = false;

/**
 * The node arguments that start the server in `runtime`. `built` compiles resources and the server first (once
 * per process), so a benchmark never measures a stale build.
 */
export function serverCommand(root: string, runtime: ServerRuntime): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', path.join(root, 'server/src/main.ts')];
  if (!builtOnce) {
    for (const pkg of ['resources', 'server']) {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'scripts/build-node.mjs'), path.join(root, pkg)],
        {
          stdio: 'ignore',
        },
      );
      if (result.status !== 0) throw new Error(`compiling ${pkg} failed: run \`pnpm build\` to see why`);
    }
    builtOnce = true;
  }
  return ['--conditions=portal-built', path.join(root, 'server/dist/main.js')];
}

/**
 * Starts the portal as `pnpm serve` does on a free loopback port, serving the apps of `staticDir`, on a fresh
 * demo database unless `env` names one. No wrapper process, so `pid` is the server's.
 */
export async function startPortalServer(
  root: string,
  staticDir: string,
  env: Record<string, string> = {},
  runtime: ServerRuntime = 'built',
): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverCommand(root, runtime), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production mode for realistic speed, with the demo data and test payments the benchmarks use.
      ALLOW_DEMO_DATA: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve(undefined);
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal server stopped while starting:\n${log}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal server was not ready within 120 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, pid: child.pid!, stop };
}
