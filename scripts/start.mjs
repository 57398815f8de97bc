#!/usr/bin/env node
// `pnpm start`: builds what changed (scripts/build-changed.mjs), then runs the server as `pnpm serve` does. The
// server starts as soon as it and the customer app are built; the admin console, whose legacy build takes longest,
// may still be building, and /admin answers "not built yet" until its files are written (issue 43).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build, isAppBuild, root, staleBuilds, stopBuilds } from './build-changed.mjs';

/** What the server must not start without: it lists the customer app's files once, when it starts. */
const SERVED_AS_BUILT = 'customer-app';

let server = null;
let stopping = false;

function serve() {
  // The console's folder must exist for the server to serve it once its build writes it.
  fs.mkdirSync(path.join(root, 'admin-app', 'dist'), { recursive: true });
  server = spawn(
    process.execPath,
    ['--conditions=portal-built', '--enable-source-maps', path.join(root, 'server', 'dist', 'main.js')],
    { cwd: root, stdio: 'inherit' },
  );
  server.on('exit', (code, signal) => {
    stopBuilds();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

/** A failed build stops everything: a portal half built is not started, and one being started stops. */
function fail(error) {
  if (stopping) return;
  stopping = true;
  console.error(error.message);
  stopBuilds();
  if (!server || server.exitCode !== null) process.exit(1);
  server.removeAllListeners('exit');
  server.on('exit', () => process.exit(1));
  server.kill('SIGTERM');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    stopBuilds();
    // A terminal's Ctrl-C reaches the server too; it shuts down once, then this process ends with it.
    if (server && server.exitCode === null) server.kill(signal);
    else process.exit(130);
  });
}

async function main() {
  const stale = staleBuilds();
  for (const { pkg, hash } of stale.filter((job) => !isAppBuild(job))) await build(pkg, hash);
  const apps = stale.filter(isAppBuild);
  // The console may finish while the portal already runs: the customer app and the server's start come first.
  const waitsFor = apps.some((job) => job.pkg.name === SERVED_AS_BUILT);
  const builds = apps.map((job) => ({
    name: job.pkg.name,
    done: build(job.pkg, job.hash, { background: waitsFor && job.pkg.name !== SERVED_AS_BUILT }),
  }));
  const allBuilt = Promise.all(builds.map((job) => job.done));
  // Whichever build fails first stops the others at once, the server too if it runs.
  allBuilt.catch(fail);
  await builds.find((job) => job.name === SERVED_AS_BUILT)?.done;
  if (stopping) return;
  serve();
  await allBuilt;
}

main().catch(fail);
