#!/usr/bin/env node
// Writes release/portal-<version>.tgz (server README, "The release artifact"). Usage: node scripts/release.mjs
// [--reuse-fresh], which keeps an artifact newer than everything it is made of (the release test uses it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);
const version = JSON.parse(fs.readFileSync(at('server/package.json'), 'utf8')).version;
const name = `portal-${version}`;
const artifact = at('release', `${name}.tgz`);
const APPS = ['customer-app', 'admin-app'];

const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.8'];
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });

/** The newest modification time of the files under `entries` (files or folders), node_modules and dist aside. */
function newestMtime(entries) {
  let newest = 0;
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) return void (newest = Math.max(newest, stat.mtimeMs));
    for (const entry of fs.readdirSync(file)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(file, entry));
    }
  };
  entries.forEach(visit);
  return newest;
}

const mtimeOf = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** What an app's build reads: its own sources and the workspace packages it imports. */
const appInputs = (app) => [at(app), at('resources/src'), at('data-provider/src'), at('pnpm-lock.yaml')];

/** Builds an app unless its dist is newer than all its build reads. */
function ensureAppBuilt(app) {
  const built = mtimeOf(at(app, 'dist/index.html'));
  if (built > newestMtime(appInputs(app))) return console.log(`${app}: dist/ is up to date`);
  run(pnpm[0], [...pnpm.slice(1), '--filter', `./${app}`, 'build']);
}

const serverInputs = [
  at('server/src'),
  at('server/drizzle'),
  at('server/scripts'),
  at('server/package.json'),
  at('resources/src'),
  at('pnpm-lock.yaml'),
  at('scripts/release.mjs'),
  at('scripts/build-node.mjs'),
];

const started = Date.now();
for (const app of APPS) ensureAppBuilt(app);
const cliTarballs = fs.existsSync(at('cli/dist'))
  ? fs.readdirSync(at('cli/dist')).filter((file) => file.endsWith('.tgz'))
  : [];
const inputsChanged = Math.max(
  newestMtime(serverInputs),
  ...APPS.map((app) => mtimeOf(at(app, 'dist/index.html'))),
  ...cliTarballs.map((file) => mtimeOf(at('cli/dist', file))),
);
if (process.argv.includes('--reuse-fresh') && mtimeOf(artifact) > inputsChanged) {
  console.log(`release: ${path.relative(root, artifact)} is up to date`);
  report();
  process.exit(0);
}

// The one workspace package the server imports, compiled file for file, then the server's own build (its files
// and the packed PGlite cluster a new data folder starts from): seconds.
run(process.execPath, [at('scripts/build-node.mjs'), 'resources']);
run(pnpm[0], [...pnpm.slice(1), '--filter', './server', 'run', 'build']);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-release-'));
const stage = path.join(work, name);
try {
  // The server's production dependencies from the lockfile and the local store: no dev tool, no registry.
  const deployed = path.join(work, 'deploy');
  run(pnpm[0], [...pnpm.slice(1), '--filter', '@portal/server', 'deploy', '--prod', '--legacy', deployed], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.mkdirSync(path.join(stage, 'server'), { recursive: true });
  fs.renameSync(path.join(deployed, 'node_modules'), path.join(stage, 'server/node_modules'));
  useBuiltResources(path.join(stage, 'server/node_modules/@portal/resources'));
  trimDependencies(path.join(stage, 'server/node_modules'));

  fs.cpSync(at('server/dist'), path.join(stage, 'server/dist'), { recursive: true });
  fs.cpSync(at('server/drizzle'), path.join(stage, 'server/drizzle'), { recursive: true });
  writeJson(path.join(stage, 'server/package.json'), {
    name: '@portal/server',
    version,
    private: true,
    type: 'module',
  });
  // The entry point the README names; the compiled server keeps the repository's layout under server/dist.
  fs.writeFileSync(path.join(stage, 'server/main.js'), "import './dist/main.js';\n");
  for (const app of APPS) fs.cpSync(at(app, 'dist'), path.join(stage, app, 'dist'), { recursive: true });
  if (cliTarballs.length > 0) {
    fs.mkdirSync(path.join(stage, 'cli'));
    for (const file of cliTarballs) fs.copyFileSync(at('cli/dist', file), path.join(stage, 'cli', file));
  }
  fs.mkdirSync(path.join(stage, 'bin'));
  fs.writeFileSync(
    path.join(stage, 'bin/portal'),
    '#!/bin/sh\n# Starts the portal; configuration comes from the environment (see server/README.md in the repository).\nexec node --enable-source-maps "$(dirname "$0")/../server/main.js" "$@"\n',
    { mode: 0o755 },
  );
  writeJson(path.join(stage, 'package.json'), {
    name: 'portal',
    version,
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: { start: 'node --enable-source-maps server/main.js' },
  });

  fs.mkdirSync(at('release'), { recursive: true });
  const partial = `${artifact}.partial`;
  run('tar', ['-czf', partial, '-C', stage, '.']);
  fs.renameSync(partial, artifact);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`release: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
report();

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * The deployed @portal/resources is its sources (its dist is git-ignored, so not deployed): it becomes its compiled
 * dist with an entry that needs no export condition. The folder is removed first, never written through: its
 * files may be links to the workspace's own.
 */
function useBuiltResources(linked) {
  const folder = fs.realpathSync(linked);
  if (!folder.startsWith(`${fs.realpathSync(os.tmpdir())}${path.sep}`)) {
    throw new Error(`@portal/resources was deployed as a link to ${folder}, not as a copy`);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.cpSync(at('resources/dist'), path.join(folder, 'dist'), { recursive: true });
  writeJson(path.join(folder, 'package.json'), {
    name: manifest.name,
    version: manifest.version,
    private: true,
    type: 'module',
    exports: { '.': './dist/index.js' },
    dependencies: manifest.dependencies,
  });
}

/** Type declarations, source maps, TypeScript sources and docs of the dependencies: nothing Node runs. */
function trimDependencies(folder) {
  const unused = /(\.d\.[cm]?ts|\.ts|\.map|\.md|\.markdown)$/i;
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.isFile() && unused.test(entry.name)) fs.rmSync(file);
    }
  };
  visit(folder);
}

function report() {
  const size = fs.statSync(artifact).size;
  console.log(`release: ${path.relative(root, artifact)} ${(size / 1e6).toFixed(1)} MB`);
}
