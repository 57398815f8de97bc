import type { EntryRoute } from './budgets.js';
import { buildTable, type BuildFigures } from './build-times.js';
import { legacySizeLines, type LegacySize } from './bundles.js';
import type { RouteFigures } from './front.js';
import type { MemoryProbe } from './memory.js';
import { MINIMAL_SHARE_GOAL, VERSUS_HEADER, versusCells } from '../../server/bench/versus-table.js';
import type { DatabaseKind, ScenarioFigures, ScenarioKind } from './types.js';

/** The goals of issue 12 (2 cores, PostgreSQL, 10 concurrent clients). */
export const GOALS = {
  listP99Ms: 30,
  throughputShareOfBare: 0.4,
  serverMemoryMb: 300,
  growth: 1.5,
  /** Issue 24: p99 growing at most this much from the smallest to the largest size, and across the own list's scopes. */
  flat: 1.3,
} as const;

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string | null;
  chromium: string | null;
  /** 1-minute load average when the run started and ended: other work on the machine slows figures down. */
  loadAtStart: number;
  loadAtEnd: number;
}

/** One scenario of one benchmark, database and data set size. */
export interface ApiRow {
  bench: string;
  scenario: string;
  kind: ScenarioKind;
  database: DatabaseKind;
  serialNumbers: number;
  data: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** rps / the bare route's rps (or the rps of the bench's own `ceiling` scenario). */
  shareOfBare: number;
  p99Goal?: number;
  ceiling?: string;
  note?: string;
  clientsIn?: ScenarioFigures['clientsIn'];
  connections?: number;
  cpuMsPerRequest?: number;
  standsFor?: ScenarioFigures['standsFor'];
}

export interface MemoryRow {
  bench: string;
  database: DatabaseKind;
  serialNumbers: number;
  peakRssMb: number;
}

/** How a figure changed from the smallest to the largest data set of the run. */
export interface GrowthRow {
  bench: string;
  scenario: string;
  database: DatabaseKind;
  from: number;
  to: number;
  /** p50 and p99 at the largest size over the smallest; rps at the smallest over the largest. */
  p50: number;
  p99: number;
  rps: number;
  flagged: boolean;
}

export interface FrontRow extends RouteFigures {
  maxScriptGzip: number;
  maxLcpMs?: number;
  maxTbtMs?: number;
  /** The same figure from the build alone (check-budgets.ts), and the files the two disagree on. */
  staticGzip: number | null;
  onlyInBrowser: string[];
  onlyInModel: string[];
}

export interface GoalRow {
  goal: string;
  subject: string;
  value: number;
  limit: number;
  unit: 'ms' | '%' | 'MB' | 'KB' | '×';
  met: boolean;
  /** How far off, when missed: "+15.8 ms (53 % over)". */
  missedBy?: string;
}

export interface Report {
  startedAt: string;
  durationSeconds: number;
  command: string;
  commit: string;
  machine: Machine;
  options: {
    sizes: number[];
    seconds: number;
    clients: number;
    databases: DatabaseKind[];
    loads: number;
    cpuSlowdown: number;
  };
  /** The bare route's runs; the ceilings for clients on the event loop and in a worker thread. */
  bare: { runs: ScenarioFigures[]; ceilingRps: number; workerCeilingRps: number } | null;
  api: ApiRow[];
  apiFailures: { bench: string; database: string; serialNumbers: number; error: string }[];
  memory: MemoryRow[];
  /** The portal server's own memory in its own process (the memory goal); null when not measured. */
  serverMemory: MemoryProbe | null;
  growth: GrowthRow[];
  front: FrontRow[];
  frontError?: string;
  /** The legacy build of each app (browsers without ES modules); absent in reports from before it existed. */
  legacy?: LegacySize[];
  /** Build and start times; absent in reports from before they were measured. */
  build?: BuildFigures;
  goals: GoalRow[];
}

export const sizeLabel = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
const dbLabel = (db: string) => (db === 'postgres' ? 'PostgreSQL' : db === 'pglite' ? 'PGlite' : db);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pct = (share: number) => `${fmt(share * 100, 0)} %`;

/** Ratios from the smallest to the largest size, per benchmark, scenario and database. */
export function growthOf(api: ApiRow[]): GrowthRow[] {
  const groups = new Map<string, ApiRow[]>();
  for (const row of api) {
    const key = `${row.bench}\u0000${row.scenario}\u0000${row.database}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const rows: GrowthRow[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => a.serialNumbers - b.serialNumbers);
    const small = sorted[0]!;
    const large = sorted.at(-1)!;
    if (small.serialNumbers === large.serialNumbers) continue;
    const p50 = large.p50 / small.p50;
    const p99 = large.p99 / small.p99;
    const rps = small.rps / large.rps;
    rows.push({
      bench: small.bench,
      scenario: small.scenario,
      database: small.database,
      from: small.serialNumbers,
      to: large.serialNumbers,
      p50,
      p99,
      rps,
      flagged: Math.max(p50, p99, rps) > GOALS.growth,
    });
  }
  return rows;
}

function over(value: number, limit: number, unit: GoalRow['unit'], digits = 1): string {
  return `+${fmt(value - limit, digits)} ${unit} (${fmt(((value - limit) / limit) * 100, 0)} % over)`;
}

/**
 * Evaluates the goals of issue 12: on PostgreSQL at the largest data set of the run, every list p99 and every
 * call's share of the bare route's throughput; the peak memory there; the growth over the sizes; the front end's
 * JavaScript and LCP per entry route.
 */
export function evaluateGoals(
  api: ApiRow[],
  serverMemory: MemoryProbe | null,
  memory: MemoryRow[],
  growth: GrowthRow[],
  front: FrontRow[],
  routes: EntryRoute[],
): GoalRow[] {
  const goals: GoalRow[] = [];
  const postgres = api.filter((row) => row.database === 'postgres');
  const largest = Math.max(...postgres.map((row) => row.serialNumbers));
  const atLargest = postgres.filter((row) => row.serialNumbers === largest);
  const subject = (row: ApiRow) => `${row.bench}: ${row.scenario} (${sizeLabel(row.serialNumbers)})`;
  for (const row of atLargest.filter((r) => r.kind === 'list')) {
    const met = row.p99 < GOALS.listP99Ms;
    goals.push({
      goal: `list p99 < ${GOALS.listP99Ms} ms`,
      subject: subject(row),
      value: row.p99,
      limit: GOALS.listP99Ms,
      unit: 'ms',
      met,
      ...(met ? {} : { missedBy: over(row.p99, GOALS.listP99Ms, 'ms') }),
    });
  }
  for (const row of atLargest.filter((r) => r.kind !== 'baseline' && r.bench !== VERSUS)) {
    const met = row.shareOfBare >= GOALS.throughputShareOfBare;
    goals.push({
      goal: `throughput ≥ ${pct(GOALS.throughputShareOfBare)} of the bare route`,
      subject: subject(row),
      value: row.shareOfBare * 100,
      limit: GOALS.throughputShareOfBare * 100,
      unit: '%',
      met,
      ...(met
        ? {}
        : {
            missedBy: `${fmt((GOALS.throughputShareOfBare - row.shareOfBare) * 100, 1)} points short (${fmt(row.rps, 0)} req/s of ${fmt(row.rps / row.shareOfBare, 0)})`,
          }),
    });
  }
  // Issue 24: each call against the minimal server doing the same SQL (its `ceiling`), per number of connections.
  for (const row of atLargest.filter((r) => r.kind !== 'baseline' && r.bench === VERSUS)) {
    const met = row.shareOfBare >= MINIMAL_SHARE_GOAL;
    goals.push({
      goal: `throughput ≥ ${MINIMAL_SHARE_GOAL} of the minimal server`,
      subject: subject(row),
      value: row.shareOfBare,
      limit: MINIMAL_SHARE_GOAL,
      unit: '×',
      met,
      ...(met
        ? {}
        : { missedBy: `${fmt(MINIMAL_SHARE_GOAL - row.shareOfBare, 2)} short (${fmt(row.shareOfBare, 2)})` }),
    });
  }
  // Benchmarks without a data set (upload streaming) run once, on their own database.
  for (const row of api.filter((r) => r.serialNumbers === 0 && r.kind !== 'baseline')) {
    const met = row.shareOfBare >= GOALS.throughputShareOfBare;
    goals.push({
      goal: `throughput ≥ ${pct(GOALS.throughputShareOfBare)} of ${row.ceiling ? 'its own ceiling' : 'the bare route'}`,
      subject: `${row.bench}: ${row.scenario} (${dbLabel(row.database)})`,
      value: row.shareOfBare * 100,
      limit: GOALS.throughputShareOfBare * 100,
      unit: '%',
      met,
      ...(met
        ? {}
        : { missedBy: `${fmt((GOALS.throughputShareOfBare - row.shareOfBare) * 100, 1)} points short` }),
    });
  }
  if (serverMemory) {
    const met = serverMemory.peakRssMb < GOALS.serverMemoryMb;
    goals.push({
      goal: `server memory < ${GOALS.serverMemoryMb} MB`,
      subject: `portal server's peak RSS under load (${sizeLabel(serverMemory.serialNumbers)})`,
      value: serverMemory.peakRssMb,
      limit: GOALS.serverMemoryMb,
      unit: 'MB',
      met,
      ...(met ? {} : { missedBy: over(serverMemory.peakRssMb, GOALS.serverMemoryMb, 'MB', 0) }),
    });
  } else {
    // Without the probe, the bench processes' peaks: an upper bound (they hold the load generator too).
    const pgMemory = memory.filter((row) => row.database === 'postgres' && row.serialNumbers === largest);
    if (pgMemory.length > 0) {
      const peak = pgMemory.reduce((a, b) => (b.peakRssMb > a.peakRssMb ? b : a));
      const met = peak.peakRssMb < GOALS.serverMemoryMb;
      goals.push({
        goal: `server memory < ${GOALS.serverMemoryMb} MB`,
        subject: `peak RSS of the ${peak.bench} bench process with its clients (${sizeLabel(largest)})`,
        value: peak.peakRssMb,
        limit: GOALS.serverMemoryMb,
        unit: 'MB',
        met,
        ...(met ? {} : { missedBy: over(peak.peakRssMb, GOALS.serverMemoryMb, 'MB', 0) }),
      });
    }
  }
  const baselines = new Set(api.filter((r) => r.kind === 'baseline').map((r) => `${r.bench}: ${r.scenario}`));
  for (const row of growth.filter(
    (r) => r.database === 'postgres' && !baselines.has(`${r.bench}: ${r.scenario}`),
  )) {
    const worst = Math.max(row.p50, row.p99, row.rps);
    const met = worst <= GOALS.growth;
    goals.push({
      goal: `growth ≤ ${GOALS.growth}× from ${sizeLabel(row.from)} to ${sizeLabel(row.to)}`,
      subject: `${row.bench}: ${row.scenario}`,
      value: worst,
      limit: GOALS.growth,
      unit: '×',
      met,
      ...(met
        ? {}
        : {
            missedBy: `${over(worst, GOALS.growth, '×', 2)}: p50 ${fmt(row.p50, 2)}×, p99 ${fmt(row.p99, 2)}×, time per request ${fmt(row.rps, 2)}×`,
          }),
    });
  }
  for (const row of growth.filter(
    (r) => r.database === 'postgres' && r.from >= 10_000 && r.bench !== VERSUS,
  )) {
    const met = row.p99 <= GOALS.flat;
    goals.push({
      goal: `p99 growth ≤ ${GOALS.flat}× from ${sizeLabel(row.from)} to ${sizeLabel(row.to)} (issue 24)`,
      subject: `${row.bench}: ${row.scenario}`,
      value: row.p99,
      limit: GOALS.flat,
      unit: '×',
      met,
      ...(met ? {} : { missedBy: over(row.p99, GOALS.flat, '×', 2) }),
    });
  }
  // The customer's own list with its scopes (projects bench: "own list, <share> in scope, <page> page").
  for (const page of ['first', 'deepest']) {
    const rows = atLargest.filter(
      (r) => r.bench === 'projects' && new RegExp(`^own list, .* ${page} page$`).test(r.scenario),
    );
    if (rows.length < 2) continue;
    const spread = Math.max(...rows.map((r) => r.p99)) / Math.min(...rows.map((r) => r.p99));
    const met = spread <= GOALS.flat;
    goals.push({
      goal: `own list p99 within ${GOALS.flat}× across its scopes (issue 24)`,
      subject: `projects: own list, ${page} page, ${rows.map((r) => r.scenario.split(', ')[1]).join(' / ')} (${sizeLabel(largest)})`,
      value: spread,
      limit: GOALS.flat,
      unit: '×',
      met,
      ...(met
        ? {}
        : {
            missedBy: `${over(spread, GOALS.flat, '×', 2)}: p99 ${rows.map((r) => fmt(r.p99)).join(' / ')} ms`,
          }),
    });
  }
  for (const row of front) {
    const route = routes.find((r) => r.name === row.route)!;
    const kb = row.scriptGzip / 1024;
    const maxKb = route.maxScriptGzip / 1024;
    const jsMet = row.scriptGzip <= route.maxScriptGzip;
    goals.push({
      goal: `${route.app === 'admin-app' ? 'admin first load' : 'customer entry route'} ≤ ${fmt(maxKb, 0)} KB gzip JS`,
      subject: row.route,
      value: kb,
      limit: maxKb,
      unit: 'KB',
      met: jsMet,
      ...(jsMet ? {} : { missedBy: over(kb, maxKb, 'KB') }),
    });
    // A busy machine's timings are withheld, or marked when taken anyway: no goal is judged on them.
    if (row.timingsWithheld || row.timingsOnBusyMachine) continue;
    const timingGoals = [
      ['LCP', route.maxLcpMs, row.lcpMs],
      ['TBT', route.maxTbtMs, row.tbtMs],
    ] as const;
    for (const [name, limit, value] of timingGoals) {
      if (limit === undefined) continue;
      const met = value <= limit;
      goals.push({
        goal: `${name} ≤ ${name === 'LCP' ? `${fmt(limit / 1000, 1)} s` : `${limit} ms`} (CPU 4× slower)`,
        subject: row.route,
        value,
        limit,
        unit: 'ms',
        met,
        ...(met ? {} : { missedBy: over(value, limit, 'ms', 0) }),
      });
    }
  }
  return goals;
}

/** A Markdown table. */
function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The bench of the portal against the minimal server (server/bench/versus.ts). */
export const VERSUS = 'versus';

/**
 * A row's throughput as a ratio to the minimal server at the largest size, per number of connections (`0.61 / 0.79`
 * at 10 / 50): from the minimal-server bench's rows that stand for it, or the row itself when it is one of them.
 */
function ofMinimal(report: Report, row: ApiRow | undefined): string {
  if (!row) return '–';
  if (row.bench === VERSUS) return row.kind === 'baseline' ? '–' : fmt(row.shareOfBare, 2);
  const twins = report.api
    .filter(
      (other) =>
        other.standsFor?.bench === row.bench &&
        other.standsFor.scenario === row.scenario &&
        other.database === row.database &&
        other.serialNumbers === row.serialNumbers,
    )
    .sort((a, b) => (a.connections ?? 0) - (b.connections ?? 0));
  return twins.length ? twins.map((twin) => fmt(twin.shareOfBare, 2)).join(' / ') : '–';
}

/**
 * The API table: one row per benchmark, scenario and database; p50/p99 per size; rps, share of the bare route and
 * ratio to the minimal server at the largest. The minimal-server bench's rows that repeat another bench's scenario
 * show only as that ratio, and the minimal server's own rows not at all.
 */
export function apiTable(report: Report): string {
  const sizes = report.options.sizes;
  const keys = [
    ...new Set(
      report.api
        .filter(
          (row) =>
            row.serialNumbers > 0 && !(row.bench === VERSUS && (row.standsFor || row.kind === 'baseline')),
        )
        .map((row) => `${row.bench}\u0000${row.scenario}\u0000${row.database}`),
    ),
  ];
  const rows = keys.map((key) => {
    const [bench, scenario, database] = key.split('\u0000') as [string, string, string];
    const of = (size: number) =>
      report.api.find(
        (row) =>
          row.bench === bench &&
          row.scenario === scenario &&
          row.database === database &&
          row.serialNumbers === size,
      );
    const largest = [...sizes].reverse().map(of).find(Boolean);
    const growth = report.growth.find(
      (row) => row.bench === bench && row.scenario === scenario && row.database === database,
    );
    const worst = growth ? Math.max(growth.p50, growth.p99, growth.rps) : NaN;
    return [
      bench,
      scenario,
      dbLabel(database),
      ...sizes.map((size) => {
        const row = of(size);
        return row ? `${fmt(row.p50)} / ${fmt(row.p99)}` : '–';
      }),
      largest ? fmt(largest.rps, 0) : '–',
      largest?.bench === VERSUS
        ? '–'
        : largest && largest.kind !== 'baseline'
          ? `${pct(largest.shareOfBare)}${largest.ceiling ? ` of ${largest.ceiling}` : ''}`
          : largest
            ? `(${pct(largest.shareOfBare)})`
            : '–',
      ofMinimal(report, largest),
      growth ? `${fmt(worst, 2)}×${growth.flagged ? ' ⚠' : ''}` : '–',
      largest ? String(largest.errors) : '–',
    ];
  });
  return table(
    [
      'bench',
      'scenario',
      'database',
      ...sizes.map((size) => `p50 / p99 ms, ${sizeLabel(size)}`),
      `req/s, ${sizeLabel(sizes.at(-1)!)}`,
      'of bare',
      'of minimal, 10 / 50 conn.',
      'growth',
      'errors',
    ],
    rows,
    ['l', 'l', 'l', ...sizes.map(() => 'r' as const), 'r', 'r', 'r', 'r', 'r'],
  );
}

/**
 * The portal against the minimal server (issue 24), at the largest size: per call and number of connections, req/s
 * of both and their ratio, p99 of both and their ratio, CPU time per request of both.
 */
export function versusTable(report: Report): string {
  const call = (row: ApiRow) => row.scenario.replace(/, \d+ connections$/, '');
  const rows = report.api
    .filter((row) => row.bench === VERSUS && row.kind !== 'baseline')
    .sort((a, b) => call(a).localeCompare(call(b)) || (a.connections ?? 0) - (b.connections ?? 0));
  return table(
    VERSUS_HEADER,
    rows.map((row) => {
      const minimal = report.api.find((other) => other.bench === VERSUS && other.scenario === row.ceiling);
      const name = row.standsFor
        ? `${call(row)} (${row.standsFor.bench}: ${row.standsFor.scenario})`
        : call(row);
      return versusCells(name, row.connections, row, minimal);
    }),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

/** Benchmarks without a data set (upload streaming): one row per scenario. */
export function onceTable(report: Report): string {
  return table(
    ['bench', 'scenario', 'database', 'p50 / p99 ms', 'req/s', 'of ceiling', 'errors'],
    report.api
      .filter((row) => row.serialNumbers === 0)
      .map((row) => [
        row.bench,
        row.scenario,
        dbLabel(row.database),
        `${fmt(row.p50)} / ${fmt(row.p99)}`,
        fmt(row.rps, 1),
        row.kind === 'baseline' ? '(the ceiling)' : pct(row.shareOfBare),
        String(row.errors),
      ]),
    ['l', 'l', 'l', 'r', 'r', 'r', 'r'],
  );
}

export function frontTable(report: Report): string {
  return table(
    [
      'route',
      'JS gzip',
      'budget',
      'files',
      'FCP ms',
      'LCP ms',
      'LCP spread',
      'LCP goal',
      'TBT ms',
      'TBT spread',
      'TBT goal',
      'build-only check',
    ],
    report.front.map((row) => [
      row.route,
      `${fmt(row.scriptGzip / 1024)} KB`,
      `${fmt(row.maxScriptGzip / 1024, 0)} KB`,
      String(row.scripts.length),
      row.timingsWithheld ? 'busy' : `${fmt(row.fcpMs, 0)}${row.timingsOnBusyMachine ? ' (busy)' : ''}`,
      row.timingsWithheld ? 'busy' : `${fmt(row.lcpMs, 0)}${row.timingsOnBusyMachine ? ' (busy)' : ''}`,
      spreadText(row.lcpRangeMs),
      row.maxLcpMs ? `≤ ${row.maxLcpMs}` : '–',
      row.timingsWithheld ? 'busy' : `${fmt(row.tbtMs, 0)}${row.timingsOnBusyMachine ? ' (busy)' : ''}`,
      spreadText(row.tbtRangeMs),
      row.maxTbtMs ? `≤ ${row.maxTbtMs}` : '–',
      row.staticGzip === null
        ? '–'
        : `${fmt(row.staticGzip / 1024)} KB${row.onlyInBrowser.length + row.onlyInModel.length > 0 ? ' ⚠ model differs' : ''}`,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** `min–max` of the measured loads; a dash when the timings were withheld or are missing (an older report). */
const spreadText = (range: [number, number] | undefined) =>
  range && Number.isFinite(range[0]) ? `${fmt(range[0], 0)}–${fmt(range[1], 0)}` : '–';

export function goalsTable(report: Report): string {
  const digits = (unit: GoalRow['unit']) => (unit === '×' ? 2 : unit === 'MB' || unit === '%' ? 0 : 1);
  return table(
    ['goal', 'subject', 'figure', 'result'],
    report.goals.map((goal) => [
      goal.goal,
      goal.subject,
      `${fmt(goal.value, digits(goal.unit))} ${goal.unit}`,
      goal.met ? 'met' : `**missed** by ${goal.missedBy}`,
    ]),
  );
}

export function machineLine(report: Report): string {
  const m = report.machine;
  return [
    `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}`,
    `Node ${m.node}`,
    m.postgres ?? 'no PostgreSQL',
    m.chromium ? `Chromium ${m.chromium}` : 'no Chromium',
    `load average ${fmt(m.loadAtStart, 2)} at the start, ${fmt(m.loadAtEnd, 2)} at the end`,
  ].join('; ');
}

/** The whole report in Markdown: what the README shows. */
export function markdown(report: Report): string {
  const o = report.options;
  const missed = report.goals.filter((goal) => !goal.met);
  const parts = [
    `# Benchmark report`,
    '',
    `Measured ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC in ${fmt(report.durationSeconds / 60, 1)} min on commit ${report.commit}: ${machineLine(report)}.`,
    '',
    ...(Math.max(report.machine.loadAtStart, report.machine.loadAtEnd) > report.machine.cores
      ? [
          `⚠ The machine was busy (load average up to ${fmt(Math.max(report.machine.loadAtStart, report.machine.loadAtEnd), 1)} on ${report.machine.cores} cores): other work slowed these figures down; run again on a quiet machine before quoting them.`,
          '',
        ]
      : []),
    `Command: \`${report.command}\`. ${o.clients} concurrent clients over loopback HTTP, ${o.seconds} s per scenario after a warm-up, the server and its clients in one Node process; data sets of ${o.sizes.map(sizeLabel).join(', ')} serial numbers (with 1/10 as many projects, 1/100 as many boards; the catalogue at the same fraction of 10k tools).`,
    '',
    `## API`,
    '',
    report.bare
      ? `Bare Fastify route (the ceiling), before and after the API runs: ${report.bare.runs.map((run) => `${run.name} ${fmt(run.rps, 0)} req/s (p99 ${fmt(run.p99)} ms)`).join(', ')}. "of bare" divides by the better run with the clients where the benchmark had them (on the server's event loop: ${fmt(report.bare.ceilingRps, 0)} req/s; in a worker thread: ${fmt(report.bare.workerCeilingRps, 0)} req/s). "growth": the worst of p50, p99 and time per request from the smallest to the largest data set (⚠ over ${GOALS.growth}×).`
      : 'No bare route figures.',
    '',
    report.api.some((row) => row.serialNumbers > 0) ? apiTable(report) : 'No API figures.',
    '',
    ...(report.api.some((row) => row.bench === VERSUS)
      ? [
          `Against the minimal server (issue 24: Fastify, jose, a \`pg\` pool, the portal's own statement prepared once, the same JSON), on PostgreSQL at ${sizeLabel(Math.max(...report.api.filter((row) => row.bench === VERSUS).map((row) => row.serialNumbers)))}: portal and minimal server measured in turn twice (the mean counts), the clients in their own process, CPU the servers' process time per request; goal: throughput ≥ ${MINIMAL_SHARE_GOAL} of the minimal server's.`,
          '',
          versusTable(report),
          '',
        ]
      : []),
    ...(report.api.some((row) => row.serialNumbers === 0) ? [onceTable(report), ''] : []),
    ...report.api
      .filter((row) => row.note)
      .map(
        (row) =>
          `- ${row.bench}, ${row.scenario}, ${dbLabel(row.database)}${row.serialNumbers > 0 ? `, ${sizeLabel(row.serialNumbers)}` : ''}: ${row.note}`,
      ),
    ...(report.api.some((row) => row.note) ? [''] : []),
    ...(report.apiFailures.length > 0
      ? [
          'Runs without figures:',
          '',
          ...report.apiFailures.map(
            (f) =>
              `- ${f.bench}, ${dbLabel(f.database)}, ${sizeLabel(f.serialNumbers)}: ${f.error.split('\n')[0]}`,
          ),
          '',
        ]
      : []),
    report.serverMemory
      ? `Server memory: the portal server in its own process on PostgreSQL with ${sizeLabel(report.serverMemory.serialNumbers)} serial numbers, ${fmt(report.serverMemory.idleRssMb, 0)} MB at rest after the fill, peak ${fmt(report.serverMemory.peakRssMb, 0)} MB under ${report.options.clients} clients mixing list, detail and search calls (${fmt(report.serverMemory.load.rps, 0)} req/s, ${report.serverMemory.load.errors} errors).`
      : 'Server memory: not measured on its own (no PostgreSQL, or skipped).',
    '',
    `Peak memory of each bench process (server, its clients and, on PGlite, the database; an upper bound): ${
      report.memory
        .map(
          (m) => `${m.bench} ${dbLabel(m.database)} ${sizeLabel(m.serialNumbers)} ${fmt(m.peakRssMb, 0)} MB`,
        )
        .join(', ') || 'none'
    }.`,
    '',
    `## Front end`,
    '',
    `Headless Chromium, CPU ${o.cpuSlowdown}× slower (\`Emulation.setCPUThrottlingRate\`), browser cache off, median of ${o.loads} cold loads after one warm-up, with their spread (lowest–highest); timings are not reported ("busy") for a route when the 1-minute load average was over the core count before or after its loads; JavaScript is gzip (zlib default level) of every script the load fetched; TBT counts long tasks after FCP until the page is quiet for 1 s. Every load is a fresh browser context; a signed-in route gets the cookies and session storage a sign-in left. "build-only check": the same figure from the build by \`check-budgets.ts\` (what \`pnpm test\` checks).`,
    '',
    report.front.length > 0
      ? frontTable(report)
      : `No front-end figures${report.frontError ? `: ${report.frontError}` : ''}.`,
    '',
    ...report.front
      .filter((row) => row.timingsWithheld)
      .map((row) => `- ${row.route}: ${row.timingsWithheld}.`),
    ...report.front
      .filter((row) => row.timingsOnBusyMachine)
      .map(
        (row) =>
          `- ${row.route}: timed with \`--allow-busy\` on a busy machine (${row.timingsOnBusyMachine}): not valid figures, no goal judged.`,
      ),
    ...report.front
      .filter((row) => row.onlyInBrowser.length + row.onlyInModel.length > 0)
      .map(
        (row) =>
          `- ⚠ ${row.route}: the build-only model differs from the browser (only loaded: ${row.onlyInBrowser.join(', ') || '–'}; only in the model: ${row.onlyInModel.join(', ') || '–'}); update its modules in scripts/bench/budgets.ts.`,
      ),
    '',
    ...(report.legacy ? [...legacySizeLines(report.legacy), ''] : []),
    ...(report.build
      ? [
          `## Build and start`,
          '',
          `Each app's \`vite build\`, one after the other; a fresh clone of the commit through \`pnpm install\` and \`pnpm start\` until /welcome answers, then a second \`pnpm start\` with nothing changed.${report.build.startError ? ` Start times failed: ${report.build.startError}` : ''}`,
          '',
          buildTable(report.build, null),
          '',
        ]
      : []),
    `## Goals (issue 12)`,
    '',
    `On PostgreSQL at the largest data set of the run (${sizeLabel(Math.max(...o.sizes))}), ${o.clients} clients. ${missed.length} of ${report.goals.length} missed.`,
    '',
    goalsTable(report),
    '',
  ];
  return parts.join('\n');
}
