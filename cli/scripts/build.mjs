#!/usr/bin/env node
// Builds the command a build machine installs from its portal: the sources and the workspace packages they use
// bundled by esbuild into one JavaScript file with no dependency, packed by `npm pack` into an npm tarball.
// Writes <out>/portal-cli.tgz, <out>/portal-cli-<version>.tgz (the same bytes) and <out>/portal-cli.json, which
// names the versioned file for the server. Usage: node scripts/build.mjs [--out <folder>] (default cli/dist)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const cliDir = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(cliDir, 'dist'));
const own = JSON.parse(fs.readFileSync(path.join(cliDir, 'package.json'), 'utf8'));
const stage = path.join(out, 'package');

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
await build({
  entryPoints: [path.join(cliDir, 'src/bin.ts')],
  outfile: path.join(stage, 'portal.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  legalComments: 'none',
  banner: { js: '#!/usr/bin/env node' },
  define: { PORTAL_CLI_VERSION: JSON.stringify(own.version) },
  logLevel: 'warning',
});
// The published package: the bundle alone, no dependencies, so installing it asks no registry for anything.
const manifest = {
  name: own.name,
  version: own.version,
  description: own.description,
  type: 'module',
  bin: { portal: 'portal.mjs' },
  engines: own.engines,
  files: ['portal.mjs'],
  license: 'UNLICENSED',
};
fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(path.join(cliDir, 'README.md'), path.join(stage, 'README.md'));
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: stage,
    encoding: 'utf8',
    // npm's own chatter (notices) goes to stderr; the JSON answer is read from stdout.
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
);
const versioned = `portal-cli-${own.version}.tgz`;
fs.renameSync(path.join(out, packed.filename), path.join(out, versioned));
fs.copyFileSync(path.join(out, versioned), path.join(out, 'portal-cli.tgz'));
fs.writeFileSync(
  path.join(out, 'portal-cli.json'),
  `${JSON.stringify({ name: own.name, version: own.version, file: versioned }, null, 2)}\n`,
);
console.log(
  `cli: ${path.relative(process.cwd(), out) || '.'}/${versioned} (${packed.size} bytes, portal.mjs ${fs.statSync(path.join(stage, 'portal.mjs')).size} bytes) in ${Date.now() - started} ms`,
);
