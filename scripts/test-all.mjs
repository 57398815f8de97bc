#!/usr/bin/env node
// Runs every check and test of the portal in order and ends on one line: "N passed, N failed".
// Lint and type check count as one check each; vitest and Playwright count their tests.
import { spawnSync } from 'node:child_process';
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

function run(label, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const [command, ...rest] = [...pnpm, ...args];
  const started = Date.now();
  const child = spawnSync(command, rest, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: child.status === 0, seconds };
}

function check(label, args) {
  const { ok, seconds } = run(label, args);
  results.push({ runner: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

check('lint', ['lint']);
check('typecheck', ['typecheck']);

{
  const file = path.join(reports, 'vitest.json');
  const { ok, seconds } = run('vitest (unit and server integration)', [
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
  results.push({ runner: 'vitest', passed, failed, seconds });
}

{
  const build = run('build apps', ['build']);
  if (!build.ok) {
    results.push({ runner: 'build', passed: 0, failed: 1, seconds: build.seconds });
  } else {
    // Size budgets over the fresh builds: one check per entry route (scripts/bench/budgets.ts).
    const budgets = path.join(reports, 'budgets.json');
    const checked = run('bundle size budgets', [
      'exec',
      'tsx',
      'scripts/bench/check-budgets.ts',
      `--static-dir=${root}`,
      `--json=${budgets}`,
    ]);
    const budgetReport = readJson(budgets);
    results.push({
      runner: 'budgets',
      passed: budgetReport?.passed ?? 0,
      failed: (budgetReport?.failed ?? 0) + (!checked.ok && !(budgetReport?.failed > 0) ? 1 : 0),
      seconds: checked.seconds,
    });

    // Syntax of every built chunk against the supported browsers: one check per app (scripts/syntax-check.ts).
    const syntax = path.join(reports, 'syntax.json');
    const parsed = run('syntax of the built chunks', [
      'exec',
      'tsx',
      'scripts/syntax-check.ts',
      `--static-dir=${root}`,
      `--json=${syntax}`,
    ]);
    const syntaxReport = readJson(syntax);
    results.push({
      runner: 'syntax',
      passed: syntaxReport?.passed ?? 0,
      failed: (syntaxReport?.failed ?? 0) + (!parsed.ok && !(syntaxReport?.failed > 0) ? 1 : 0),
      seconds: parsed.seconds,
    });

    const file = path.join(reports, 'playwright.json');
    const { ok, seconds } = run('playwright (end-to-end in Chromium)', ['--filter', '@portal/tests', 'test']);
    const stats = readJson(file)?.stats;
    const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    const failed = (stats?.unexpected ?? 0) + (!ok && !(stats?.unexpected > 0) ? 1 : 0);
    results.push({ runner: 'playwright', passed, failed, seconds });
  }
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.runner.padEnd(12)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
