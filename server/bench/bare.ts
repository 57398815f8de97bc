/**
 * The ceiling of `pnpm bench` (issue 12): a bare Fastify route answering a small JSON object, measured with the
 * same clients and the same `measure` as the API benchmarks, so "throughput ratio = call / bare route" compares
 * the portal's calls with what Node, Fastify and loopback HTTP manage on this machine in the same run.
 *
 *   pnpm --filter @portal/server exec tsx bench/bare.ts [--seconds 5] [--clients 10] [--json <file>]
 *
 * Also holds the two helpers every benchmark shares for `pnpm bench`: the peak-memory sampler and the JSON output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { BenchOutput } from '../../scripts/bench/types.js';
import { measure, measureInWorker, type Figures } from './measure.js';

/**
 * Starts a Fastify server with one route and measures it, with the clients on this event loop (`measure`) and in a
 * worker thread (`measureInWorker`), as the benchmarks measure their calls one way or the other.
 */
export async function benchBare(options: {
  clients: number;
  seconds: number;
}): Promise<{ loop: Figures; worker: Figures }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/bare`;
  try {
    const loop = await measure(() => fetch(url), options);
    const { next: _next, ...worker } = await measureInWorker({ urls: [url], headers: {} }, options);
    return { loop, worker };
  } finally {
    await app.close();
  }
}

/**
 * The peak resident set size of this process, sampled every 100 ms between `start` and `stop`: process-wide
 * figures (`process.resourceUsage().maxRSS`) would carry the peak of an earlier, larger run into a later one.
 */
export class RssSampler {
  #peak = 0;
  #timer: NodeJS.Timeout | null = null;

  start() {
    this.#peak = process.memoryUsage.rss();
    this.#timer = setInterval(() => {
      this.#peak = Math.max(this.#peak, process.memoryUsage.rss());
    }, 100);
    this.#timer.unref();
  }

  /** Stops sampling; answers the peak in MB. */
  stop(): number {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#peak = Math.max(this.#peak, process.memoryUsage.rss());
    return Math.round((this.#peak / 1024 / 1024) * 10) / 10;
  }
}

/** Writes a benchmark's figures where `pnpm bench` asked for them (`--json <file>`). */
export function writeBenchJson(file: string, output: BenchOutput) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      clients: { type: 'string', default: '10' },
      json: { type: 'string' },
    },
  });
  const seconds = Number(args.seconds);
  const clients = Number(args.clients);
  if (!(seconds > 0 && seconds <= 60) || !(clients >= 1 && clients <= 100)) {
    throw new Error('--seconds in (0, 60], --clients in [1, 100]');
  }
  const sampler = new RssSampler();
  sampler.start();
  const figures = await benchBare({ clients, seconds });
  const peakRssMb = sampler.stop();
  for (const [where, f] of Object.entries(figures)) {
    console.log(
      `bare Fastify route, ${clients} clients (${where === 'loop' ? 'on the event loop' : 'in a worker thread'}), ${seconds} s: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.rps.toFixed(0)} req/s, ${f.errors} errors`,
    );
  }
  if (args.json) {
    writeBenchJson(args.json, {
      bench: 'bare',
      clients,
      seconds,
      runs: [
        {
          database: 'none',
          serialNumbers: 0,
          data: 'none',
          fillSeconds: 0,
          peakRssMb,
          scenarios: [
            { name: 'bare route', kind: 'call', clientsIn: 'loop', ...figures.loop },
            { name: 'bare route, clients in a worker', kind: 'call', clientsIn: 'worker', ...figures.worker },
          ],
        },
      ],
    });
  }
}

// Run as a script, not when imported by another bench.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
