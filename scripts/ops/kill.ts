/**
 * Kill: SIGKILLs the server amid writes, restarts it, and checks nothing acknowledged is lost and nothing is
 * half-written ("Crash safety" in scripts/ops/README.md). PostgreSQL runs with fsync on, as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withDatabase } from './lib/database.js';
import { bearer, client, signIn, signUp, type Client, type Tokens } from './lib/http.js';
import { Cluster, Server, bounded, freePort, sleep } from './lib/processes.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, 'database-url': { type: 'string' } },
});
const rounds = Number(values.rounds);
if (!(rounds > 0)) {
  console.error('usage: kill.ts [--rounds n] [--database-url url]');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-kill-'));
let cluster: Cluster | null = null;
let server: Server | null = null;

interface Acknowledged {
  projects: string[];
  uploads: { name: string; sha256: string; size: number }[];
  dipUploads: { name: string; sha256: string; size: number }[];
  checkouts: string[];
  payments: string[];
  signUps: string[];
}
const acknowledged: Acknowledged = {
  projects: [],
  uploads: [],
  dipUploads: [],
  checkouts: [],
  payments: [],
  signUps: [],
};
const attempted = { projects: 0, uploads: 0, dipUploads: 0, checkouts: 0, payments: 0, signUps: 0 };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Keeps calling `step` until the server is gone; failures from the kill are expected and not counted. */
async function loop(step: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      await step(i);
    } catch (error) {
      // The connection died with the server (expected), or the call failed before the kill (noted).
      if (!killed) note(`failed before the kill: ${String(error).slice(0, 160)}`);
      return;
    }
  }
}
let killed = false;

const problems: string[] = [];
/** Refusals seen during the rounds, one of each kind, to tell a wrong request from a crash. */
const notes = new Map<string, number>();
const note = (text: string) => notes.set(text, (notes.get(text) ?? 0) + 1);
const check = (ok: boolean, message: string) => {
  if (!ok) problems.push(message);
};

const verdict = await bounded(
  (rounds * 180 + 720) * 1000,
  async () => {
    let databaseUrl = values['database-url'];
    if (!databaseUrl) {
      cluster = await Cluster.create();
      databaseUrl = cluster.url;
    }
    const port = await freePort();
    server = new Server({ port, dataDir, databaseUrl });
    await server.start();
    const publicUrl = server.publicUrl;
    const send: Client = client(server.baseUrl, new URL(publicUrl).host);
    console.log(`kill: server on ${server.baseUrl} (PostgreSQL), ${rounds} rounds`);

    // Payable tools the customer may buy (some need an export approval the demo customer lacks).
    const payable = await (async () => {
      const tokens = await signIn(send, publicUrl, 'customer@portal.test');
      const answer = await send('/api/v1/catalogue', { headers: { range: 'catalogue=0-99' } });
      const entries = answer
        .json<{ kind: string; key: string; payable: boolean; latestVersion: string | null }[]>()
        .filter((item) => item.kind === 'tool' && item.payable && item.latestVersion)
        .map((item) => ({
          type: 'tool',
          item: { featureId: item.key },
          package: { version: item.latestVersion },
        }));
      const buyable = [];
      for (const entry of entries) {
        const tried = await send('/api/v1/checkouts', {
          method: 'POST',
          headers: { ...bearer(tokens), 'content-type': 'application/json' },
          body: JSON.stringify({ entries: [entry] }),
        });
        if (tried.status === 201 || tried.status === 200) buyable.push(entry);
      }
      return buyable;
    })();
    const { toolId, versionId, board } = await withDatabase(databaseUrl, async (query) => {
      const [version] = (
        await query<{ tool_id: string; id: string }>(
          `select v.tool_id, v.id from tool_versions v join tools t on t.id = v.tool_id
           where t.feature_id = 'power-designer-online' and v.version = '2024.2'`,
        )
      ).rows;
      const [row] = (
        await query<{ name: string }>(
          `select name from boards where released_for_registration and not restricted_access and not secure
           and not serialnumber_required and name not like 'ESIM%' order by name limit 1`,
        )
      ).rows;
      return { toolId: version!.tool_id, versionId: version!.id, board: row!.name };
    });

    // A design-in process whose first step takes uploads, on a board without serial numbers, and a project on it.
    const dip = await (async () => {
      const admin = await signIn(send, publicUrl, 'admin@portal.test');
      const customer = await signIn(send, publicUrl, 'customer@portal.test');
      const boardRow = await withDatabase(
        databaseUrl!,
        async (query) =>
          (
            await query<{ id: string; name: string }>(
              `select id, name from boards where released_for_registration and not restricted_access and not secure
             and not serialnumber_required and name not like 'ESIM%' order by name limit 1`,
            )
          ).rows[0]!,
      );
      const saved = await send(`/api/v1/boards/${boardRow.id}/dip-steps`, {
        method: 'PUT',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify({
          steps: [
            {
              title: 'Upload your schematics',
              description: 'Upload the schematics of your design.',
              resolverRoles: ['project-member'],
              completer: null,
              completionType: 'file-upload',
              confirmationRequired: true,
              csaReset: false,
              secure: false,
              childProject: null,
            },
          ],
        }),
      });
      if (saved.status !== 200) return null; // no design-in API in this version: software uploads only
      const project = await send('/api/v1/projects?acceptServiceAgreement=true', {
        method: 'POST',
        headers: { ...bearer(customer), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kill uploads', board: boardRow.name }),
      });
      const projectId = project.json<{ id: string }>().id;
      const process = await send(`/api/v1/projects/${projectId}/dip`, { headers: bearer(customer) });
      const stepId = process.json<{ activeStepId: string }>().activeStepId;
      // One upload first, bounded: an upload route that does not answer would hold the whole run.
      try {
        const probe = await send(`/api/v1/projects/${projectId}/dip/steps/${stepId}/assets?name=probe.bin`, {
          method: 'POST',
          headers: { ...bearer(customer), 'content-type': 'application/octet-stream' },
          body: randomBytes(64 * 1024),
          timeoutMs: 15_000,
        });
        if (probe.status !== 201) throw new Error(`answered ${probe.status} ${probe.text().slice(0, 160)}`);
      } catch (error) {
        problems.push(`a design-in upload failed before any kill (${String(error)}): left out of the rounds`);
        server!.kill();
        await server!.exited();
        await server!.start();
        return null;
      }
      return { projectId, stepId };
    })();
    console.log(`kill: uploads go to the software admin route${dip ? ' and to a design-in step' : ''}`);

    let signUpCounter = 0;
    for (let round = 1; round <= rounds; round += 1) {
      // Fresh tokens each round: the provider's keys and sessions survive restarts, so these are cheap.
      const customer: Tokens = await signIn(send, publicUrl, 'customer@portal.test');
      const promoted: Tokens = await signIn(send, publicUrl, 'promoted@portal.test');
      const admin: Tokens = await signIn(send, publicUrl, 'admin@portal.test');
      const before = { projects: acknowledged.projects.length, uploads: acknowledged.uploads.length };
      const roundStart = Date.now();
      const work = [
        ...[customer, promoted].map((tokens) =>
          loop(async (i) => {
            attempted.projects += 1;
            const answer = await send('/api/v1/projects?acceptServiceAgreement=true', {
              method: 'POST',
              headers: { ...bearer(tokens), 'content-type': 'application/json' },
              body: JSON.stringify({ name: `Kill round ${round} no ${i}`, board }),
            });
            if (answer.status === 201) acknowledged.projects.push(answer.json<{ id: string }>().id);
            else note(`registration ${answer.status}: ${answer.text().slice(0, 160)}`);
          }),
        ),
        loop(async (i) => {
          const bytes = randomBytes(256 * 1024 * (1 + (i % 8)));
          const name = `kill-${round}-${i}.bin`;
          attempted.uploads += 1;
          const answer = await send(
            `/api/v1/software/${toolId}/versions/${versionId}/files/${name}?os=any&architecture=any`,
            {
              method: 'PUT',
              headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
              body: bytes,
            },
          );
          if (answer.status === 201)
            acknowledged.uploads.push({ name, sha256: sha256(bytes), size: bytes.length });
        }),
        loop(async (i) => {
          if (!dip) return;
          const bytes = randomBytes(128 * 1024 * (1 + (i % 8)));
          const name = `kill-${round}-${i}.bin`;
          attempted.dipUploads += 1;
          const answer = await send(
            `/api/v1/projects/${dip.projectId}/dip/steps/${dip.stepId}/assets?name=${name}`,
            {
              method: 'POST',
              headers: { ...bearer(customer), 'content-type': 'application/octet-stream' },
              body: bytes,
            },
          );
          if (answer.status === 201)
            acknowledged.dipUploads.push({ name, sha256: sha256(bytes), size: bytes.length });
          else note(`design-in upload ${answer.status}: ${answer.text().slice(0, 160)}`);
        }),
        loop(async (i) => {
          const entry = payable[(round + i) % Math.max(1, payable.length)];
          if (!entry) throw new Error('no payable tool');
          attempted.checkouts += 1;
          const answer = await send('/api/v1/checkouts', {
            method: 'POST',
            headers: { ...bearer(customer), 'content-type': 'application/json' },
            body: JSON.stringify({ entries: [entry] }),
          });
          if (answer.status !== 200 && answer.status !== 201) {
            note(`checkout ${answer.status}: ${answer.text().slice(0, 160)}`);
            return;
          }
          const result = answer.json<{ id: string; payment: { paymentUrl: string | null } | null }>();
          acknowledged.checkouts.push(result.id);
          if (!result.payment?.paymentUrl) return;
          attempted.payments += 1;
          const paid = await send(new URL(result.payment.paymentUrl).pathname, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              action: 'pay',
              cardNumber: '4242424242424242',
              expiry: '12/40',
              cvc: '123',
            }).toString(),
          });
          if (paid.status < 400) acknowledged.payments.push(result.id);
        }),
        loop(async () => {
          const email = `kill-signup-${(signUpCounter += 1)}@example.com`;
          attempted.signUps += 1;
          await signUp(send, publicUrl, email, 'a-long-password', {
            givenName: 'Kill',
            familyName: 'Test',
            company: 'Crash Ltd',
            country: 'DE',
          });
          acknowledged.signUps.push(email);
        }),
      ];
      // Kill in the middle of the traffic: once this round has written something, after a random extra delay (the
      // machine may be slow, so a fixed delay could kill before the first write or after the last).
      while (
        Date.now() - roundStart < 20_000 &&
        (acknowledged.projects.length === before.projects || acknowledged.uploads.length === before.uploads)
      ) {
        await sleep(25);
      }
      await sleep(Math.floor(Math.random() * 800));
      const killAfter = Date.now() - roundStart;
      killed = true;
      server.kill();
      await server.exited();
      await Promise.all(work);
      const restart = await server.start();
      killed = false;
      console.log(
        `kill: round ${round}: SIGKILL after ${killAfter} ms of traffic, ready again in ${restart} ms`,
      );
    }

    // The checks, on the restarted server and its database.
    const filesRoot = path.join(dataDir, 'files');
    await withDatabase(databaseUrl, async (query) => {
      const ids = async (sql: string, params: unknown[] = []) =>
        (await query<{ id: string }>(sql, params)).rows.map((r) => r.id);
      const projects = new Set(await ids(`select id::text from projects`));
      const lost = acknowledged.projects.filter((id) => !projects.has(id));
      check(!lost.length, `${lost.length} acknowledged registrations are missing`);
      const ownerless = await ids(
        `select p.id::text from projects p where (select count(*) from project_members m
           where m.project_id = p.id and m.role = 'owner') <> 1`,
      );
      check(!ownerless.length, `${ownerless.length} projects without exactly one owner`);

      const empty = await ids(
        `select o.id::text from orders o where not exists (select 1 from order_positions p where p.order_id = o.id)`,
      );
      check(!empty.length, `${empty.length} orders without positions`);
      const wrongTotal = await ids(
        `select o.id::text from orders o where o.kind = 'purchase' and o.total_cents is distinct from
           (select sum(p.price_cents) from order_positions p where p.order_id = o.id)`,
      );
      check(
        !wrongTotal.length,
        `${wrongTotal.length} purchase orders whose total is not the sum of their positions`,
      );
      const unlicensed = await ids(
        `select p.id::text from order_positions p join orders o on o.id = p.order_id
         where o.kind = 'purchase' and o.paid and not exists (select 1 from licenses l where l.order_position_id = p.id)`,
      );
      check(!unlicensed.length, `${unlicensed.length} paid purchase positions without a license`);
      const unpaidLicenses = await ids(
        `select l.id::text from licenses l join order_positions p on p.id = l.order_position_id
         join orders o on o.id = p.order_id where o.kind = 'purchase' and not o.paid`,
      );
      check(!unpaidLicenses.length, `${unpaidLicenses.length} licenses of unpaid purchases`);
      const checkouts = new Set(await ids(`select id::text from checkouts`));
      const lostCheckouts = acknowledged.checkouts.filter((id) => !checkouts.has(id));
      check(!lostCheckouts.length, `${lostCheckouts.length} acknowledged checkouts are missing`);
      const unpaid = (
        await query<{ id: string }>(
          `select c.id::text as id from checkouts c where c.id = any($1::uuid[]) and c.status <> 'completed'`,
          [acknowledged.payments],
        )
      ).rows;
      check(!unpaid.length, `${unpaid.length} checkouts whose payment was acknowledged are not completed`);

      const files = (
        await query<{ file_name: string; storage_key: string; filesize: string; sha256: string }>(
          `select f.file_name, f.storage_key, f.filesize::text, f.sha256 from tool_files f`,
        )
      ).rows;
      const dipFiles = dip
        ? (
            await query<{ file_name: string; storage_key: string; filesize: string; sha256: string }>(
              `select filename as file_name, storage_key, size::text as filesize, sha256 from dip_assets`,
            )
          ).rows
        : [];
      let badFiles = 0;
      for (const file of [...files, ...dipFiles]) {
        const stored = path.join(filesRoot, ...file.storage_key.split('/'));
        if (!fs.existsSync(stored)) {
          badFiles += 1;
          continue;
        }
        const bytes = fs.readFileSync(stored);
        if (bytes.length !== Number(file.filesize) || sha256(bytes) !== file.sha256) badFiles += 1;
      }
      check(!badFiles, `${badFiles} file rows whose stored file is missing or differs`);
      const byName = new Map(files.map((file) => [file.file_name, file]));
      const lostUploads = acknowledged.uploads.filter((u) => byName.get(u.name)?.sha256 !== u.sha256);
      check(!lostUploads.length, `${lostUploads.length} acknowledged uploads are missing or differ`);
      const dipByName = new Map(dipFiles.map((file) => [file.file_name, file]));
      const lostDip = acknowledged.dipUploads.filter((u) => dipByName.get(u.name)?.sha256 !== u.sha256);
      check(!lostDip.length, `${lostDip.length} acknowledged design-in uploads are missing or differ`);
      const partials = fs.existsSync(filesRoot)
        ? fs.readdirSync(filesRoot, { recursive: true }).filter((name) => String(name).endsWith('.partial'))
            .length
        : 0;
      const orphans = (() => {
        const keys = new Set(
          [...files, ...dipFiles].map((file) => path.join(filesRoot, ...file.storage_key.split('/'))),
        );
        if (!fs.existsSync(filesRoot)) return 0;
        return fs
          .readdirSync(filesRoot, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
          .filter((entry) => !keys.has(path.join(entry.parentPath, entry.name))).length;
      })();

      const accounts = new Set(
        (
          await query<{ email: string }>(
            `select lower(email) as email from identity_accounts where email like 'kill-signup-%'`,
          )
        ).rows.map((r) => r.email),
      );
      const lostAccounts = acknowledged.signUps.filter((email) => !accounts.has(email));
      check(!lostAccounts.length, `${lostAccounts.length} acknowledged sign-ups are missing`);
      const mailed = new Set(
        (
          await query<{ recipient: string }>(
            `select lower(recipient) as recipient from mail_queue where kind = 'verification'`,
          )
        ).rows.map((r) => r.recipient),
      );
      const unmailed = [...accounts].filter((email) => !mailed.has(email));
      check(
        !unmailed.length,
        `${unmailed.length} accounts without their verification mail (${unmailed.slice(0, 3).join(', ')})`,
      );

      // Queued mail goes out after the restart. A mail the killed worker had claimed waits for its claim (lease, 5
      // minutes) to run out, then any worker takes it again: wait for that too, bounded.
      const leases = await query<{ until: string | null }>(
        `select max(locked_until)::text as until from mail_queue where status = 'pending' and locked_until > now()`,
      );
      const leaseEnd = leases.rows[0]?.until ? new Date(leases.rows[0].until).getTime() : 0;
      if (leaseEnd)
        console.log(
          `kill: a mail claimed at a kill waits for its lease, until ${new Date(leaseEnd).toISOString()}`,
        );
      const deadline = Math.max(Date.now(), leaseEnd) + 60_000;
      let pending = 0;
      for (;;) {
        pending = Number(
          (
            await query<{ n: string }>(
              `select count(*)::text as n from mail_queue where status = 'pending' and next_attempt_at <= now()`,
            )
          ).rows[0]!.n,
        );
        if (!pending || Date.now() > deadline) break;
        await sleep(1000);
      }
      const sent = Number(
        (await query<{ n: string }>(`select count(*)::text as n from mail_queue where status = 'sent'`))
          .rows[0]!.n,
      );
      const total = Number(
        (await query<{ n: string }>(`select count(*)::text as n from mail_queue`)).rows[0]!.n,
      );
      const outbox = path.join(dataDir, 'outbox');
      const emls = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')).length
        : 0;
      check(
        !pending,
        `${pending} due mails still pending a minute after the last restart (and after any lease)`,
      );
      check(emls >= sent, `${sent} mails marked sent but only ${emls} in the outbox`);

      console.log('');
      console.log(
        `kill: acknowledged / attempted — registrations ${acknowledged.projects.length}/${attempted.projects}, uploads ${acknowledged.uploads.length}/${attempted.uploads}, design-in uploads ${acknowledged.dipUploads.length}/${attempted.dipUploads}, checkouts ${acknowledged.checkouts.length}/${attempted.checkouts}, payments ${acknowledged.payments.length}/${attempted.payments}, sign-ups ${acknowledged.signUps.length}/${attempted.signUps}`,
      );
      console.log(
        `kill: after the kills — ${projects.size} projects, ${files.length + dipFiles.length} file rows, ${accounts.size} new accounts; mail queue ${total} (sent ${sent}, due and pending ${pending}), ${emls} .eml in the outbox`,
      );
      console.log(
        `kill: leftovers (harmless, never read) — ${partials} .partial upload files, ${orphans} stored files no row names`,
      );
    });
    for (const [text, n] of notes) console.log(`  refused ${n}× — ${text}`);
    for (const problem of problems) console.log(`  ! ${problem}`);
    console.log(`kill: ${problems.length ? 'FAIL' : 'PASS'} — ${problems.length} problems`);
    return problems.length === 0;
  },
  async () => {
    await server?.stop();
    await cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
).catch((error: unknown) => {
  console.error(`kill: FAIL — ${error instanceof Error ? error.message : String(error)}`);
  if (server) console.error(server.recentLog);
  return false;
});
process.exit(verdict ? 0 : 1);
