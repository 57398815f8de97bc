/**
 * The JSON a server benchmark (server/bench/*.ts run with `--json <file>`) writes for `pnpm bench`. Type-only:
 * the benches import it with `import type`, so nothing of scripts/ runs inside the server's processes.
 */

/**
 * `list` scenarios fall under the list latency goal; `list` and `call` under the throughput goal; a `baseline`
 * (e.g. the server's own `/healthz`) is shown for comparison only.
 */
export type ScenarioKind = 'list' | 'call' | 'baseline';

export interface ScenarioFigures {
  /** As the bench names it, e.g. `list, first page`. */
  name: string;
  kind: ScenarioKind;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  /** Requests per second over the measured window. */
  rps: number;
  count: number;
  errors: number;
  /** A goal of the bench's own issue, e.g. registration p99 < 50 ms (issue 5). */
  p99Goal?: number;
  /**
   * The `baseline` scenario of the same run that is this call's ceiling, when the bare JSON route is not a fair
   * one (an upload of 25 MB against a route that drains the same body).
   */
  ceiling?: string;
  /** What else the bench measured, in its words, shown beside the figures (e.g. `112 MB/s, memory +18 MB`). */
  note?: string;
  /**
   * `worker`: the clients ran in a worker thread (server/bench/measure.ts `measureInWorker`), off the server's event
   * loop; `process`: in a process of their own (`measureInProcess`); otherwise on the server's loop (`measure`).
   * The share of the bare route compares with the bare route measured the same way.
   */
  clientsIn?: 'worker' | 'loop' | 'process';
  /** Concurrent connections, when the bench measures more than one number of them (the minimal-server bench). */
  connections?: number;
  /** CPU time of the server's process per request, in ms (the clients in another process). */
  cpuMsPerRequest?: number;
  /** The scenario of another bench this one repeats beside the minimal server (its ratio goes in that row). */
  standsFor?: { bench: string; scenario: string };
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchRun {
  /** `none` for the bare route. */
  database: DatabaseKind | 'none';
  /** The data set, by the number of serial numbers of the matching projects data set (10k, 100k, 1M). */
  serialNumbers: number;
  /** What the bench filled, in its own words, e.g. `10000 tools, 50000 versions`. */
  data: string;
  fillSeconds: number;
  /**
   * Peak resident set size in MB of the bench process while it measured: the server and its load generator in
   * one Node process (with PGlite, the database too). An upper bound of the server's own memory.
   */
  peakRssMb: number;
  scenarios: ScenarioFigures[];
}

export interface BenchOutput {
  /** `projects`, `catalogue`, `uploads`, `bare`. */
  bench: string;
  clients: number;
  seconds: number;
  runs: BenchRun[];
}
