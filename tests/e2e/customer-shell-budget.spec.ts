import zlib from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import { ENTRY_ROUTES } from '../../scripts/bench/budgets';

/** The budgets of /welcome on the production build (scripts/bench/budgets.ts: the size CI holds it to). */
const WELCOME = ENTRY_ROUTES.find((route) => route.path === '/welcome')!;
const MAX_SCRIPT_GZIP_BYTES = WELCOME.ciScriptGzip ?? WELCOME.maxScriptGzip;
const MAX_LCP_MS = WELCOME.maxLcpMs!;
const RUNS = 3;

interface Load {
  scripts: { url: string; bytes: number; gzip: number }[];
  lcpMs: number;
  lcpElement: string;
}

/**
 * One cold load of /welcome by an anonymous visitor in a fresh context (empty cache): every JavaScript file the
 * page fetched until the network went quiet, each gzipped (zlib's default level, as a server compressing on the
 * fly would), and the largest contentful paint.
 */
async function loadWelcome(browser: Browser, baseURL: string, cpuSlowdown = 1): Promise<Load> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  const bodies: Promise<Load['scripts'][number]>[] = [];
  page.on('response', (response) => {
    const isScript =
      response.request().resourceType() === 'script' ||
      (response.headers()['content-type'] ?? '').includes('javascript');
    if (!isScript) return;
    bodies.push(
      response
        .body()
        .then((body) => ({ url: response.url(), bytes: body.length, gzip: zlib.gzipSync(body).length })),
    );
  });
  await page.goto('/welcome', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Welcome to the Developer Portal' })).toBeVisible();
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          resolve({ ms: last.startTime, element: last.element?.tagName.toLowerCase() ?? '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const scripts = await Promise.all(bodies);
  await context.close();
  return { scripts, lcpMs: lcp.ms, lcpElement: lcp.element };
}

// Tracing and screenshots would slow the loads being timed.
test.use({ trace: 'off', screenshot: 'off', video: 'off' });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('budget of /welcome: JavaScript within its budget, largest contentful paint under 1.0 s', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A first load warms the server (database, file cache); it is not counted.
  await loadWelcome(browser, baseURL!);
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) loads.push(await loadWelcome(browser, baseURL!));
  const throttled = await loadWelcome(browser, baseURL!, 4);

  const [first] = loads;
  const gzipTotal = first!.scripts.reduce((sum, script) => sum + script.gzip, 0);
  const rawTotal = first!.scripts.reduce((sum, script) => sum + script.bytes, 0);
  const lcp = median(loads.map((load) => load.lcpMs));

  const lines = [
    `JavaScript loaded for /welcome: ${kb(gzipTotal)} gzip (${kb(rawTotal)} uncompressed) in ${first!.scripts.length} files; budget ${kb(MAX_SCRIPT_GZIP_BYTES)}`,
    ...first!.scripts
      .sort((a, b) => b.gzip - a.gzip)
      .map((script) => `  ${kb(script.gzip).padStart(9)}  ${new URL(script.url).pathname}`),
    `Largest contentful paint of /welcome: median ${Math.round(lcp)} ms over ${RUNS} cold loads (${loads
      .map((load) => Math.round(load.lcpMs))
      .join(', ')} ms; element <${first!.lcpElement}>); budget ${MAX_LCP_MS} ms`,
    `  for information, with the CPU 4× slower: ${Math.round(throttled.lcpMs)} ms`,
  ];
  console.log(lines.join('\n'));
  testInfo.annotations.push(
    { type: 'welcome-js-gzip-bytes', description: String(gzipTotal) },
    { type: 'welcome-lcp-ms', description: String(Math.round(lcp)) },
  );

  // A current Chromium runs the modern build: a refused or failing modern-browser check would send it to the
  // legacy one (SystemJS, ES5), which no budget above measures (see docs/production-build.md).
  const legacy = first!.scripts.map((s) => new URL(s.url).pathname).filter((p) => /-legacy-/.test(p));
  expect(legacy, 'legacy scripts loaded by a current Chromium').toEqual([]);
  // Every run loads the same files.
  for (const load of loads)
    expect(load.scripts.map((s) => s.url).sort()).toEqual(first!.scripts.map((s) => s.url).sort());
  expect(gzipTotal, 'gzip JavaScript of /welcome').toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
  expect(lcp, 'largest contentful paint of /welcome (ms)').toBeLessThan(MAX_LCP_MS);
});
