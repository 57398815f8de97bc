/**
 * Upload benchmark (issue 6): 25 MB files, four at once, against
 *  1. a bare Fastify route that only drains the body (the ceiling of Node, Fastify and loopback HTTP here);
 *  2. a route calling the real `receiveUpload` into the local file storage (the upload pipeline alone);
 *  3. the real DIP asset upload route of the whole app (`POST /projects/{id}/dip/steps/{stepId}/assets`: sign-in,
 *     rules, streaming, storage, scanner hook, asset row, notification mails), on in-memory PGlite.
 * For each it prints throughput and the server's memory growth while the files stream: peak resident set size
 * over the size before the round (after a full garbage collection). Goal: under 50 MB.
 *
 * The uploading client is a separate process, so the memory figures are the server's alone.
 *
 *   pnpm --filter @portal/server bench:uploads [--mb 25] [--parallel 4] [--rounds 3] [--json <file>]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_SERVICE_ACCOUNT } from '../src/db/demo-data.js';
import { registerErrorHandling } from '../src/transport/errors.js';
import { localFileStorage } from '../src/storage/file-storage.js';
import { acceptStreamedUploads, MAX_UPLOAD_BYTES, receiveUpload } from '../src/uploads/stream-upload.js';
import { serviceToken } from './portal.js';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '25' },
    parallel: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'string' },
  },
});
const FILE_BYTES = Math.min(Math.round(Number(args.mb) * 1024 * 1024), MAX_UPLOAD_BYTES);
const PARALLEL = Number(args.parallel);
const ROUNDS = Number(args.rounds);
const MEMORY_GOAL_MB = 50;

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

/**
 * The client, run by `node -e` in its own process: PARALLEL uploads of FILE_BYTES each, one 64 KiB buffer sent
 * over and over (respecting back-pressure); prints the wall time and the answers as JSON.
 */
const CLIENT = `
const http = require('node:http');
const [port, pathTemplate, token, count, size] = JSON.parse(process.argv[1]);
const chunk = Buffer.alloc(64 * 1024, 0x5a);
function one(i) {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1', port, method: 'POST', path: pathTemplate.replace('{i}', String(i)),
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(size),
        ...(token ? { authorization: 'Bearer ' + token } : {}) },
    }, (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => resolve({ status: response.statusCode, body: body.slice(0, 300) }));
    });
    request.on('error', reject);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!request.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}
const started = process.hrtime.bigint();
Promise.all(Array.from({ length: count }, (_, i) => one(i))).then((answers) => {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ ms, answers }));
}, (error) => { process.stderr.write(String(error)); process.exit(1); });
`;

function runClient(port: number, pathTemplate: string, token: string | null) {
  return new Promise<{ ms: number; answers: { status: number; body: string }[] }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', CLIENT, JSON.stringify([port, pathTemplate, token, PARALLEL, FILE_BYTES])],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err || `client ${code}`)),
    );
  });
}

interface Round {
  seconds: number;
  throughputMBps: number;
  rssGrowthMB: number;
  heapGrowthMB: number;
}

/** One round: the client's uploads while this process samples its own memory every 20 ms. */
async function round(port: number, pathTemplate: string, token: string | null): Promise<Round> {
  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed + base.arrayBuffers;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers);
  }, 20);
  try {
    const { ms, answers } = await runClient(port, pathTemplate, token);
    const failed = answers.filter((answer) => answer.status >= 300);
    if (failed.length) throw new Error(`uploads refused: ${JSON.stringify(failed)}`);
    return {
      seconds: ms / 1000,
      throughputMBps: (PARALLEL * FILE_BYTES) / MB / (ms / 1000),
      rssGrowthMB: (peakRss - base.rss) / MB,
      heapGrowthMB: (peakHeap - base.heapUsed - base.arrayBuffers) / MB,
    };
  } finally {
    clearInterval(timer);
  }
}

async function rounds(
  label: string,
  port: number,
  pathFor: (round: number) => string,
  token: string | null,
): Promise<{ label: string; rounds: Round[] }> {
  const done: Round[] = [];
  for (let r = 0; r < ROUNDS; r += 1) done.push(await round(port, pathFor(r), token));
  return { label, rounds: done };
}

const listen = async (app: FastifyInstance) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
};

/** 1. The ceiling: a route that reads the body and drops it. */
async function benchBaseline() {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.post('/drain', async (request) => {
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
    return { bytes };
  });
  const port = await listen(app);
  try {
    return await rounds('bare route, body drained', port, () => '/drain', null);
  } finally {
    await app.close();
  }
}

/** 2. The upload pipeline alone: receiveUpload into the local storage. */
async function benchReceiveUpload(folder: string) {
  const storage = localFileStorage(folder);
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(async (scope) => {
    acceptStreamedUploads(scope);
    scope.post('/upload', async (request) => {
      const { name } = request.query as { name: string };
      return receiveUpload(request, storage, `bench/${name}`, { maxBytes: MAX_UPLOAD_BYTES });
    });
  });
  const port = await listen(app);
  try {
    return await rounds('receiveUpload → local storage', port, (r) => `/upload?name=r${r}-{i}.bin`, null);
  } finally {
    await app.close();
    await fs.rm(path.join(folder, 'bench'), { recursive: true, force: true });
  }
}

/** 3. The real DIP upload route: a board with one file-upload step, a project of the demo service account. */
async function benchDipRoute(folder: string) {
  const database = await openDatabase({ dataDir: null });
  const config = loadConfig({
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: folder,
    FILES_DIR: path.join(folder, 'files'),
  });
  const app = await buildApp(config, { database, logger: false });
  const port = await listen(app);
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await serviceToken(base);
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}/api/v1/${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    // The service account registers in the demo company space, on a board that needs no serial number.
    await database.db.execute(sql`insert into company_space_members (user_id, company_space_id)
      select sa.user_id, s.id from service_accounts sa, company_spaces s
      where sa.client_id = ${DEMO_SERVICE_ACCOUNT.clientId} and s.name = 'Acme Devices'`);
    const [board] = (
      (await database.db.execute(sql`select id, name from boards where released_for_registration
        and not restricted_access and not secure and not serialnumber_required and name not like 'ESIM%'
        order by name limit 1`)) as unknown as { rows: { id: string; name: string }[] }
    ).rows;
    if (!board) throw new Error('no demo board without serial numbers');
    const current = (await call('GET', `boards/${board.id}/dip-steps`)) as { steps: { id: string }[] };
    await call('PUT', `boards/${board.id}/dip-steps`, {
      steps: [
        {
          title: 'Upload the bench files',
          description: 'Upload files.',
          resolverRoles: ['project-owner'],
          completer: null,
          completionType: 'file-upload',
          confirmationRequired: false,
          csaReset: false,
          secure: false,
          childProject: null,
        },
        ...current.steps.map((step) => ({ ...step, removed: true })),
      ],
    });
    const project = await call('POST', 'projects?acceptServiceAgreement=true', {
      name: 'Upload bench',
      board: board.name,
    });
    const dip = (await call('GET', `projects/${String(project.id)}/dip`)) as { activeStepId: string | null };
    if (!dip.activeStepId) throw new Error('the bench step is not active');
    return await rounds(
      'DIP asset upload route (whole app)',
      port,
      (r) => `/api/v1/projects/${String(project.id)}/dip/steps/${dip.activeStepId}/assets?name=r${r}-{i}.bin`,
      token,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

const fmt = (n: number) => n.toFixed(1);
const best = (values: number[], pick: 'min' | 'max') =>
  pick === 'min' ? Math.min(...values) : Math.max(...values);

async function main() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-uploads-'));
  console.log(
    `Uploads: ${PARALLEL} × ${fmt(FILE_BYTES / MB)} MB at once, ${ROUNDS} rounds each; Node ${process.version}, ${os.cpus().length} cores`,
  );
  const results = [];
  try {
    results.push(await benchBaseline());
    results.push(await benchReceiveUpload(folder));
    try {
      results.push(await benchDipRoute(folder));
    } catch (error) {
      console.log(`DIP route not measured: ${(error as Error).message.slice(0, 300)}`);
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    'scenario                               MB/s (best)  seconds/round  RSS growth MB (worst)  heap+buffers MB',
  );
  for (const { label, rounds: done } of results) {
    const rss = best(
      done.map((r) => r.rssGrowthMB),
      'max',
    );
    console.log(
      `${label.padEnd(38)} ${fmt(
        best(
          done.map((r) => r.throughputMBps),
          'max',
        ),
      ).padStart(11)}  ${fmt(
        best(
          done.map((r) => r.seconds),
          'min',
        ),
      ).padStart(13)}  ${fmt(rss).padStart(21)}  ${fmt(
        best(
          done.map((r) => r.heapGrowthMB),
          'max',
        ),
      ).padStart(15)}`,
    );
  }
  const worst = Math.max(...results.slice(1).flatMap((r) => r.rounds.map((x) => x.rssGrowthMB)));
  console.log('');
  console.log(
    `Memory goal: growth under ${MEMORY_GOAL_MB} MB while ${PARALLEL} × ${fmt(FILE_BYTES / MB)} MB stream — ${
      worst < MEMORY_GOAL_MB ? 'met' : 'NOT met'
    } (worst ${fmt(worst)} MB).`,
  );
  if (args.json)
    await fs.writeFile(
      args.json,
      JSON.stringify({ fileBytes: FILE_BYTES, parallel: PARALLEL, results }, null, 2),
    );
}

await main();
