/**
 * Start-up time (until `/readyz` answers) and resident memory of the server's build beside its sources through tsx
 * (issue 21 point 8), alternating. Usage: `pnpm exec tsx scripts/bench/startup.ts [--rounds=5]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPortalServer, type ServerRuntime } from './portal-server.js';

const root = path.resolve(import.meta.dirname, '../..');
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.split('=')[1] ?? 5);

const rssMb = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(runtime: ServerRuntime, dataDir: string) {
  const started = performance.now();
  const server = await startPortalServer(root, path.join(root, 'server'), { DATA_DIR: dataDir }, runtime);
  const readyMs = performance.now() - started;
  const readyRss = rssMb(server.pid);
  for (let i = 0; i < 200; i++) await fetch(`${server.baseUrl}/api/v1/config`).then((r) => r.arrayBuffer());
  const busyRss = rssMb(server.pid);
  await server.stop();
  return { readyMs, readyRss, busyRss };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
try {
  await measure('built', dataDir); // fills the database with the demo data once
  const figures: Record<ServerRuntime, Awaited<ReturnType<typeof measure>>[]> = { built: [], tsx: [] };
  for (let round = 0; round < rounds; round++) {
    for (const runtime of ['tsx', 'built'] as const) figures[runtime].push(await measure(runtime, dataDir));
  }
  console.log(
    `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; medians of ${rounds} starts`,
  );
  console.log('runtime  ready (ms)  RSS ready (MB)  RSS after 200 calls (MB)');
  for (const runtime of ['tsx', 'built'] as const) {
    const rows = figures[runtime];
    console.log(
      `${runtime.padEnd(8)} ${median(rows.map((r) => r.readyMs))
        .toFixed(0)
        .padStart(10)}  ` +
        `${median(rows.map((r) => r.readyRss))
          .toFixed(0)
          .padStart(14)}  ${median(rows.map((r) => r.busyRss))
          .toFixed(0)
          .padStart(24)}`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
