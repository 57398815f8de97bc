import os from 'node:os';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium.js';
import type { EntryRoute } from './budgets.js';

export const CPU_SLOWDOWN = 4;
/** Issue 20: paint timings are medians of at least this many cold loads per route. */
export const MIN_LOADS = 5;

export interface Script {
  /** The path, e.g. `/assets/index-CXSmZf0j.js`. */
  path: string;
  bytes: number;
  gzip: number;
}

/** One cold load of a route, the CPU 4× slower. */
export interface RouteLoad {
  scripts: Script[];
  /** First contentful paint, largest contentful paint and total blocking time, in ms from navigation start. */
  fcpMs: number;
  lcpMs: number;
  lcpElement: string;
  tbtMs: number;
  /** Cumulative layout shift: every shift not caused by input, summed over the load. */
  cls: number;
}

export interface RouteFigures {
  route: string;
  path: string;
  /** gzip and uncompressed JavaScript of the first measured load. */
  scriptGzip: number;
  scriptBytes: number;
  scripts: Script[];
  /** Medians over the measured loads; NaN when `timingsWithheld`. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The lowest and highest of the measured loads (the spread around the median). */
  lcpRangeMs: [number, number];
  tbtRangeMs: [number, number];
  lcpElement: string;
  loads: number;
  /**
   * Why no timing is reported: the machine's load average was over its core count before or after the loads, so
   * the figures would measure the other work as much as the page.
   */
  timingsWithheld?: string;
  /**
   * Timings taken on a busy machine all the same (`--allow-busy`, to check the measurement works): shown, marked,
   * and never judged against a goal.
   */
  timingsOnBusyMachine?: string;
}

/**
 * Whether the machine is quiet enough to time a page: the 1-minute load average at most the core count. Returns
 * the reason when it is not.
 */
export function busyMachine(
  loadAverage = os.loadavg()[0]!,
  cores = os.availableParallelism(),
): string | undefined {
  return loadAverage > cores ? `load average ${loadAverage.toFixed(2)} over the ${cores} cores` : undefined;
}

/** How long a route waits at most for a quiet machine before its loads, and how often it looks. */
const QUIET_WAIT_MS = 60_000;
const QUIET_POLL_MS = 2_000;

/**
 * Waits until the machine is quiet ({@link busyMachine}) or `QUIET_WAIT_MS` has passed: the API runs just before
 * keep the load average high for a while. The loads' own check still decides whether their timings count.
 */
async function waitForQuiet(log: (line: string) => void, route: string): Promise<void> {
  const started = Date.now();
  let busy = busyMachine();
  if (!busy) return;
  log(`  ${route}: ${busy}, waiting up to ${QUIET_WAIT_MS / 1000} s for a quiet machine`);
  while (busy && Date.now() - started < QUIET_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    busy = busyMachine();
  }
  const waited = ((Date.now() - started) / 1000).toFixed(0);
  log(`  ${route}: ${busy ? `still busy after ${waited} s (${busy})` : `quiet after ${waited} s`}`);
}

/**
 * Installed before any page script: collects paints and long tasks from the start of every document. A string, so
 * the TypeScript loader cannot add helpers (esbuild's `__name`) that do not exist in the page.
 */
const OBSERVERS = `
  (() => {
    const state = { fcp: NaN, lcp: [], tasks: [], cls: 0 };
    window.__bench = state;
    const observe = (type, each) => {
      try {
        new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
      } catch {
        // an entry type this browser lacks
      }
    };
    observe('paint', (e) => {
      if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
    });
    observe('largest-contentful-paint', (e) => {
      state.lcp.push({ t: e.startTime, el: e.element ? e.element.tagName.toLowerCase() : '?' });
    });
    observe('longtask', (e) => state.tasks.push({ s: e.startTime, d: e.duration }));
    observe('layout-shift', (e) => {
      if (!e.hadRecentInput) state.cls += e.value;
    });
  })();
`;

interface Observed {
  fcp: number;
  lcp: { t: number; el: string }[];
  tasks: { s: number; d: number }[];
  cls: number;
}

/**
 * Total blocking time as Lighthouse defines it: every long task's time beyond 50 ms, counting only what lies after
 * the first contentful paint; here until the page has been quiet (no long task, network idle) for a second.
 */
export function totalBlockingTime(fcp: number, tasks: { s: number; d: number }[]): number {
  let total = 0;
  for (const task of tasks) {
    const end = task.s + task.d;
    if (end <= fcp) continue;
    const counted = end - Math.max(task.s, fcp);
    // A task that began before FCP blocks for what lies after FCP beyond the 50 ms allowance.
    total += Math.max(0, counted - 50);
  }
  return total;
}

/** What a signed-in tab holds: the provider's cookies and the sign-in library's session storage. */
export interface SignedInSession {
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  sessionStorage: [string, string][];
}

/** Signs in on the embedded provider's page as `route.signIn` and keeps what the tab then holds. */
export async function signIn(browser: Browser, baseUrl: string, route: EntryRoute): Promise<SignedInSession> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(route.path);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(route.signIn!);
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === route.path);
    await page.waitForLoadState('networkidle');
    const entries = await page.evaluate(() => {
      const storage = (
        globalThis as unknown as {
          sessionStorage: {
            length: number;
            key(i: number): string | null;
            getItem(key: string): string | null;
          };
        }
      ).sessionStorage;
      const all: [string, string][] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)!;
        all.push([key, storage.getItem(key)!]);
      }
      return all;
    });
    return { storageState: await context.storageState(), sessionStorage: entries };
  } finally {
    await context.close();
  }
}

/** Waits until no long task was seen for `quietMs` (at most `maxMs`). */
async function settle(page: Page, quietMs = 1000, maxMs = 10_000) {
  const until = Date.now() + maxMs;
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() < until) {
    const count = await page.evaluate(
      () => (globalThis as unknown as { __bench: Observed }).__bench.tasks.length,
    );
    if (count !== seen) {
      seen = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(200);
  }
}

/**
 * One cold load of `route` in a fresh context (its own renderer, nothing cached or compiled yet), the CPU slowed
 * down. A signed-in route gets the session of `session` first: its cookies, and its session storage written before
 * any script of the page runs, as in the tab that signed in.
 */
export async function loadRoute(
  browser: Browser,
  baseUrl: string,
  route: EntryRoute,
  session: SignedInSession | null,
): Promise<RouteLoad> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    ...(session ? { storageState: session.storageState } : {}),
  });
  try {
    await context.addInitScript({ content: OBSERVERS });
    if (session) {
      await context.addInitScript({
        content: `try { for (const [key, value] of ${JSON.stringify(session.sessionStorage)}) sessionStorage.setItem(key, value); } catch {}`,
      });
    }
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const bodies: Promise<Script | null>[] = [];
    page.on('response', (response) => {
      const isScript =
        response.request().resourceType() === 'script' ||
        (response.headers()['content-type'] ?? '').includes('javascript');
      if (!isScript) return;
      bodies.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            bytes: body.length,
            gzip: zlib.gzipSync(body).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(route.path, { waitUntil: 'networkidle', timeout: 60_000 });
    // A route's path may carry a query (`/assets?q=flash`): it is where the browser must end, query and all.
    const { pathname, search } = new URL(page.url());
    const landed = `${pathname}${search}`;
    if (landed !== route.path) throw new Error(`${route.name}: the browser ended at ${landed}`);
    await settle(page);
    const observed = await page.evaluate(() => (globalThis as unknown as { __bench: Observed }).__bench);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const scripts = (await Promise.all(bodies)).filter((script): script is Script => script !== null);
    const last = observed.lcp.at(-1);
    return {
      scripts,
      fcpMs: observed.fcp,
      lcpMs: last?.t ?? NaN,
      lcpElement: last?.el ?? '?',
      tbtMs: totalBlockingTime(observed.fcp, observed.tasks),
      cls: observed.cls,
    };
  } finally {
    await context.close();
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * Per route: a sign-in when it needs one, a first load that warms the server (not counted), then `loads` measured
 * cold loads (at least {@link MIN_LOADS}), once the machine is quiet or a minute has passed. The timings are their
 * medians with the spread; they are withheld (NaN, with the reason) when the machine was busy before or after the
 * loads.
 */
export async function measureRoutes(
  browser: Browser,
  baseUrl: string,
  routes: EntryRoute[],
  loads: number,
  log: (line: string) => void = console.log,
  { allowBusy = false }: { allowBusy?: boolean } = {},
): Promise<RouteFigures[]> {
  if (loads < MIN_LOADS) throw new Error(`at least ${MIN_LOADS} cold loads per route, not ${loads}`);
  const figures: RouteFigures[] = [];
  for (const route of routes) {
    const session = route.signIn ? await signIn(browser, baseUrl, route) : null;
    await loadRoute(browser, baseUrl, route, session);
    // Timed on a busy machine all the same when asked: then there is nothing to wait for.
    if (!allowBusy) await waitForQuiet(log, route.name);
    const busyBefore = busyMachine();
    const measured: RouteLoad[] = [];
    for (let i = 0; i < loads; i += 1) measured.push(await loadRoute(browser, baseUrl, route, session));
    const busy = busyBefore ?? busyMachine();
    const withheld = allowBusy || !busy ? undefined : `${busy}: timings not reported`;
    const timing = (key: 'fcpMs' | 'lcpMs' | 'tbtMs') =>
      withheld ? NaN : median(measured.map((load) => load[key]));
    const spread = (key: 'lcpMs' | 'tbtMs'): [number, number] =>
      withheld ? [NaN, NaN] : range(measured.map((load) => load[key]));
    const [first] = measured;
    const result: RouteFigures = {
      route: route.name,
      path: route.path,
      scriptGzip: first!.scripts.reduce((sum, script) => sum + script.gzip, 0),
      scriptBytes: first!.scripts.reduce((sum, script) => sum + script.bytes, 0),
      scripts: [...first!.scripts].sort((a, b) => b.gzip - a.gzip),
      fcpMs: timing('fcpMs'),
      lcpMs: timing('lcpMs'),
      tbtMs: timing('tbtMs'),
      lcpRangeMs: spread('lcpMs'),
      tbtRangeMs: spread('tbtMs'),
      lcpElement: first!.lcpElement,
      loads,
      ...(withheld ? { timingsWithheld: withheld } : {}),
      ...(allowBusy && busy ? { timingsOnBusyMachine: busy } : {}),
    };
    const ms = (value: number) => Math.round(value);
    log(
      `  ${route.name}: ${(result.scriptGzip / 1024).toFixed(1)} KB gzip JS in ${result.scripts.length} files, ${
        withheld
          ? `no LCP or TBT (${withheld})`
          : `LCP ${ms(result.lcpMs)} ms (${ms(result.lcpRangeMs[0])}–${ms(result.lcpRangeMs[1])}), TBT ${ms(result.tbtMs)} ms (${ms(result.tbtRangeMs[0])}–${ms(result.tbtRangeMs[1])}), median of ${loads}${
              result.timingsOnBusyMachine
                ? ` — busy machine, not valid figures (${result.timingsOnBusyMachine})`
                : ''
            }`
      }`,
    );
    figures.push(result);
  }
  return figures;
}

/** The full browser, not its headless shell: the figures are a browser's, comparable with earlier runs. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium({ shell: false }),
    args: CHROMIUM_ARGS,
    headless: true,
  });
}
