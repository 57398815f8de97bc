#!/usr/bin/env node
// Runs every check and test of the portal and ends on one line: "N passed, N failed".
// Lint and type check count as one check each; vitest and Playwright count their tests.
// Lint and type check run first; then vitest runs beside the build, the checks of the build and Playwright (two
// lanes: Playwright's browser and server leave most of the second core free, which vitest's workers take). Each
// line of a lane is led by its name.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.8'];
/** The failed tests by name, printed again beside the summary: a long log is often read from its end only. */
const failedNames = [];

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  );
}

/** Runs one step; with a lane, its output is passed on line by line, each line led by the lane's name. */
function run(label, args, lane = '') {
  const lead = lane ? `[${lane}] ` : '';
  console.log(`\n${lead}=== ${label} ===`);
  const [command, ...rest] = [...pnpm, ...args];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, rest, { cwd: root, stdio: lane ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (lane)
      for (const stream of [child.stdout, child.stderr])
        readline.createInterface({ input: stream }).on('line', (line) => console.log(lead + line));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ ok: code === 0, seconds });
    });
  });
}

async function check(label, args) {
  const { ok, seconds } = await run(label, args);
  return { runner: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A check of the fresh builds that writes `{ passed, failed }` to its --json file. */
async function buildCheck(runner, label, script) {
  const file = path.join(reports, `${runner}.json`);
  const { ok, seconds } = await run(
    label,
    ['exec', 'tsx', script, `--static-dir=${root}`, `--json=${file}`],
    'build',
  );
  const report = readJson(file);
  return {
    runner,
    passed: report?.passed ?? 0,
    failed: (report?.failed ?? 0) + (!ok && !(report?.failed > 0) ? 1 : 0),
    seconds,
  };
}

/** Every vitest project (unit and server integration, PGlite and PostgreSQL). */
async function vitest() {
  const file = path.join(reports, 'vitest.json');
  const { ok, seconds } = await run(
    'vitest (unit and server integration)',
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    'unit',
  );
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!ok && !(report?.numFailedTests > 0) ? 1 : 0);
  for (const file of report?.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failedNames.push(
          `vitest  ${path.relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
  for (const file of report?.testResults ?? [])
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      failedNames.push(`vitest  ${path.relative(root, file.name)}: ${firstLine(file.message)}`);
  return [{ runner: 'vitest', passed, failed, seconds }];
}

/** The build, the checks of what it built, and Playwright against it. */
async function buildAndBrowser() {
  const build = await run('build apps', ['build'], 'build');
  if (!build.ok) return [{ runner: 'build', passed: 0, failed: 1, seconds: build.seconds }];
  // Size budgets over the fresh builds: one check per entry route (scripts/bench/budgets.ts).
  const budgets = await buildCheck('budgets', 'bundle size budgets', 'scripts/bench/check-budgets.ts');
  // Syntax of every built chunk against the supported browsers: one check per app.
  const syntax = await buildCheck('syntax', 'syntax of the built chunks', 'scripts/syntax-check.ts');

  const file = path.join(reports, 'playwright.json');
  const { ok, seconds } = await run(
    'playwright (end-to-end in Chromium)',
    ['--filter', '@portal/tests', 'test'],
    'e2e',
  );
  const playwright = readJson(file);
  const stats = playwright?.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failedNames.push(`playwright  ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright?.suites ?? []) walk(suite);
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (!ok && !(stats?.unexpected > 0) ? 1 : 0);
  return [budgets, syntax, { runner: 'playwright', passed, failed, seconds }];
}

const started = Date.now();
const results = [await check('lint', ['lint']), await check('typecheck', ['typecheck'])];
const lanes = await Promise.all([vitest(), buildAndBrowser()]);
results.push(...lanes.flat());

console.log('\n=== summary ===');
if (failedNames.length) {
  console.log('failed:');
  for (const name of failedNames) console.log(`  ${name.slice(0, 300)}`);
}
for (const r of results)
  console.log(`${r.runner.padEnd(12)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`all in ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
