import zlib from 'node:zlib';
import { expect, test, type Browser } from '../support/test.js';
import { ENTRY_ROUTES } from '../../scripts/bench/budgets';

/**
 * The script budget of /welcome on the production build (scripts/bench/budgets.ts: the size CI holds it to). Its
 * largest contentful paint is a time, judged by `pnpm bench` on a quiet machine, not by a test.
 */
const WELCOME = ENTRY_ROUTES.find((route) => route.path === '/welcome')!;
const MAX_SCRIPT_GZIP_BYTES = WELCOME.ciScriptGzip ?? WELCOME.maxScriptGzip;

interface Load {
  scripts: { url: string; bytes: number; gzip: number }[];
}

/**
 * One cold load of /welcome by an anonymous visitor in a fresh context (empty cache): every JavaScript file the
 * page fetched until the network went quiet, each gzipped (zlib's default level, as a server compressing on the
 * fly would).
 */
async function loadWelcome(browser: Browser, baseURL: string): Promise<Load> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
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
  const scripts = await Promise.all(bodies);
  await context.close();
  return { scripts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('budget of /welcome: the JavaScript a cold load fetches stays within its budget', async ({
  browser,
  baseURL,
}, testInfo) => {
  // Two cold loads: the second must fetch the same files as the first (nothing loaded by chance or by timing).
  const loads = [await loadWelcome(browser, baseURL!), await loadWelcome(browser, baseURL!)];

  const [first] = loads;
  const gzipTotal = first!.scripts.reduce((sum, script) => sum + script.gzip, 0);
  const rawTotal = first!.scripts.reduce((sum, script) => sum + script.bytes, 0);

  const lines = [
    `JavaScript loaded for /welcome: ${kb(gzipTotal)} gzip (${kb(rawTotal)} uncompressed) in ${first!.scripts.length} files; budget ${kb(MAX_SCRIPT_GZIP_BYTES)}`,
    ...first!.scripts
      .sort((a, b) => b.gzip - a.gzip)
      .map((script) => `  ${kb(script.gzip).padStart(9)}  ${new URL(script.url).pathname}`),
  ];
  console.log(lines.join('\n'));
  testInfo.annotations.push({ type: 'welcome-js-gzip-bytes', description: String(gzipTotal) });

  // A current Chromium runs the modern build: a refused or failing modern-browser check would send it to the
  // legacy one (SystemJS, ES5), which no budget above measures (see docs/production-build.md).
  const legacy = first!.scripts.map((s) => new URL(s.url).pathname).filter((p) => /-legacy-/.test(p));
  expect(legacy, 'legacy scripts loaded by a current Chromium').toEqual([]);
  // Every run loads the same files.
  for (const load of loads)
    expect(load.scripts.map((s) => s.url).sort()).toEqual(first!.scripts.map((s) => s.url).sort());
  expect(gzipTotal, 'gzip JavaScript of /welcome').toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
});
