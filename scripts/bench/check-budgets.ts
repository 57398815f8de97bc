/**
 * The size budgets of issue 12 (budgets.ts), checked over the built apps without a browser, one check per route in
 * `pnpm test`. Usage: `tsx scripts/bench/check-budgets.ts [--static-dir <dir>] [--json <file>]`.
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
