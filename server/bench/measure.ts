import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/** What the answers of a measurement looked like on the wire (clients in a worker or process only). */
export interface Wire {
  /** The share of answers sent with a Content-Encoding (0 to 1). */
  compressedShare: number;
  /** Their mean size in bytes as sent. */
  bytesPerAnswer: number;
}

/** Latency figures of one scenario, in milliseconds, and its throughput. */
export interface Figures {
  p50: number;
  p99: number;
  rps: number;
  count: number;
  errors: number;
}

/**
 * The requests of one scenario, as data a worker thread can send: one URL or several in turn, and for POSTs a JSON
 * body in which `{{n}}` becomes consecutive numbers from `counter.first` (zero-padded to `counter.width`), so each
 * request registers a serial number of its own.
 */
export interface RequestSpec {
  method?: 'GET' | 'POST';
  urls: string[];
  headers: Record<string, string>;
  body?: string;
  counter?: { first: number; width: number };
}

// The load generator, run in a worker thread or in a process of its own (its data on stdin, its figures on stdout):
// the server's event loop does not also parse its own clients' answers, as with real clients it would not. Plain
// JavaScript, so it needs no loader. node:http, not fetch: fetch asks for `identity` whenever a Range header is sent
// and otherwise for gzip, and then gunzips in the client (on the same cores as the server); here the request says
// exactly what the spec's headers say, and the answer's bytes are read as they come, never decompressed. How many
// answers came compressed and their mean size on the wire are reported with the figures.
const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { spec, clients, seconds } = workerData ?? JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const post = parentPort ? (message) => parentPort.postMessage(message) : (message) => process.stdout.write(JSON.stringify(message));
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
let sent = 0;
let counter = 0;
let serial = spec.counter ? spec.counter.first : 0;
let compressed = 0;
let bytes = 0;
let answers = 0;
const send = () => new Promise((resolve, reject) => {
  const i = counter++;
  sent += 1;
  const url = spec.urls[i % spec.urls.length];
  const body = spec.body === undefined ? undefined
    : spec.body.replaceAll('{{n}}', String(serial++).padStart(spec.counter ? spec.counter.width : 0, '0'));
  const headers = body === undefined ? spec.headers : { 'content-type': 'application/json', ...spec.headers };
  const request = http.request(url, { method: spec.method ?? 'GET', headers, agent }, (response) => {
    let length = 0;
    response.on('data', (chunk) => (length += chunk.length));
    response.on('end', () => {
      answers += 1;
      bytes += length;
      const encoding = response.headers['content-encoding'];
      if (encoding && encoding !== 'identity') compressed += 1;
      resolve(response.statusCode);
    });
    response.on('error', reject);
  });
  request.on('error', reject);
  request.end(body);
});
const run = async (until, latencies) => {
  let errors = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await send();
      latencies?.push(performance.now() - started);
      if (status >= 400) errors += 1;
    }
  }));
  return errors;
};
(async () => {
  // A longer warm-up than measure()'s: the first scenario of a run also warms the server's compiled code.
  await run(performance.now() + Math.min(2000, seconds * 400), null);
  const latencies = [];
  const started = performance.now();
  const errors = await run(started + seconds * 1000, latencies);
  agent.destroy();
  post({ latencies, errors, elapsed: (performance.now() - started) / 1000, next: serial, sent,
    compressedShare: compressed / Math.max(1, answers), bytesPerAnswer: bytes / Math.max(1, answers) });
})().catch((error) => post({ failed: String(error && error.stack || error) }));
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * `clients` loops sending requests for `seconds` after a short warm-up, each reading its whole answer; answers of
 * 400 and above count as errors. Bounded in time, so a benchmark always stops by itself. The clients run on the
 * server's own event loop; {@link measureInWorker} keeps them off it.
 */
export async function measure(
  send: (i: number) => Promise<Response>,
  options: { clients: number; seconds: number },
): Promise<Figures> {
  let counter = 0;
  const run = async (until: number, latencies: number[] | null) => {
    let errors = 0;
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const response = await send(counter++);
          await response.arrayBuffer();
          latencies?.push(performance.now() - started);
          if (response.status >= 400) errors += 1;
        }
      }),
    );
    return errors;
  };
  await run(performance.now() + Math.min(1000, options.seconds * 200), null);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(started + options.seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rps: latencies.length / elapsed,
    count: latencies.length,
    errors,
  };
}

/**
 * {@link measure} with the clients in a worker thread of this process (see WORKER), as remote clients would be:
 * the server's event loop serves, and does not also read its own answers. Answers the figures and, for a spec with
 * a counter, the next unused number.
 */
export async function measureInWorker(
  spec: RequestSpec,
  options: { clients: number; seconds: number },
): Promise<Figures & { next: number } & Wire> {
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { spec, ...options } });
    worker.once('message', (message) => {
      resolve(message as never);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  return figuresOf(result);
}

/** What the load generator reports: every latency of the measured window, and how many requests it sent in all. */
interface LoadResult {
  latencies: number[];
  errors: number;
  elapsed: number;
  next: number;
  sent: number;
  /** The share of answers that came with a Content-Encoding, and their mean size as sent (compressed or not). */
  compressedShare: number;
  bytesPerAnswer: number;
  failed?: string;
}

function figuresOf(result: LoadResult): Figures & { next: number } & Wire {
  if (result.failed) throw new Error(`load generator failed: ${result.failed}`);
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    compressedShare: result.compressedShare,
    bytesPerAnswer: result.bytesPerAnswer,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rps: latencies.length / result.elapsed,
    count: latencies.length,
    errors: result.errors,
    next: result.next,
  };
}

/**
 * {@link measureInWorker} with the clients in a Node process of their own, so this process's CPU time
 * (`process.cpuUsage`) is its servers' alone: answers the figures and the CPU time per request, in ms, of this
 * process over every request sent (warm-up included).
 */
export async function measureInProcess(
  spec: RequestSpec,
  options: { clients: number; seconds: number },
): Promise<Figures & Wire & { cpuMsPerRequest: number }> {
  let cpu = process.cpuUsage();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
    // Starting the client process (fork and exec, about 0.2 s of this process's CPU) is not the server's work.
    cpu = process.cpuUsage();
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch {
        reject(new Error(`the load generator exited with ${code} and no figures`));
      }
    });
    child.stdin.end(JSON.stringify({ spec, ...options }));
  });
  const used = process.cpuUsage(cpu);
  const { next: _next, ...figures } = figuresOf(result);
  return { ...figures, cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, result.sent) };
}
