import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findPostgresBinaries,
  freePort,
  startPostgresCluster,
  type PostgresCluster,
} from '../server/src/ops/postgres-cluster.js';
import { DEMO_PASSWORD } from '../server/src/db/demo-data.js';
import { initialClusterFile } from '../server/src/db/initial-cluster.js';

const root = path.resolve(import.meta.dirname, '..');
const UNPACKED_LIMIT_BYTES = 120 * 1024 * 1024;
/** Tools of building and testing that have no place in the artifact's dependencies. */
const DEV_TOOLS = /^(typescript|tsx|esbuild|vitest|vite|drizzle-kit|@vitest\+|@playwright\+|playwright)@/;

const pgBin = findPostgresBinaries();
if (!pgBin) {
  console.warn(
    '[release test] skipped: no PostgreSQL server binaries (PG_BIN, /usr/lib/postgresql/*/bin or pg_config).',
  );
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 120_000);

/** The size of the files under `dir` as unpacked (symbolic links count as themselves, not their targets). */
function unpackedBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    total += entry.isDirectory() ? unpackedBytes(file) : fs.lstatSync(file).size;
  }
  return total;
}

/** Starts the unpacked portal with only what the environment names (no loader or option of the test run). */
function startPortal(folder: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['server/main.js'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return { output: () => output, exited: () => child.exitCode !== null || child.signalCode !== null, stop };
}

/** Waits until the portal answers ready, or fails with what it printed when it stopped or never became ready. */
async function untilReady(base: string, portal: ReturnType<typeof startPortal>) {
  // A first start migrates and seeds a new database: minutes on a busy machine, seconds on a quiet one.
  const deadline = Date.now() + 480_000;
  for (;;) {
    if (portal.exited()) throw new Error(`the portal stopped:\n${portal.output()}`);
    const answer = await fetch(`${base}/readyz`).catch(() => null);
    if (answer?.status === 200) return (await answer.json()) as { database: string };
    if (Date.now() > deadline) throw new Error(`the portal did not get ready:\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A browser over fetch: keeps cookies, follows redirects until one leaves for `stopAt`. */
function browser(base: string) {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const answer = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
    return answer;
  };
  const follow = async (answer: Response, stopAt: string): Promise<Response | URL> => {
    for (let hops = 0; hops < 10; hops += 1) {
      const location = answer.headers.get('location');
      if (!location || answer.status < 300 || answer.status >= 400) return answer;
      const next = new URL(location, base);
      if (next.href.startsWith(stopAt)) return next;
      answer = await request(next.href);
    }
    throw new Error('too many redirects');
  };
  return { request, follow };
}

/** A demo user's authorization-code sign-in with PKCE through the embedded provider, as a browser makes it. */
async function signIn(base: string, email: string, password: string) {
  const client = browser(base);
  const redirectUri = `${base}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: 'portal',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile portal',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  });
  const page = await client.follow(await client.request(`/oidc/auth?${params}`), redirectUri);
  if (page instanceof URL) throw new Error('expected the login page');
  const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error('the login page has no form');
  const submitted = await client.request(action.replace(/&amp;/g, '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const callback = await client.follow(submitted, redirectUri);
  if (!(callback instanceof URL)) throw new Error(`sign-in refused: ${callback.status}`);
  expect(callback.searchParams.get('state')).toBe(state);
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: 'portal',
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

describe('the release artifact', () => {
  it.skipIf(!pgBin)(
    'unpacked into an empty folder, starts on PGlite and on PostgreSQL and signs a user in',
    async () => {
      // Made by `pnpm release`; one newer than everything it is made of is used as it is.
      const built = await promisify(execFile)(process.execPath, ['scripts/release.mjs', '--reuse-fresh'], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
      });
      const artifact = /release: (release\/portal-[\w.-]+\.tgz) /.exec(built.stdout)?.[1];
      expect(artifact, built.stdout).toBeDefined();

      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-unpacked-'));
      cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
      await promisify(execFile)('tar', ['-xzf', path.join(root, artifact!), '-C', folder]);
      const bytes = unpackedBytes(folder);
      console.log(
        `[release test] ${artifact}: ${(fs.statSync(path.join(root, artifact!)).size / 1e6).toFixed(1)} MB packed, ${(bytes / 1e6).toFixed(1)} MB unpacked`,
      );
      expect(bytes).toBeLessThan(UNPACKED_LIMIT_BYTES);
      for (const part of [
        'server/main.js',
        'server/drizzle',
        // The first start on PGlite below loads it rather than running initdb.
        initialClusterFile('server/dist'),
        'customer-app/dist/index.html',
        'admin-app/dist/index.html',
        'bin/portal',
      ]) {
        expect(fs.existsSync(path.join(folder, part)), part).toBe(true);
      }
      const installed = fs.readdirSync(path.join(folder, 'server/node_modules/.pnpm'));
      expect(installed.filter((entry) => DEV_TOOLS.test(entry))).toEqual([]);

      // PGlite in a data folder of its own.
      const pglitePort = await freePort();
      const pgliteBase = `http://127.0.0.1:${pglitePort}`;
      const onPglite = startPortal(folder, {
        PORT: String(pglitePort),
        PUBLIC_URL: pgliteBase,
        DATA_DIR: path.join(folder, 'data'),
        SEED_DEMO_DATA: 'false',
      });
      expect(await untilReady(pgliteBase, onPglite)).toMatchObject({ database: 'pglite' });
      await onPglite.stop();

      // PostgreSQL: a throwaway cluster.
      const cluster: PostgresCluster = await startPostgresCluster(pgBin!);
      cleanups.push(() => cluster.stop());
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const portal = startPortal(folder, {
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: path.join(folder, 'data-postgres'),
        DATABASE_URL: cluster.url,
      });
      expect(await untilReady(base, portal)).toMatchObject({ database: 'postgres' });

      const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect((await fetch(`${base}/admin`, { headers: { accept: 'text/html' } })).status).toBe(200);

      const accessToken = await signIn(base, 'customer@portal.test', DEMO_PASSWORD);
      const me = await fetch(`${base}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'customer@portal.test' });
      await portal.stop();
    },
    1_200_000,
  );
});
