/**
 * PostgreSQL restart under load ("Database restarts" in scripts/ops/README.md): calls while it is down must fail
 * cleanly, never hang the server, and every call once it is back must succeed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bearer, client } from './lib/http.js';
import { Cluster, Server, bounded, freePort, sleep } from './lib/processes.js';
import { Tally, drive, prepareActors } from './lib/traffic.js';
import { EXPECTED_PEAK_RPS } from './lib/peak.js';

const { values } = parseArgs({
  options: {
    down: { type: 'string', default: '3' },
    restarts: { type: 'string', default: '2' },
    rate: { type: 'string', default: String(EXPECTED_PEAK_RPS) },
  },
});
const downSeconds = Number(values.down);
const restarts = Number(values.restarts);
const rate = Number(values.rate);
/** "Within seconds": the promise this script checks. */
const RECOVERY_LIMIT_MS = 5_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-pgrestart-'));
let cluster: Cluster | null = null;
let server: Server | null = null;

const verdict = await bounded(
  (restarts * (downSeconds + 60) + 180) * 1000,
  async () => {
    cluster = await Cluster.create();
    server = new Server({ port: await freePort(), dataDir, databaseUrl: cluster.url });
    await server.start();
    const send = client(server.baseUrl, new URL(server.publicUrl).host);
    const actors = await prepareActors(send, server.publicUrl);
    const user = actors.users[0]!;
    console.log(
      `pg-restart: server on ${server.baseUrl}, ${rate} requests/s, ${restarts} restarts of ${downSeconds} s`,
    );

    const problems: string[] = [];
    const recoveries: number[] = [];
    let stopTraffic = false;
    const during = new Tally();
    const traffic = drive(actors, {
      rate,
      until: Date.now() + 3_600_000,
      tally: during,
      stop: () => stopTraffic,
    });

    for (let round = 1; round <= restarts; round += 1) {
      await sleep(3000);
      const stoppedAt = Date.now();
      await cluster.stop('fast');
      await sleep(downSeconds * 1000);
      await cluster.start();
      const upAt = Date.now();
      // Recovery: the first moment readiness and a signed-in call both answer 200.
      let recovered = 0;
      while (Date.now() - upAt < 60_000) {
        try {
          const ready = await send('/readyz', { timeoutMs: 2000 });
          const me = await send('/api/v1/projects/user', { headers: bearer(user.tokens), timeoutMs: 2000 });
          if (ready.status === 200 && me.status === 200) {
            recovered = Date.now() - upAt;
            break;
          }
        } catch {
          // not yet
        }
        await sleep(50);
      }
      if (!recovered) problems.push(`round ${round}: no recovery within 60 s`);
      recoveries.push(recovered);
      const alive = server.pid !== undefined && server.rssMb() !== null;
      if (!alive) problems.push(`round ${round}: the server process died`);
      console.log(
        `pg-restart: round ${round}: PostgreSQL down ${((upAt - stoppedAt) / 1000).toFixed(1)} s, the portal answered again ${recovered} ms after it was back`,
      );
      // After recovery every call must succeed.
      const after = new Tally();
      await drive(actors, { rate, until: Date.now() + 5000, tally: after, start: 100_000 * round });
      if (after.serverErrors || after.failures) {
        problems.push(
          `round ${round}: after recovery ${after.serverErrors} 5xx and ${after.failures} failures`,
        );
        for (const sample of [...after.serverErrorSamples, ...after.failureSamples])
          problems.push(`  ${sample}`);
      }
      console.log(`pg-restart: round ${round}: 5 s after recovery — ${after.summary()}`);
    }
    stopTraffic = true;
    await traffic;
    console.log(`pg-restart: background traffic through the restarts — ${during.summary()}`);
    for (const line of during.kindLines()) console.log(line);
    if (during.serverErrorSamples[0])
      console.log(`pg-restart: an answer while PostgreSQL was down — ${during.serverErrorSamples[0]}`);
    const slow = recoveries.filter((ms) => ms > RECOVERY_LIMIT_MS);
    if (slow.length) problems.push(`recovery slower than ${RECOVERY_LIMIT_MS} ms: ${slow.join(', ')} ms`);
    for (const problem of problems) console.log(`  ! ${problem}`);
    console.log(
      `pg-restart: ${problems.length ? 'FAIL' : 'PASS'} — recovery ${recoveries.map((ms) => `${ms} ms`).join(', ')} (limit ${RECOVERY_LIMIT_MS} ms)`,
    );
    return problems.length === 0;
  },
  async () => {
    await server?.stop();
    await cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
).catch((error: unknown) => {
  console.error(`pg-restart: FAIL — ${error instanceof Error ? error.message : String(error)}`);
  if (server) console.error(server.recentLog);
  return false;
});
process.exit(verdict ? 0 : 1);
