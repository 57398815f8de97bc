#!/usr/bin/env node
// Type checks with TypeScript 7, the native compiler, for speed (docs/testing.md); `typescript` stays for
// typescript-eslint and editors. Usage: node scripts/typecheck.mjs [folder…] (no folder: every project).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Every project: the packages with a `typecheck` script of their own (each names its folder), then the scripts'. */
const packages = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .filter(
    (folder) =>
      JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')).scripts?.typecheck,
  )
  .sort();
const PROJECTS = [...packages, 'scripts', 'scripts/bench', 'scripts/ops'];

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);
const asked = process.argv.slice(2).map((folder) => path.relative(root, path.resolve(folder)));
const unknown = asked.filter((folder) => !PROJECTS.includes(folder));
if (unknown.length) {
  console.error(`not a project of scripts/typecheck.mjs: ${unknown.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const project of asked.length ? asked : PROJECTS) {
  const { status } = spawnSync(
    process.execPath,
    [tsc, '--noEmit', '-p', path.join(root, project, 'tsconfig.json')],
    {
      stdio: 'inherit',
    },
  );
  if (status !== 0) {
    console.error(`type check failed: ${project}`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
