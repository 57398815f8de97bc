/**
 * The table of the portal against the minimal server (issue 24), one source for `bench:versus` and `pnpm bench`'s
 * report: its goal, its columns and a row's cells. No imports, so scripts/bench can use it without the server.
 */

/** Issue 24 point 2: every call at ≥ 0.8 of the minimal server's throughput, at 10 and at 50 connections. */
export const MINIMAL_SHARE_GOAL = 0.8;

export const VERSUS_HEADER = [
  'call',
  'conn.',
  'req/s',
  'minimal',
  'ratio',
  'p99 ms',
  'minimal',
  'p99 ×',
  'CPU ms/req',
  'minimal',
  `goal ≥ ${MINIMAL_SHARE_GOAL}`,
];

/** The figures of one server for one call. */
interface Side {
  rps: number;
  p99: number;
  errors: number;
  cpuMsPerRequest?: number;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The cells of one call at one number of connections: both servers' figures, their ratios, the goal's verdict. */
export function versusCells(
  call: string,
  connections: number | undefined,
  portal: Side,
  minimal?: Side,
): string[] {
  const ratio = portal.rps / (minimal?.rps ?? NaN);
  const errors = portal.errors + (minimal?.errors ?? 0);
  return [
    call,
    String(connections ?? '–'),
    fmt(portal.rps, 0),
    fmt(minimal?.rps ?? NaN, 0),
    fmt(ratio, 2),
    fmt(portal.p99),
    fmt(minimal?.p99 ?? NaN),
    fmt(portal.p99 / (minimal?.p99 ?? NaN), 2),
    fmt(portal.cpuMsPerRequest ?? NaN, 2),
    fmt(minimal?.cpuMsPerRequest ?? NaN, 2),
    (ratio >= MINIMAL_SHARE_GOAL ? 'met' : `missed by ${fmt(MINIMAL_SHARE_GOAL - ratio, 2)}`) +
      (errors ? ` (${errors} errors)` : ''),
  ];
}
