import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { formatRangeHeader } from '../../resources/src/range.js';
import { openDatabase } from '../../server/src/db/client.js';
import { fillCatalogue } from '../../server/bench/catalogue-fill.js';
import { BENCH_PAGE, fillProjects, offsetPages } from '../../server/bench/fill.js';
import { measure, type Figures } from '../../server/bench/measure.js';
import { serviceToken } from '../../server/bench/portal.js';
import { createDatabaseIn } from '../../server/src/ops/postgres-cluster.js';
import { startPortalServer } from './portal-server.js';

export interface MemoryProbe {
  serialNumbers: number;
  /** The server process's resident set: at rest after start and fill, and its peak (VmHWM) at the end. */
  idleRssMb: number;
  peakRssMb: number;
  /** The mixed load that ran meanwhile. */
  load: Figures;
  fillSeconds: number;
}

/** VmRSS or VmHWM of a process in MB, from /proc (Linux). */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/**
 * The server's own memory with a data set (the goal "server memory < 300 MB with the largest data set"): the
 * portal server as production runs it, in its own process on a PostgreSQL database of `serialNumbers` serial
 * numbers (projects and catalogue filled as the benchmarks fill them), under a mix of list, detail and search calls
 * from `clients` clients in this process for `seconds`. Its peak resident set (VmHWM) holds no load generator.
 */
export async function probeServerMemory(options: {
  root: string;
  staticDir: string;
  clusterUrl: string;
  serialNumbers: number;
  clients: number;
  seconds: number;
}): Promise<MemoryProbe> {
  const scale = options.serialNumbers / 1_000_000;
  const url = await createDatabaseIn(options.clusterUrl, `bench_memory_${Date.now()}`);
  // The server migrates and fills the demo data (its service account calls below) into the empty database.
  const server = await startPortalServer(options.root, options.staticDir, {
    DATABASE_URL: url,
    SEED_DEMO_DATA: 'true',
  });
  try {
    const filling = performance.now();
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    try {
      await fillProjects(database.db, {
        projects: Math.round(100_000 * scale),
        boards: Math.max(10, Math.round(10_000 * scale)),
        serialNumbers: options.serialNumbers,
        users: Math.max(10, Math.round(1_000 * scale)),
      });
      await fillCatalogue(database.db, {
        tools: Math.max(100, Math.round(10_000 * scale)),
        versionsPerTool: 5,
        bundles: Math.max(10, Math.round(1_000 * scale)),
      });
      const fillSeconds = (performance.now() - filling) / 1000;

      const base = server.baseUrl;
      const token = await serviceToken(base);
      const headers = { authorization: `Bearer ${token}` };
      const projects = Math.round(100_000 * scale);
      // Offset pages reach LIST_MAX_OFFSET rows deep (issue 24): the deepest one the API serves.
      const deep = offsetPages(projects).deepest;
      // Projects to open, from pages spread over the list (this script does not reach the database's driver).
      const ids: string[] = [];
      for (const at of [0, Math.floor(deep / 3), Math.floor((2 * deep) / 3), deep]) {
        const page = await fetch(`${base}/api/v1/projects`, {
          headers: { ...headers, range: formatRangeHeader('projects', at, BENCH_PAGE.projects) },
        });
        const body = (await page.json()) as { id: string }[] | { items: { id: string }[] };
        ids.push(...(Array.isArray(body) ? body : body.items).map((project) => project.id));
      }
      if (ids.length === 0) throw new Error('the project list is empty');
      const idleRssMb = procMb(server.pid, 'VmRSS');
      const adminPage = (offset: number) => formatRangeHeader('projects', offset, BENCH_PAGE.projects);
      const cataloguePage = formatRangeHeader('catalogue', 0, BENCH_PAGE.catalogue);
      const calls = [
        () => fetch(`${base}/api/v1/projects`, { headers: { ...headers, range: adminPage(0) } }),
        () => fetch(`${base}/api/v1/projects`, { headers: { ...headers, range: adminPage(deep) } }),
        (i: number) => fetch(`${base}/api/v1/projects/${ids[i % ids.length]}`, { headers }),
        () => fetch(`${base}/api/v1/catalogue`, { headers: { range: cataloguePage } }),
        (i: number) =>
          fetch(`${base}/api/v1/catalogue?q=${['flash', 'mot', 'radar sensor', 'debug'][i % 4]}`, {
            headers: { range: cataloguePage },
          }),
      ];
      const load = await measure((i) => calls[i % calls.length]!(i), {
        clients: options.clients,
        seconds: options.seconds,
      });
      return {
        serialNumbers: options.serialNumbers,
        idleRssMb,
        peakRssMb: procMb(server.pid, 'VmHWM'),
        load,
        fillSeconds,
      };
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
  }
}
