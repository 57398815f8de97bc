#!/usr/bin/env node
// Runs every check and test of the portal in order and ends on one line: "N passed, N failed".
// Lint and type check count as one check each; vitest and Playwright count their tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.8'];
const results = [];
/** The failed tests by name, printed again beside the summary: a long log is often read from its end only. */
const failedNames = [];

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  );
}

/**
 * Runs pnpm with `args`. A step beside another one (`held`) keeps its output and prints it whole when it ends, so
 * the log reads one step at a time.
 */
function run(label, args, { held = false } = {}) {
  if (!held) console.log(`\n=== ${label} ===`);
  const [command, ...rest] = [...pnpm, ...args];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, rest, { cwd: root, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    // A step that cannot start at all (no pnpm, no npx) fails like one that ran and failed.
    child.on('error', (error) => {
      if (held) output.push(Buffer.from(`${label}: ${error.message}\n`));
      else console.error(`${label}: ${error.message}`);
    });
    child.on('close', (status) => {
      if (held) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

async function check(label, args, options) {
  const { ok, seconds } = await run(label, args, options);
  results.push({ runner: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A check of the fresh builds that writes `{ passed, failed }` to its --json file. */
async function buildCheck(runner, label, script, options) {
  const file = path.join(reports, `${runner}.json`);
  const { ok, seconds } = await run(
    label,
    ['exec', 'tsx', script, `--static-dir=${root}`, `--json=${file}`],
    options,
  );
  const report = readJson(file);
  results.push({
    runner,
    passed: report?.passed ?? 0,
    failed: (report?.failed ?? 0) + (!ok && !(report?.failed > 0) ? 1 : 0),
    seconds,
  });
}

// Lint, the type check and the build of the apps side by side: none reads what another writes (lint and the type
// check skip the dist folders), and together they keep both cores busy where one after the other left one idle.
// The checks of the fresh builds follow the build at once.
const [build] = await Promise.all([
  (async () => {
    const built = await run('build apps', ['build']);
    if (built.ok) {
      // Size budgets over the fresh builds: one check per entry route (scripts/bench/budgets.ts).
      await buildCheck('budgets', 'bundle size budgets', 'scripts/bench/check-budgets.ts', { held: true });
      // Syntax of every built chunk against the supported browsers: one check per app.
      await buildCheck('syntax', 'syntax of the built chunks', 'scripts/syntax-check.ts', { held: true });
    }
    return built;
  })(),
  check('lint', ['lint'], { held: true }),
  check('typecheck', ['typecheck'], { held: true }),
]);

{
  const file = path.join(reports, 'vitest.json');
  const { ok, seconds } = await run('vitest (unit and server integration)', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
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
  results.push({ runner: 'vitest', passed, failed, seconds });
}

{
  if (!build.ok) {
    results.push({ runner: 'build', passed: 0, failed: 1, seconds: build.seconds });
  } else {
    const file = path.join(reports, 'playwright.json');
    const { ok, seconds } = await run('playwright (end-to-end in Chromium)', [
      '--filter',
      '@portal/tests',
      'test',
    ]);
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
    results.push({ runner: 'playwright', passed, failed, seconds });
  }
}

console.log('\n=== summary ===');
if (failedNames.length) {
  console.log('failed:');
  for (const name of failedNames) console.log(`  ${name.slice(0, 300)}`);
}
for (const r of results)
  console.log(`${r.runner.padEnd(12)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
