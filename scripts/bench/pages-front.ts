/**
 * The paint of the server-rendered public pages (issue 48): LCP and CLS of each, median of cold loads with the CPU
 * 4× slower (front.ts's `loadRoute`), against a running portal. Run it twice to compare: with the customer app's
 * server entry (customer-app/dist/.server) and with that folder moved aside, when every page is the app shell.
 *
 *   tsx scripts/bench/pages-front.ts --base http://127.0.0.1:8080 [--loads 5] [--allow-busy] [--path /welcome …]
 */
import { parseArgs } from 'node:util';
import type { EntryRoute } from './budgets.js';
import { MIN_LOADS, busyMachine, launchChromium, loadRoute, median } from './front.js';

const PAGES = [
  '/welcome',
  '/assets',
  '/assets?q=flash&sort=name',
  '/assets/software',
  '/documents',
  '/assets/nx-flash-programmer',
  '/assets/nx-motor-control-lib',
  '/software-bundles/6bca37e2-4b64-43e0-8e53-89682bed5cae',
  '/document/doc-nx240-datasheet',
];

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    loads: { type: 'string', default: String(MIN_LOADS) },
    'allow-busy': { type: 'boolean', default: false },
    /** Only these paths (repeatable). */
    path: { type: 'string', multiple: true },
  },
});
const loads = Number(args.loads);
if (!args.base || !(loads >= MIN_LOADS)) throw new Error(`--base <url> and --loads of at least ${MIN_LOADS}`);

const browser = await launchChromium();
try {
  for (const path of args.path ?? PAGES) {
    const route: EntryRoute = { name: path, app: 'customer-app', path, maxScriptGzip: Infinity, modules: [] };
    await loadRoute(browser, args.base, route, null);
    const measured = [];
    for (let i = 0; i < loads; i += 1) measured.push(await loadRoute(browser, args.base, route, null));
    const busy = busyMachine();
    const lcp = median(measured.map((load) => load.lcpMs));
    const cls = median(measured.map((load) => load.cls));
    const note = busy ? ` (${busy}${args['allow-busy'] ? '' : ': not valid figures'})` : '';
    console.log(
      `${path}\tLCP ${Math.round(lcp)} ms\tCLS ${cls.toFixed(3)}\t${measured[0]!.lcpElement}${note}`,
    );
  }
} finally {
  await browser.close();
}
