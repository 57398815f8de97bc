/**
 * Two instances on one PostgreSQL and one data folder must answer as one portal: no state lives in a process
 * ("No state in a process" in scripts/ops/README.md lists what is checked).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withDatabase } from './lib/database.js';
import { bearer, client, signIn, signUp, type Answer, type Client } from './lib/http.js';
import { Cluster, Server, bounded, freePort, sleep } from './lib/processes.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-two-'));
let cluster: Cluster | null = null;
const servers: Server[] = [];

const results: { check: string; ok: boolean; detail: string }[] = [];
const record = (check: string, ok: boolean, detail = '') => {
  results.push({ check, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${check}${detail ? ` — ${detail}` : ''}`);
};

/** An answer without what legitimately differs between two calls (dates of the answer, support ids). */
function comparable(answer: Answer): string {
  let body = answer.text();
  try {
    body = JSON.stringify(JSON.parse(body));
  } catch {
    // not JSON: compared as it is
  }
  return `${answer.status} ${answer.headers['content-range'] ?? ''} ${body.replace(/"supportId":"[^"]+"/g, '')}`;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const verdict = await bounded(
  420_000,
  async () => {
    cluster = await Cluster.create();
    const publicPort = await freePort();
    const publicUrl = `http://localhost:${publicPort}`;
    for (const port of [publicPort, await freePort()]) {
      const server = new Server({ port, dataDir, databaseUrl: cluster.url, publicUrl });
      // One after the other: the first migrates and seeds, the second finds it done.
      await server.start();
      servers.push(server);
    }
    const host = new URL(publicUrl).host;
    const [a, b] = servers.map((server) => client(server.baseUrl, host)) as [Client, Client];
    console.log(
      `two-instances: ${servers.map((s) => s.baseUrl).join(' and ')} on one PostgreSQL, as ${publicUrl}`,
    );

    // Sign-in across instances: authorization request on A, the login form posted to B, the code redeemed on A.
    const customer = await signIn(a, publicUrl, 'customer@portal.test', 'demo1234', { loginVia: b });
    record('a sign-in started on A finishes on B', Boolean(customer.access_token));
    const admin = await signIn(b, publicUrl, 'admin@portal.test', 'demo1234', { loginVia: a });
    const promoted = await signIn(b, publicUrl, 'promoted@portal.test');

    // The same reads on both.
    const board = await withDatabase(cluster.url, async (query) => {
      const rows = await query<{ name: string; code: string }>(
        `select name, split_part(name, '_', 1) as code from boards where released_for_registration
         and not restricted_access and not secure and serialnumber_required and name not like 'ESIM%' order by name limit 1`,
      );
      return rows.rows[0]!;
    });
    const first = await a('/api/v1/projects?acceptServiceAgreement=true', {
      method: 'POST',
      headers: { ...bearer(customer), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Seen by both', board: `${board.code}SN0003` }),
    });
    const projectId = first.status === 201 ? first.json<{ id: string }>().id : '';
    record('a registration on A', first.status === 201, `${first.status}`);
    const reads: [string, Record<string, string>][] = [
      ['/api/v1/users/me', bearer(customer)],
      ['/api/v1/projects/user', bearer(customer)],
      [`/api/v1/projects/${projectId}`, bearer(customer)],
      ['/api/v1/projects', { ...bearer(admin), range: 'projects=0-24' }],
      ['/api/v1/boards', { ...bearer(admin), range: 'boards=0-24' }],
      ['/api/v1/boards?sort=%5B%22name%22%2C%22DESC%22%5D', { ...bearer(admin), range: 'boards=10-19' }],
      ['/api/v1/company-spaces', { ...bearer(admin), range: 'company-spaces=0-9' }],
      ['/api/v1/catalogue', { range: 'catalogue=0-24' }],
      ['/api/v1/catalogue?q=nx', {}],
      ['/api/v1/catalogue/tools/nx-flash-programmer', {}],
      ['/api/v1/feature-flags/enabled', {}],
      ['/api/v1/orders', bearer(customer)],
      ['/api/v1/licenses', bearer(customer)],
      ['/api/v1/installers', bearer(customer)],
      ['/api/v1/users/roles', { ...bearer(admin), range: 'user-roles=0-24' }],
      ['/maintenance', {}],
      ['/api/v1/config', {}],
      ['/api/v1/projects/00000000-0000-4000-8000-000000000000', bearer(customer)],
      ['/api/v1/boards', bearer(customer)],
    ];
    let same = 0;
    for (const [url, headers] of reads) {
      const [fromA, fromB] = await Promise.all([a(url, { headers }), b(url, { headers })]);
      if (comparable(fromA) === comparable(fromB)) same += 1;
      else record(`GET ${url} answers the same`, false, `A ${fromA.status} / B ${fromB.status}`);
    }
    record(`${reads.length} reads answer the same on both`, same === reads.length, `${same}/${reads.length}`);

    // A write on one, read on the other at once.
    const renamed = await b(`/api/v1/projects/${projectId}`, {
      method: 'PATCH',
      headers: { ...bearer(customer), 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: projectId, name: 'Renamed on B' }),
    });
    const readBack = await a(`/api/v1/projects/${projectId}`, { headers: bearer(customer) });
    record(
      'a rename on B is read on A at once',
      renamed.status === 200 && readBack.json<{ name: string }>().name === 'Renamed on B',
      `${renamed.status}`,
    );

    const { toolId, versionId } = await withDatabase(cluster.url, async (query) => {
      const rows = await query<{ tool_id: string; id: string }>(
        `select v.tool_id, v.id from tool_versions v join tools t on t.id = v.tool_id
         where t.feature_id = 'power-designer-online' and v.version = '2024.2'`,
      );
      return { toolId: rows.rows[0]!.tool_id, versionId: rows.rows[0]!.id };
    });
    const bytes = randomBytes(300_000);
    const upload = await a(
      `/api/v1/software/${toolId}/versions/${versionId}/files/shared.bin?os=any&architecture=any`,
      {
        method: 'PUT',
        headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
        body: bytes,
      },
    );
    const download = await b(
      '/api/v1/catalogue/tools/power-designer-online/versions/2024.2/files/shared.bin',
      {
        headers: bearer(admin),
      },
    );
    record(
      'a file uploaded on A downloads from B, byte for byte',
      upload.status === 201 && download.status === 200 && sha256(download.body) === sha256(bytes),
      `${upload.status}/${download.status}`,
    );

    // Racing writes on both instances.
    const serial = `${board.code}SN0004`;
    const racers = await Promise.all(
      [a, b, a, b, a, b].map((send, i) =>
        send('/api/v1/projects?acceptServiceAgreement=true', {
          method: 'POST',
          headers: { ...bearer(i % 2 ? customer : promoted), 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Race ${i}`, board: serial }),
        }),
      ),
    );
    const won = racers.filter((r) => r.status === 201).length;
    const refused = racers.filter((r) => r.status === 409).length;
    record(
      'six racing registrations of one serial number on both: exactly one wins',
      won === 1 && refused === 5,
      `201×${won} 409×${refused}`,
    );

    const entries = [{ type: 'tool', item: { featureId: 'nx-device-pack' }, package: { version: '1.1.0' } }];
    const checkouts = await Promise.all(
      [a, b, a, b].map((send) =>
        send('/api/v1/checkouts', {
          method: 'POST',
          headers: { ...bearer(promoted), 'content-type': 'application/json' },
          body: JSON.stringify({ entries }),
        }),
      ),
    );
    const checkoutIds = new Set(
      checkouts.filter((c) => c.status < 300).map((c) => c.json<{ id: string }>().id),
    );
    record(
      'four racing checkouts of one cart on both make one checkout',
      checkoutIds.size === 1 && checkouts.every((c) => c.status === 200 || c.status === 201),
      checkouts.map((c) => c.status).join(' '),
    );

    // A sign-up on A queues one verification mail; with two workers it is sent once.
    const outbox = path.join(dataDir, 'outbox');
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    await signUp(
      a,
      publicUrl,
      `two-instances-${Date.now()}@example.com`,
      'a-long-password',
      { givenName: 'Two', familyName: 'Instances', company: 'Dup Check', country: 'DE' },
      { loginVia: b },
    );
    let mails = 0;
    for (let i = 0; i < 40; i += 1) {
      mails = (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0) - before;
      if (mails > 0) break;
      await sleep(250);
    }
    await sleep(3000); // long enough for a second worker to send a duplicate
    mails = (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0) - before;
    record(
      'a sign-up on A (form sent to B) queues one mail, sent once by the two workers',
      mails === 1,
      `${mails} sent`,
    );

    // Rate limits: ten wrong passwords for one account, alternating between the instances, then the 11th.
    const attempt = async (send: Client, password: string, email = 'internal@portal.test') => {
      try {
        await signIn(send, publicUrl, email, password);
        return 200;
      } catch (error) {
        return /429/.test(String(error)) ? 429 : 401;
      }
    };
    // The control: on one instance the 11th attempt is refused.
    for (let i = 0; i < 10; i += 1) await attempt(a, `wrong-${i}`, 'csa@portal.test');
    const control = await attempt(a, 'wrong-eleventh', 'csa@portal.test');
    record('control: on one instance the 11th wrong password is refused', control === 429, `${control}`);
    for (let i = 0; i < 10; i += 1) await attempt(i % 2 ? b : a, `wrong-${i}`);
    const eleventh = await attempt(a, `wrong-eleventh`);
    record(
      'sign-in attempts are limited across both instances (10 per account and address)',
      eleventh === 429,
      eleventh === 429
        ? '11th attempt refused'
        : 'the 11th attempt was let through: each instance counts its own',
    );

    const failed = results.filter((r) => !r.ok);
    console.log(
      `two-instances: ${failed.length ? 'FAIL' : 'PASS'} — ${results.length - failed.length}/${results.length} checks`,
    );
    return failed.length === 0;
  },
  async () => {
    for (const server of servers) await server.stop();
    await cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
).catch((error: unknown) => {
  console.error(`two-instances: FAIL — ${error instanceof Error ? error.message : String(error)}`);
  for (const server of servers) console.error(server.recentLog);
  return false;
});
process.exit(verdict ? 0 : 1);
