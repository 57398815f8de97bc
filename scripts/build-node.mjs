#!/usr/bin/env node
// Compiles one Node package's TypeScript (`<package>/src`, tests left out) to JavaScript in `<package>/dist`,
// file for file, so `node` runs the server without tsx (issue 21 point 8). Type checking is `pnpm typecheck`'s
// job; this only strips the types. Usage: node scripts/build-node.mjs server
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const packageDir = path.resolve(process.argv[2] ?? '.');
const src = path.join(packageDir, 'src');
const dist = path.join(packageDir, 'dist');

const sources = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });

fs.rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const entryPoints = sources(src);
await build({
  entryPoints,
  outdir: dist,
  outbase: src,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `${path.basename(packageDir)}: ${entryPoints.length} files to dist/ in ${Date.now() - started} ms`,
);
