import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccountWithSecret } from '@portal/resources';
import { startTestApp, type TestApp } from '../../server/test/support/app.js';
import { bearer, signIn } from '../../server/test/support/sign-in.js';

/**
 * The command as a build machine gets it: built by the cli package's build script into a static folder, served
 * by the real server (PGlite, embedded provider) on a loopback port, installed by npm into an empty folder with
 * no registry to ask (the registry named is a closed port), and run against that server.
 */
const run = promisify(execFile);
const cliDir = path.resolve(import.meta.dirname, '..');
let t: TestApp;
let staticDir: string;
let portalUrl: string;
let account: ServiceAccountWithSecret;
let manifest: { name: string; version: string; file: string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-static-'));
  await run(process.execPath, [
    path.join(cliDir, 'scripts/build.mjs'),
    '--out',
    path.join(staticDir, 'cli/dist'),
  ]);
  manifest = JSON.parse(await fs.readFile(path.join(staticDir, 'cli/dist/portal-cli.json'), 'utf8'));
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({ PUBLIC_URL: portalUrl, STATIC_DIR: staticDir });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await signIn(t.app, { email: 'admin@portal.test', hostOverride: `127.0.0.1:${port}` });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/service-accounts',
    headers: bearer(admin),
    payload: { clientId: 'ci-package', userEmail: 'ci-package@portal.test', defaultRoles: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  account = created.json<ServiceAccountWithSecret>();
  // The build (esbuild and npm pack) comes before the server's start here.
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (staticDir) await fs.rm(staticDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('GET /downloads/portal-cli.tgz', () => {
  it('answers the tarball with its SHA-256 (header, .sha256 file, ETag) under the stable and the versioned name', async () => {
    const stable = await t.app.inject({ method: 'GET', url: '/downloads/portal-cli.tgz' });
    expect(stable.statusCode).toBe(200);
    expect(stable.headers['content-type']).toBe('application/gzip');
    expect(stable.headers['content-encoding']).toBeUndefined();
    const bytes = stable.rawPayload;
    const hex = sha256(bytes);
    expect(stable.headers['x-checksum-sha256']).toBe(hex);
    expect(stable.headers.etag).toBe(`"${hex}"`);
    expect(stable.headers['repr-digest']).toBe(`sha-256=:${Buffer.from(hex, 'hex').toString('base64')}:`);
    const checksum = await t.app.inject({ method: 'GET', url: '/downloads/portal-cli.tgz.sha256' });
    expect(checksum.body).toBe(`${hex}  portal-cli.tgz\n`);
    const versioned = await t.app.inject({ method: 'GET', url: `/downloads/${manifest.file}` });
    expect(versioned.rawPayload).toEqual(bytes);
    expect((await t.app.inject({ method: 'GET', url: `/downloads/${manifest.file}.sha256` })).body).toBe(
      `${hex}  ${manifest.file}\n`,
    );
    const again = await t.app.inject({
      method: 'GET',
      url: '/downloads/portal-cli.tgz',
      headers: { 'if-none-match': `"${hex}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/downloads/portal-cli.tgz' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('serves nothing but the command’s files: other names, paths and encoded traversals are 404', async () => {
    const tarball = (await t.app.inject({ method: 'GET', url: '/downloads/portal-cli.tgz' })).rawPayload;
    for (const url of [
      '/downloads/portal-cli.json',
      '/downloads/package%2Fportal.mjs',
      '/downloads/package/portal.mjs',
      '/downloads/..%2F..%2Fpackage.json',
      '/downloads/%2e%2e%2fportal-cli.json',
      '/downloads/..%5C..%5Cpackage.json',
      '/downloads/../cli/dist/portal-cli.json',
      '/downloads/portal-cli.tgz%00.sha256',
      '/downloads/portal-cli.tgz.sha256.sha256',
      '/downloads/PORTAL-CLI.TGZ',
      '/downloads/portal-cli-9.9.9.tgz',
      '/downloads/',
      '/cli/dist/portal-cli.tgz',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      // A 404, or (a path the router resolves outside /downloads) the customer app's page, or its "not built yet"
      // page (503) where the test serves no built app; never a file of cli/dist.
      if ([200, 503].includes(answer.statusCode))
        expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      else expect([400, 404], url).toContain(answer.statusCode);
      expect(answer.rawPayload.includes(tarball.subarray(0, 64)), url).toBe(false);
      expect(answer.body, url).not.toContain('"file"');
      expect(answer.body, url).not.toMatch(/^[0-9a-f]{64} {2}/);
    }
    // The same over the wire, where no test client tidies the path first.
    for (const raw of ['/downloads/../cli/dist/portal-cli.json', '/downloads/..%2fportal-cli.json']) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        // Options, not a URL string: a URL would resolve the dot segments before sending.
        const { hostname, port } = new URL(portalUrl);
        const request = http.get({ hostname, port, path: raw }, (response) => {
          let body = '';
          response.setEncoding('latin1').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        request.on('error', reject);
      });
      expect(answer.body, raw).not.toContain('"file"');
      expect(answer.body.includes(tarball.subarray(0, 64).toString('latin1')), raw).toBe(false);
    }
    // A manifest that names a path (a build gone wrong, or planted) is never followed.
    const manifestPath = path.join(staticDir, 'cli/dist/portal-cli.json');
    const original = await fs.readFile(manifestPath, 'utf8');
    try {
      await fs.writeFile(manifestPath, JSON.stringify({ file: '../../../package.json' }));
      expect((await t.app.inject({ method: 'GET', url: '/downloads/portal-cli.tgz' })).statusCode).toBe(404);
    } finally {
      await fs.writeFile(manifestPath, original);
    }
  });
});

describe('the tarball installed by npm', () => {
  // No user configuration, no registry that answers: what installs here needs nothing but the portal.
  const npm = async (cwd: string, args: string[]) => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-npm-home-'));
    const environment = {
      PATH: process.env.PATH!,
      HOME: home,
      npm_config_cache: path.join(home, 'cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
    try {
      return await run('npm', args, { cwd, env: environment });
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  };
  const portalEnv = () => ({
    PATH: process.env.PATH!,
    PORTAL_URL: portalUrl,
    PORTAL_CLIENT_ID: account.clientId,
    PORTAL_CLIENT_SECRET: account.secret,
  });

  it(
    'installs into an empty folder from the portal’s address with no dependency, and runs portal show',
    {
      timeout: 180_000,
    },
    async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-install-'));
      try {
        await npm(folder, ['install', `${portalUrl}/downloads/portal-cli.tgz`]);
        expect((await fs.readdir(path.join(folder, 'node_modules'))).sort()).toEqual([
          '.bin',
          '.package-lock.json',
          '@portal',
        ]);
        const installed = path.join(folder, 'node_modules/@portal/cli');
        expect((await fs.readdir(installed)).sort()).toEqual(['README.md', 'package.json', 'portal.mjs']);
        const bin = path.join(folder, 'node_modules/.bin/portal');
        const { stdout } = await run(bin, ['show', 'nx-flash-programmer'], { cwd: folder, env: portalEnv() });
        expect(stdout).toContain('Latest version: 3.0.0');
        expect(stdout).toContain('linux/x64');
        expect((await run(bin, ['--version'], { env: portalEnv() })).stdout).toBe(`${manifest.version}\n`);
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    },
  );

  it(
    'installs globally (npm install -g) and runs with npx -y from the portal’s address',
    {
      timeout: 180_000,
    },
    async () => {
      const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-global-'));
      try {
        await npm(prefix, ['install', '-g', '--prefix', prefix, `${portalUrl}/downloads/portal-cli.tgz`]);
        const help = await run(path.join(prefix, 'bin/portal'), ['--help'], { env: portalEnv() });
        expect(help.stdout).toContain('Usage: portal <command> [options]');
        const npx = await npm(prefix, [
          'exec',
          '--yes',
          '--',
          `${portalUrl}/downloads/portal-cli.tgz`,
          '--help',
        ]);
        expect(npx.stdout).toContain('Usage: portal <command> [options]');
      } finally {
        await fs.rm(prefix, { recursive: true, force: true });
      }
    },
  );
});
