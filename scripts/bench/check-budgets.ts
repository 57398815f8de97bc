/**
 * Size budgets of issue 12, checked over the built apps without a browser: the gzip JavaScript a cold first load
 * of each entry route fetches (customer entry routes at most 150 KB, the admin console's first load at most
 * 450 KB). `pnpm test` runs it after the build and counts one check per route; it fails when a route is over.
 *
 *   tsx scripts/bench/check-budgets.ts [--static-dir <folder holding customer-app/dist and admin-app/dist>]
 *     [--json <file>]
 *
 * The static dir defaults to STATIC_DIR, as for the server, then the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENTRY_ROUTES } from './budgets.js';
import { entryRouteScripts, legacyBuildSizes, legacySizeLines } from './bundles.js';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: { 'static-dir': { type: 'string' }, json: { type: 'string' } },
});
const staticDir = path.resolve(args['static-dir'] ?? process.env.STATIC_DIR ?? root);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const results: { route: string; gzip: number; maxScriptGzip: number; files: string[]; error?: string }[] = [];
for (const route of ENTRY_ROUTES) {
  try {
    const [scripts] = entryRouteScripts(staticDir, [route]);
    results.push({ ...scripts!, maxScriptGzip: route.ciScriptGzip ?? route.maxScriptGzip });
  } catch (error) {
    results.push({
      route: route.name,
      gzip: NaN,
      maxScriptGzip: route.ciScriptGzip ?? route.maxScriptGzip,
      files: [],
      error: (error as Error).message,
    });
  }
}

console.log(`JavaScript of a cold first load, gzip, from the builds in ${staticDir}:`);
let failed = 0;
for (const result of results) {
  const ok = !result.error && result.gzip <= result.maxScriptGzip;
  if (!ok) failed += 1;
  const figure = result.error
    ? result.error
    : `${kb(result.gzip)} of ${kb(result.maxScriptGzip)} in ${result.files.length} files${ok ? '' : `: over by ${kb(result.gzip - result.maxScriptGzip)}`}`;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${result.route.padEnd(20)} ${figure}`);
}
console.log(`${results.length - failed} passed, ${failed} failed`);
// For information: the budgets hold the modern build, the one every supported browser with ES modules loads.
try {
  console.log(legacySizeLines(legacyBuildSizes(staticDir)).join('\n'));
} catch (error) {
  console.log(`Legacy build: ${(error as Error).message}`);
}
if (args.json) {
  fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
  fs.writeFileSync(
    args.json,
    `${JSON.stringify({ passed: results.length - failed, failed, routes: results }, null, 2)}\n`,
  );
}
process.exit(failed > 0 ? 1 : 0);
