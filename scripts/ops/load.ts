/**
 * Load: mixed traffic at twice the expected peak; passes without a 5xx, a refused or dropped request, and with a
 * flat live heap after the warm-up ("Load" in scripts/ops/README.md, which gives the peak and the limits).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { client } from './lib/http.js';
import { Cluster, Server, bounded, freePort, sleep } from './lib/processes.js';
import { EXPECTED_PEAK_RPS } from './lib/peak.js';
import { MIX, Tally, drive, prepareActors } from './lib/traffic.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    rate: { type: 'string', default: String(EXPECTED_PEAK_RPS * 2) },
    'database-url': { type: 'string' },
    /** Caps the server's V8 heap (MB): a leak then ends the run with an out-of-memory crash instead of a trend. */
    'heap-limit': { type: 'string' },
  },
});
const duration = Number(values.duration);
const rate = Number(values.rate);
if (!(duration > 0) || !(rate > 0)) {
  console.error(
    'usage: load.ts [--duration seconds] [--rate requests-per-second] [--database-url url] [--heap-limit MB]',
  );
  process.exit(2);
}

/** A full (mark-compact) collection in V8's `--trace-gc` output: `Mark-Compact 61.2 (80.1) -> 48.9 (79.5) MB`. */
const MARK_COMPACT = /Mark-Compact(?: \(reduce\))?\s+[\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** Least-squares slope of (seconds, MB) samples, in MB per minute. */
function slopePerMinute(samples: { t: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mt = samples.reduce((s, p) => s + p.t, 0) / n;
  const mm = samples.reduce((s, p) => s + p.mb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.t - mt) * (p.mb - mm), 0);
  const den = samples.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-load-'));
let cluster: Cluster | null = null;
let server: Server | null = null;

const verdict = await bounded(
  (duration + 240) * 1000,
  async () => {
    let databaseUrl = values['database-url'];
    if (!databaseUrl) {
      cluster = await Cluster.create();
      databaseUrl = cluster.url;
    }
    // The live heap after each full collection, from V8's own trace: what a leak makes grow. The resident set also
    // holds memory V8 keeps for later, so it is reported beside it but does not decide.
    const liveHeap: { t: number; mb: number }[] = [];
    let started = Date.now();
    server = new Server({
      port: await freePort(),
      dataDir,
      databaseUrl,
      nodeArgs: ['--trace-gc'],
      onStdout: (line) => {
        const after = MARK_COMPACT.exec(line)?.[1];
        if (after) liveHeap.push({ t: (Date.now() - started) / 1000, mb: Number(after) });
      },
      ...(values['heap-limit']
        ? { env: { NODE_OPTIONS: `--max-old-space-size=${Number(values['heap-limit'])}` } }
        : {}),
    });
    const startup = await server.start();
    console.log(`load: server on ${server.baseUrl} (PostgreSQL), ready in ${startup} ms`);
    const send = client(server.baseUrl, new URL(server.publicUrl).host);
    const actors = await prepareActors(send, server.publicUrl);
    console.log(
      `load: ${rate} requests/s (expected peak ${EXPECTED_PEAK_RPS}/s × ${(rate / EXPECTED_PEAK_RPS).toFixed(1)}) for ${duration} s; mix ${MIX.map((m) => `${m.kind} ${m.weight}%`).join(', ')}`,
    );

    const memory: { t: number; mb: number }[] = [];
    started = Date.now();
    liveHeap.length = 0;
    const sampler = setInterval(() => {
      const mb = server?.rssMb();
      if (mb !== null && mb !== undefined) memory.push({ t: (Date.now() - started) / 1000, mb });
    }, 2000);
    const tally = new Tally();
    let lastReport = Date.now();
    const progress = setInterval(() => {
      if (Date.now() - lastReport < 30_000) return;
      lastReport = Date.now();
      const mb = memory.at(-1)?.mb;
      console.log(
        `load: ${Math.round((Date.now() - started) / 1000)} s — ${tally.summary()}; rss ${mb?.toFixed(0)} MB`,
      );
    }, 1000);
    const { sent, dropped } = await drive(actors, { rate, until: started + duration * 1000, tally });
    clearInterval(sampler);
    clearInterval(progress);
    const elapsed = (Date.now() - started) / 1000;

    // Memory: the first fifth (at least 10 s) warms the JIT and the pools; flat means the rest grows by less than
    // 10 % (or 16 MB) start to end and the trend would add under 5 % an hour.
    const warm = Math.max(10, duration / 5);
    const steady = memory.filter((s) => s.t >= warm);
    const avg = (list: { mb: number }[]) => list.reduce((s, p) => s + p.mb, 0) / Math.max(1, list.length);
    const head = avg(steady.slice(0, 3));
    const tail = avg(steady.slice(-3));
    const slope = slopePerMinute(steady);
    const max = Math.max(...memory.map((s) => s.mb));
    const growth = tail - head;
    const rssFlat = steady.length >= 3 && growth < Math.max(16, head * 0.1);
    // The same rule on the live heap after full collections (at least four of them after the warm-up).
    const liveSteady = liveHeap.filter((s) => s.t >= warm);
    const liveHead = avg(liveSteady.slice(0, 2));
    const liveTail = avg(liveSteady.slice(-2));
    const liveGrowth = liveTail - liveHead;
    const liveKnown = liveSteady.length >= 4;
    const flat = liveKnown ? liveGrowth < Math.max(8, liveHead * 0.1) : rssFlat;

    console.log('');
    console.log(
      `load: ${sent} scheduled in ${elapsed.toFixed(0)} s (${(sent / elapsed).toFixed(1)}/s), dropped ${dropped}`,
    );
    console.log(`load: ${tally.summary()}`);
    for (const line of tally.kindLines()) console.log(line);
    for (const sample of [...tally.serverErrorSamples, ...tally.failureSamples]) console.log(`  ! ${sample}`);
    console.log(
      `load: memory (RSS) after warm-up ${head.toFixed(0)} MB → end ${tail.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB), trend ${slope.toFixed(2)} MB/min, max ${max.toFixed(0)} MB, ${memory.length} samples: ${rssFlat ? 'flat' : 'growing'}`,
    );
    console.log(
      liveKnown
        ? `load: live heap after full collections ${liveHead.toFixed(1)} MB → ${liveTail.toFixed(1)} MB (${liveGrowth >= 0 ? '+' : ''}${liveGrowth.toFixed(1)} MB, trend ${slopePerMinute(liveSteady).toFixed(2)} MB/min, ${liveSteady.length} collections after the warm-up): ${flat ? 'flat' : 'GROWING'} — this decides`
        : `load: only ${liveSteady.length} full collections after the warm-up: the resident set decides (${flat ? 'flat' : 'GROWING'})`,
    );
    if (duration < 120)
      console.log('load: (a run under 2 minutes says little about memory; the default is 5 minutes)');
    const ok = tally.serverErrors === 0 && tally.failures === 0 && dropped === 0 && flat;
    console.log(
      `load: ${ok ? 'PASS' : 'FAIL'} — 5xx ${tally.serverErrors}, failures ${tally.failures}, dropped ${dropped}, memory ${flat ? 'flat' : 'growing'}`,
    );
    return ok;
  },
  async () => {
    await server?.stop();
    await cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
).catch((error: unknown) => {
  console.error(`load: FAIL — ${error instanceof Error ? error.message : String(error)}`);
  if (server) console.error(server.recentLog);
  return false;
});
await sleep(10);
process.exit(verdict ? 0 : 1);
