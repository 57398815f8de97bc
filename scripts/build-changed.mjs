#!/usr/bin/env node
// `pnpm start`'s build (issue 43): skips a package whose inputs hash to its dist/.build-hash. Plain Node, no tsx:
// it runs on every start. Usage: node scripts/build-changed.mjs [--force] [--dry-run] [package…]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');
const HASH_FILE = '.build-hash';

/** What every app build reads besides its own folder: the packages it bundles and the browser targets. */
const APP_SHARED_INPUTS = [
  'resources/src',
  'resources/package.json',
  'data-provider/src',
  'data-provider/package.json',
  'scripts/browsers.ts',
  'scripts/minify.ts',
  'scripts/flex-gap.js',
  'scripts/modern-polyfills.js',
  'package.json',
  'tsconfig.base.json',
];
const NODE_BUILD = ['scripts/build-node.mjs'];
const LOCKFILE = 'pnpm-lock.yaml';
const SELF = 'scripts/build-changed.mjs';

const viteBuild = (app) => ({
  command: path.join(root, app, 'node_modules', '.bin', 'vite'),
  args: ['build'],
  cwd: path.join(root, app),
});
const nodeBuild = (pkg) => ({
  command: process.execPath,
  args: [path.join(root, 'scripts', 'build-node.mjs'), pkg],
  cwd: root,
});

/**
 * The packages `pnpm start` needs built, in order. The apps bundle the sources of resources and data-provider, so
 * those are their inputs too; the server imports resources' build at run time, so only its own sources are.
 */
const PACKAGES = [
  {
    name: 'resources',
    inputs: ['resources/src', 'resources/package.json', ...NODE_BUILD],
    build: nodeBuild('resources'),
  },
  {
    name: 'server',
    inputs: ['server/src', 'server/package.json', ...NODE_BUILD],
    build: nodeBuild('server'),
  },
  { name: 'customer-app', inputs: ['customer-app', ...APP_SHARED_INPUTS], build: viteBuild('customer-app') },
  { name: 'admin-app', inputs: ['admin-app', ...APP_SHARED_INPUTS], build: viteBuild('admin-app') },
];

/** Never inputs of a build: installed packages, outputs, docs, and tests (no build imports them). */
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'test', '.vite']);
const IGNORED_FILE = /(\.test\.[cm]?[jt]sx?|\.md)$/;

function filesOf(relative, base) {
  const full = path.join(base, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() ? !IGNORED_DIRS.has(entry.name) : !IGNORED_FILE.test(entry.name)))
    .flatMap((entry) => filesOf(path.join(relative, entry.name), base));
}

/** One hash over every input file's path and content (sorted, so the order of the listing does not matter). */
function inputHash(pkg, base) {
  const hash = createHash('sha256');
  const files = [...new Set([...pkg.inputs, LOCKFILE, SELF].flatMap((input) => filesOf(input, base)))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const hashFile = (pkg, base = root) => path.join(base, pkg.name, 'dist', HASH_FILE);

function storedHash(pkg, base) {
  try {
    return fs.readFileSync(hashFile(pkg, base), 'utf8').trim();
  } catch {
    return null;
  }
}

/** The builds under way, stopped together when one fails or `pnpm start` is stopped. */
const running = new Set();
export function stopBuilds() {
  for (const child of running) child.kill('SIGTERM');
}

/** The niceness of a build that may wait: the cores go first to what is needed sooner. */
const BACKGROUND_PRIORITY = 10;

/** Runs one build with its output kept, printed only if it fails (both apps build at once). */
function runBuild(pkg, { background }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(pkg.build.command, pkg.build.args, {
      cwd: pkg.build.cwd,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    // Threads the build starts later (Rolldown's, terser's) take the niceness of the process.
    if (background && child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, output: String(error), seconds: 0 }));
    child.on('close', (code) => {
      running.delete(child);
      resolve({ ok: code === 0, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Builds `pkg` and records `hash` as built; a `background` build gives the cores to others first. */
export async function build(pkg, hash, { background = false } = {}) {
  // A build interrupted half-way must not look finished: the hash goes first and comes back last.
  fs.rmSync(hashFile(pkg), { force: true });
  const result = await runBuild(pkg, { background });
  if (!result.ok) {
    process.stderr.write(result.output);
    throw new Error(`${pkg.name}: build failed`);
  }
  fs.writeFileSync(hashFile(pkg), `${hash}\n`);
  console.log(`${pkg.name}: built in ${result.seconds.toFixed(1)} s`);
}

/**
 * The packages to build (all named ones, or every one), each with the input hash it is built for; `base` is the
 * checkout whose files are read (tests give a folder of their own).
 */
export function staleBuilds({ force = false, named = [], base = root } = {}) {
  const unknown = named.filter((name) => !PACKAGES.some((pkg) => pkg.name === name));
  if (unknown.length > 0) throw new Error(`no such package to build: ${unknown.join(', ')}`);
  const stale = [];
  for (const pkg of PACKAGES.filter((p) => named.length === 0 || named.includes(p.name))) {
    const hash = inputHash(pkg, base);
    if (!force && storedHash(pkg, base) === hash) console.log(`${pkg.name}: unchanged, not built`);
    else stale.push({ pkg, hash });
  }
  return stale;
}

/** resources and the server take a second or two and come first; the apps build side by side. */
export const isAppBuild = ({ pkg }) => pkg.build.command !== process.execPath;

async function main() {
  const { values: args, positionals: named } = parseArgs({
    options: { force: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const stale = staleBuilds({ force: args.force, named });
  if (args['dry-run']) {
    for (const { pkg } of stale) console.log(`${pkg.name}: would be built`);
    return;
  }
  for (const { pkg, hash } of stale.filter((job) => !isAppBuild(job))) await build(pkg, hash);
  // Rolldown uses both cores, but each app's legacy step runs Babel on one.
  const results = await Promise.allSettled(stale.filter(isAppBuild).map(({ pkg, hash }) => build(pkg, hash)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
