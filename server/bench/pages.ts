/**
 * Server-rendered pages benchmark (issue 48): the server's render of a tool page, rendered every time (a new
 * address each request) beside served from the memory cache and answered 304, the same tool's API answer, the app
 * shell and `/healthz`, with concurrent clients over loopback, on PGlite, after a fill of boards, serial
 * numbers and projects (issue 5's data set: --scale 1 is 1M serial numbers).
 *
 *   pnpm --filter @portal/server bench:pages [--scale 1] [--seconds 10] [--clients 10]
 *
 * Needs the customer app's build with its server entry (`pnpm build`): without it every page is the shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fillProjects, projectsSizeAt } from './fill.js';
import { measureInWorker } from './measure.js';
import { printTable, startBenchPortal } from './portal.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '10' },
  },
});
const SCALE = Number(args.scale);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
if (!(SCALE > 0 && SCALE <= 1) || !(SECONDS > 0 && SECONDS <= 60) || !(CLIENTS >= 1 && CLIENTS <= 100)) {
  throw new Error('--scale in (0, 1], --seconds in (0, 60], --clients in [1, 100]');
}

const root = path.resolve(import.meta.dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'customer-app', 'dist', '.server', 'entry-server.js'))) {
  throw new Error('the customer app has no server entry: run pnpm build first');
}

// Every fresh address renders (no shell past a few at once): the row measures the render itself.
const portal = await startBenchPortal(undefined, { STATIC_DIR: root }, { pageRendersAtOnce: Infinity });
try {
  const size = projectsSizeAt(SCALE);
  console.log(
    `… filling ${size.serialNumbers} serial numbers, ${size.boards} boards, ${size.projects} projects`,
  );
  await fillProjects(portal.database.db, size);
  await portal.listen();
  const html = { accept: 'text/html', 'accept-encoding': 'identity' };
  const tool = '/assets/nx-flash-programmer';
  // The ETag a CDN or browser would send back: its 304 reads the catalogue version only.
  const tag = (await fetch(`${portal.base}${tool}`, { headers: html })).headers.get('etag') ?? '';
  // Before the memory cache: an address of its own on every request, so each is rendered (the same visitors'
  // flood of `?x=` the cache's bound is for).
  const fresh = Array.from({ length: 20_000 }, (_, i) => `${tool}?n=${i}`);
  const scenarios: [string, string[], Record<string, string>][] = [
    ['baseline /healthz', ['/healthz'], {}],
    ['tool API answer', ['/api/v1/catalogue/tools/nx-flash-programmer'], { 'accept-encoding': 'identity' }],
    ['app shell (/my/projects)', ['/my/projects'], html],
    ['tool page, rendered every time', fresh, html],
    ['tool page, from the memory cache', [tool], html],
    ['tool page, 304 (If-None-Match)', [tool], { ...html, 'if-none-match': tag }],
    ['catalogue (/assets), from memory', ['/assets'], html],
  ];
  const rows: string[][] = [];
  for (const [name, urls, headers] of scenarios) {
    const figures = await measureInWorker(
      { urls: urls.map((url) => `${portal.base}${url}`), headers },
      { clients: CLIENTS, seconds: SECONDS },
    );
    rows.push([
      name,
      figures.p50.toFixed(1),
      figures.p99.toFixed(1),
      figures.rps.toFixed(0),
      String(figures.errors),
      String(Math.round(figures.bytesPerAnswer)),
    ]);
  }
  console.log(`\n${CLIENTS} clients, ${SECONDS} s each, ${size.serialNumbers} serial numbers (PGlite)`);
  printTable(['scenario', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'bytes'], rows);
} finally {
  await portal.close();
}
