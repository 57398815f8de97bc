import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceAccountWithSecret, ToolDetail } from '@portal/resources';
import { DEMO_FILE_PREFIX } from '../../server/src/db/demo-catalogue.js';
import { startTestApp, type TestApp } from '../../server/test/support/app.js';
import { setDocumentUrl, setFileSha256 } from '../../server/test/support/catalogue-rows.js';
import { bearer, signIn } from '../../server/test/support/sign-in.js';
import { main, type Io } from '../src/main.js';
import { LOCK_FILE_NAME, readLockFile } from '../src/lockfile.js';

/**
 * The command against the real server (PGlite, the embedded identity provider) on a loopback port, signed in as a
 * real service account by the client-credentials grant. Every call passes a small proxy in front of the server,
 * which can cut a file download off after some bytes, as a dropped connection would.
 */
let t: TestApp;
let proxy: http.Server;
let account: ServiceAccountWithSecret;
/** A service account whose user is an admin (its roles), for `--all` and the admin's own records. */
let adminAccount: ServiceAccountWithSecret;
let portalUrl: string;
/** File requests the proxy saw: path, Range header asked and status answered. */
let fileRequests: { path: string; range: string | undefined; status: number }[] = [];
/** Cut each next file answer after this many body bytes, one entry per answer. */
let fileCuts: number[] = [];

function startProxy(): Promise<number> {
  proxy = http.createServer((request, response) => {
    const upstreamPort = (t.app.server.address() as AddressInfo).port;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        const isFile = /\/files\//.test(request.url ?? '');
        if (isFile)
          fileRequests.push({ path: request.url!, range: request.headers.range, status: answer.statusCode! });
        const cut = isFile && answer.statusCode! < 300 ? (fileCuts.shift() ?? null) : null;
        if (cut === null) return void answer.pipe(response);
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (sent + chunk.length < cut) {
            sent += chunk.length;
            return void response.write(chunk);
          }
          response.write(chunk.subarray(0, cut - sent), () => {
            response.socket?.destroy();
            answer.destroy();
          });
          sent = cut;
        });
        answer.on('end', () => {
          if (sent < cut) response.end();
        });
      },
    );
    upstream.on('error', () => response.socket?.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve((proxy.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  const proxyPort = await startProxy();
  portalUrl = `http://127.0.0.1:${proxyPort}`;
  t = await startTestApp({ PUBLIC_URL: portalUrl });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The service account an admin creates in the console (the console calls this API).
  const admin = await signIn(t.app, { email: 'admin@portal.test', hostOverride: new URL(portalUrl).host });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/service-accounts',
    headers: bearer(admin),
    payload: { clientId: 'ci-build', userEmail: 'ci-build@portal.test', defaultRoles: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  account = created.json<ServiceAccountWithSecret>();
  const createdAdmin = await t.app.inject({
    method: 'POST',
    url: '/api/v1/service-accounts',
    headers: bearer(admin),
    payload: { clientId: 'ci-admin', userEmail: 'ci-admin@portal.test', defaultRoles: ['Admin'] },
  });
  expect(createdAdmin.statusCode, createdAdmin.body).toBe(201);
  adminAccount = createdAdmin.json<ServiceAccountWithSecret>();
  // Started beside test/package.test.ts (its own server and a build) on a machine that may be busy.
}, 240_000);
afterAll(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  await t?.close();
});

let workDir: string;
beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-test-'));
  fileRequests = [];
  fileCuts = [];
  return () => fs.rm(workDir, { recursive: true, force: true });
});

const env = () => ({
  PORTAL_URL: portalUrl,
  PORTAL_CLIENT_ID: account.clientId,
  PORTAL_CLIENT_SECRET: account.secret,
});

/** Runs the command in this process; answers its exit code and what it wrote. */
async function portal(
  args: string[],
  environment: Record<string, string> = env(),
  tuning: { retries?: number } = {},
) {
  const stdout: string[] = [];
  let stderr = '';
  const io: Io = {
    stdout: (line) => stdout.push(line),
    stderr: {
      isTTY: false,
      write: (text: string) => ((stderr += text), true),
    } as unknown as NodeJS.WriteStream,
    env: environment,
    cwd: workDir,
    download: { backoffMs: 10, ...tuning },
  };
  const code = await main(args, io);
  return { code, stdout: stdout.join('\n'), stderr };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const filesIn = async (folder: string) => (await fs.readdir(folder)).sort();

async function toolDetail(featureId: string): Promise<ToolDetail> {
  return (
    await t.app.inject({ method: 'GET', url: `/api/v1/catalogue/tools/${featureId}` })
  ).json<ToolDetail>();
}

describe('portal login, search, show, licenses and orders', () => {
  it('signs in by the client-credentials grant found through discovery', async () => {
    const { code, stdout } = await portal(['login']);
    expect(code).toBe(0);
    expect(stdout).toContain('ci-build');
    expect(stdout).toContain('ci-build@portal.test');
  });

  it('fails with exit code 1 and the provider’s answer for a wrong secret, 2 without credentials', async () => {
    const wrong = await portal(['login'], { ...env(), PORTAL_CLIENT_SECRET: 'not-the-secret' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Sign-in of the service account ci-build failed \(HTTP 401/);
    const missing = await portal(['login'], { PORTAL_URL: portalUrl });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('PORTAL_CLIENT_ID');
  });

  it('searches the catalogue and shows a tool with files per platform, dependencies and export control', async () => {
    const found = await portal(['search', 'flash programmer', '--json']);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).map((item: { key: string }) => item.key)).toContain(
      'nx-flash-programmer',
    );
    const shown = await portal(['show', 'nx-flash-programmer']);
    expect(shown.stdout).toContain('Latest version: 3.0.0');
    expect(shown.stdout).toContain('linux/x64');
    expect(shown.stdout).toContain('needs nx-device-pack (versionNumeric 10000 or later)');
    const signer = await portal(['show', 'secureboot-signer']);
    expect(signer.stdout).toContain('export control: ECCN 5D002, AL 5D002');
    // In the words of the portal's refusal of the download itself.
    expect(signer.stdout).toContain(
      'not downloadable: This download is restricted by export control. You can request access.',
    );
  });

  it('lists the account’s licenses and orders (none for a new service account)', async () => {
    expect((await portal(['licenses'])).stdout).toBe('No licenses.');
    expect((await portal(['orders', '--json'])).stdout).toBe('[]');
  });
});

describe('portal download', () => {
  it('fetches the latest version with its dependency closure, verified, and pins it in the lock file', async () => {
    const { code, stderr } = await portal([
      'download',
      'nx-flash-programmer',
      '--os',
      'linux',
      '--arch',
      'x64',
      '--with-deps',
      '--out',
      'tools',
    ]);
    expect(code, stderr).toBe(0);
    const programmer = (await toolDetail('nx-flash-programmer')).versions['3.0.0']!.downloadUrls.find(
      (file) => file.os === 'linux',
    )!;
    const pack = (await toolDetail('nx-device-pack')).versions['1.1.0']!.downloadUrls[0]!;
    expect(await filesIn(path.join(workDir, 'tools'))).toEqual([programmer.fileName, pack.fileName].sort());
    const bytes = await fs.readFile(path.join(workDir, 'tools', programmer.fileName));
    expect(sha256(bytes)).toBe(programmer.sha256);
    const lock = await readLockFile(path.join(workDir, LOCK_FILE_NAME));
    expect(lock!.files).toEqual([
      expect.objectContaining({ featureId: 'nx-device-pack', version: '1.1.0', sha256: pack.sha256 }),
      expect.objectContaining({
        featureId: 'nx-flash-programmer',
        version: '3.0.0',
        fileName: programmer.fileName,
        sha256: programmer.sha256,
      }),
    ]);
  });

  it('refuses an export-controlled file with the portal’s message, exit 1, writing nothing', async () => {
    const { code, stderr } = await portal(['download', 'secureboot-signer@1.3.0', '--os', 'linux']);
    expect(code).toBe(1);
    expect(stderr).toContain('This download is restricted by export control. You can request access.');
    expect(stderr).toContain('export_controlled');
    expect(await filesIn(workDir)).toEqual([]);
  });

  it('refuses a payable version the account has not bought, with the portal’s message', async () => {
    const { code, stderr } = await portal(['download', 'nx-motor-control-lib@4.0.0']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'This version is payable: buy it before downloading. (HTTP 403 purchase_required)',
    );
    expect(await filesIn(workDir)).toEqual([]);
  });

  it('refuses a tampered file: checksum mismatch, exit 1, nothing under the final name, no partial file', async () => {
    const file = (await toolDetail('legacy-flasher')).versions['1.9.4']!.downloadUrls[0]!;
    // The bytes in the storage change behind the catalogue's back; the catalogue still names the old checksum.
    await t.app.files.put(
      `${DEMO_FILE_PREFIX}legacy-flasher/1.9.4/${file.fileName}`,
      Buffer.alloc(file.filesize!, 'x'),
    );
    const { code, stderr } = await portal(['download', 'legacy-flasher@1.9.4']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Checksum mismatch for ${file.fileName}`);
    expect(await filesIn(workDir)).toEqual([]);
  });

  it('continues a download cut off mid-file with a Range request, and the result verifies', async () => {
    const file = (await toolDetail('nx-flash-programmer')).versions['2.4.1']!.downloadUrls.find(
      (candidate) => candidate.os === 'macos',
    )!;
    fileCuts = [700];
    const { code, stdout, stderr } = await portal(['download', 'nx-flash-programmer@2.4.1', '--os', 'macos']);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('the connection dropped');
    expect(stdout).toContain('resumed 1×');
    expect(fileRequests.map(({ range, status }) => [range, status])).toEqual([
      [undefined, 200],
      ['bytes=700-', 206],
    ]);
    expect(sha256(await fs.readFile(path.join(workDir, file.fileName)))).toBe(file.sha256);
    expect(await filesIn(workDir)).toEqual([file.fileName, LOCK_FILE_NAME].sort());
  });
});

describe('portal install', () => {
  it('reproduces the lock file exactly, and fails before fetching when a pinned checksum changed', async () => {
    expect((await portal(['download', 'nx-device-pack@1.0.0', '--out', 'a'])).code).toBe(0);
    const installed = await portal(['install', '--out', 'b']);
    expect(installed.code, installed.stderr).toBe(0);
    const pack = (await toolDetail('nx-device-pack')).versions['1.0.0']!.downloadUrls[0]!;
    expect(await fs.readFile(path.join(workDir, 'b', pack.fileName))).toEqual(
      await fs.readFile(path.join(workDir, 'a', pack.fileName)),
    );
    // Again: the file is there with the pinned checksum, so nothing is fetched.
    fileRequests = [];
    expect((await portal(['install', '--out', 'b'])).stdout).toContain('unchanged');
    expect(fileRequests).toEqual([]);

    const lockPath = path.join(workDir, LOCK_FILE_NAME);
    const lock = JSON.parse(await fs.readFile(lockPath, 'utf8'));
    lock.files[0].sha256 = '0'.repeat(64);
    await fs.writeFile(lockPath, JSON.stringify(lock));
    const changed = await portal(['install', '--out', 'c']);
    expect(changed.code).toBe(1);
    // The pin's own digest no longer fits: the lock file was edited, not the portal; both checksums are named.
    expect(changed.stderr).toContain('the lock file was edited');
    expect(changed.stderr).toContain(`pinned SHA-256 ${'0'.repeat(64)}, the portal's now ${pack.sha256}`);
    expect(fileRequests).toEqual([]);
    await expect(fs.access(path.join(workDir, 'c'))).rejects.toThrow();
  });
});

describe('the portal bin', () => {
  it('runs from the package with node (the shebang’s runtime) and ends with the exit code', async () => {
    const bin = path.resolve(import.meta.dirname, '../bin/portal.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'login'], {
      env: { ...process.env, ...env() },
      cwd: workDir,
    });
    expect(stdout).toContain('ci-build');
    await expect(
      promisify(execFile)(process.execPath, [bin, 'frobnicate'], { cwd: workDir }),
    ).rejects.toMatchObject({
      code: 2,
    });
  });
});

const adminEnv = () => ({
  ...env(),
  PORTAL_CLIENT_ID: adminAccount.clientId,
  PORTAL_CLIENT_SECRET: adminAccount.secret,
});

describe('every kind of the catalogue', () => {
  it('names an unknown id in its message, whichever kind it was asked as', async () => {
    for (const args of [
      ['show', 'no-such-thing'],
      ['download', 'no-such-thing'],
    ]) {
      const { code, stderr } = await portal(args);
      expect(code).toBe(1);
      expect(stderr).toBe("portal: No tool, software, bundle or document 'no-such-thing'.\n");
    }
  });

  it('searches one kind: tools, software, bundles or documents; refuses another kind as wrong usage', async () => {
    const kinds = async (kind: string) => {
      const found = await portal(['search', '', '--kind', kind, '--json']);
      expect(found.code, found.stderr).toBe(0);
      return JSON.parse(found.stdout) as { key: string; kind: string; category: string }[];
    };
    const bundles = await kinds('bundle');
    expect(bundles.map((item) => item.key)).toContain('BND-MOTOR-STARTER');
    expect(bundles.every((item) => item.kind === 'software-bundle')).toBe(true);
    const documents = await kinds('document');
    expect(documents.map((item) => item.key)).toContain('doc-nx240-datasheet');
    expect(documents.every((item) => item.kind === 'document')).toBe(true);
    const software = await kinds('software');
    expect(software.length).toBeGreaterThan(0);
    expect(software.every((item) => ['software', 'software_external'].includes(item.category))).toBe(true);
    const tools = await kinds('tool');
    expect(tools.map((item) => item.key)).toContain('nx-flash-programmer');
    expect(tools.some((item) => item.kind !== 'tool' || item.category.startsWith('software'))).toBe(false);
    const wrong = await portal(['search', 'x', '--kind', 'board']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--kind is one of tool, software, bundle, document');
  });

  it('shows a bundle: its versions newest first, each item with whether this account may download it', async () => {
    const { code, stdout, stderr } = await portal(['show', 'BND-MOTOR-STARTER']);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Motor Control Starter Bundle (BND-MOTOR-STARTER, bundle)');
    expect(stdout).toContain('Latest version: 2025.1');
    expect(stdout.indexOf('2025.1')).toBeLessThan(stdout.indexOf('2024.1'));
    expect(stdout).toMatch(/nx-flash-programmer@3\.0\.0 +downloadable/);
    expect(stdout).toContain('Documents: doc-nx240-datasheet');
  });

  it('downloads every item of a bundle version for one platform, each verified and pinned', async () => {
    const { code, stdout, stderr } = await portal([
      'download',
      'BND-MOTOR-STARTER@2025.1',
      '--os',
      'linux',
      '--arch',
      'x64',
      '--out',
      'bundle',
    ]);
    expect(code, stderr).toBe(0);
    const lock = (await readLockFile(path.join(workDir, LOCK_FILE_NAME)))!;
    expect(lock.files.map((entry) => `${entry.featureId}@${entry.version}`)).toEqual([
      'nx-device-pack@1.1.0',
      'nx-flash-programmer@3.0.0',
      'nx-motor-control-lib@3.2.0',
    ]);
    for (const entry of lock.files) {
      expect(entry.out).toBe('bundle');
      const bytes = await fs.readFile(path.join(workDir, 'bundle', entry.fileName));
      expect(sha256(bytes)).toBe(entry.sha256);
      expect(stdout).toContain(`sha256 ${entry.sha256}`);
    }
    expect(lock.files.find((entry) => entry.featureId === 'nx-flash-programmer')).toMatchObject({
      os: 'linux',
      architecture: 'x64',
    });
  });

  it('fetches a document hosted elsewhere without the token, pins its bytes, and install holds it to the pin', async () => {
    const seen: (string | undefined)[] = [];
    let bytes = Buffer.from('%PDF-1.7 the NX240 datasheet\n');
    const host = http.createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(bytes);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/nx240-datasheet.pdf`;
      await setDocumentUrl(t.database.db, 'doc-nx240-datasheet', url);
      const shown = await portal(['show', 'doc-nx240-datasheet']);
      expect(shown.stdout).toContain(`File: nx240-datasheet.pdf at ${url}`);
      const fetched = await portal(['download', 'doc-nx240-datasheet', '--out', 'docs']);
      expect(fetched.code, fetched.stderr).toBe(0);
      expect(seen).toEqual([undefined]);
      expect(await fs.readFile(path.join(workDir, 'docs', 'nx240-datasheet.pdf'))).toEqual(bytes);
      const lock = (await readLockFile(path.join(workDir, LOCK_FILE_NAME)))!;
      expect(lock.files).toEqual([
        expect.objectContaining({ kind: 'document', out: 'docs', sha256: sha256(bytes) }),
      ]);
      // The host changes the bytes: install accepts only the pinned ones and keeps nothing else.
      bytes = Buffer.from('%PDF-1.7 something else\n');
      await fs.rm(path.join(workDir, 'docs'), { recursive: true });
      const installed = await portal(['install']);
      expect(installed.code).toBe(1);
      expect(installed.stderr).toContain('Checksum mismatch for nx240-datasheet.pdf');
      expect(await filesIn(path.join(workDir, 'docs'))).toEqual([]);
      const versioned = await portal(['download', 'doc-nx240-datasheet@1.0']);
      expect(versioned.code).toBe(2);
    } finally {
      host.close();
    }
  });
});

describe('the account’s own licenses and orders', () => {
  it('lists an admin account’s own records by default, everyone’s with --all and an owner column', async () => {
    expect((await portal(['licenses'], adminEnv())).stdout).toBe('No licenses.');
    expect((await portal(['orders'], adminEnv())).stdout).toBe('No orders.');
    const all = await portal(['licenses', '--all'], adminEnv());
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^customer@portal\.test +\S+/m);
    const orders = await portal(['orders', '--all'], adminEnv());
    expect(orders.stdout).toContain('customer@portal.test');
  });

  it('is refused everyone’s records by the server for an account that is not an admin', async () => {
    for (const command of ['licenses', 'orders']) {
      const { code, stderr } = await portal([command, '--all']);
      expect(code).toBe(1);
      expect(stderr).toContain("Only an admin may list every customer's records. (HTTP 403");
    }
  });
});

describe('downloads that survive', () => {
  const macFile = async () =>
    (await toolDetail('nx-flash-programmer')).versions['2.4.1']!.downloadUrls.find(
      (candidate) => candidate.os === 'macos',
    )!;

  it('counts every resumed attempt, and gives the file the mode the umask leaves (0644 under 022)', async () => {
    const file = await macFile();
    fileCuts = [300, 200, 200, 200];
    const { code, stdout, stderr } = await portal(['download', 'nx-flash-programmer@2.4.1', '--os', 'macos']);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('resumed 4×');
    expect(fileRequests.map(({ range }) => range)).toEqual([
      undefined,
      'bytes=300-',
      'bytes=500-',
      'bytes=700-',
      'bytes=900-',
    ]);
    const stat = await fs.stat(path.join(workDir, file.fileName));
    expect(stat.mode & 0o777).toBe(0o666 & ~process.umask());
  });

  it('keeps the partial file when the attempts run out, and the next run continues it', async () => {
    const file = await macFile();
    const io = { retries: 1 };
    fileCuts = [400, 300];
    const first = await portal(['download', 'nx-flash-programmer@2.4.1', '--os', 'macos'], env(), io);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/The 700 bytes received are kept in .*\.partial; run the command again/);
    const partials = (await filesIn(workDir)).filter((name) => name.endsWith('.partial'));
    expect(partials).toHaveLength(1);
    fileRequests = [];
    const second = await portal(['download', 'nx-flash-programmer@2.4.1', '--os', 'macos']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('resumed 1×');
    expect(fileRequests.map(({ range, status }) => [range, status])).toEqual([['bytes=700-', 206]]);
    expect(sha256(await fs.readFile(path.join(workDir, file.fileName)))).toBe(file.sha256);
    expect(await filesIn(workDir)).toEqual([file.fileName, LOCK_FILE_NAME].sort());
  });

  it('removes a damaged partial file once its final checksum fails', async () => {
    const file = await macFile();
    const partial = path.join(workDir, `.${file.fileName}.${file.sha256!.slice(0, 16)}.partial`);
    await fs.writeFile(partial, Buffer.alloc(500, 'x'));
    const { code, stderr } = await portal(['download', 'nx-flash-programmer@2.4.1', '--os', 'macos']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Checksum mismatch for ${file.fileName}`);
    expect(await filesIn(workDir)).toEqual([]);
  });
});

describe('the lock file’s folders and pins', () => {
  it('records --out per file, and install puts each file back in its folder', async () => {
    expect((await portal(['download', 'nx-device-pack@1.0.0', '--out', 'packs'])).code).toBe(0);
    const programmer = await portal([
      'download',
      'nx-flash-programmer@3.0.0',
      '--os',
      'linux',
      '--out',
      'tools/nx',
    ]);
    expect(programmer.code, programmer.stderr).toBe(0);
    const before = (await readLockFile(path.join(workDir, LOCK_FILE_NAME)))!.files;
    expect(before.map((entry) => entry.out)).toEqual(['packs', 'tools/nx']);
    await fs.rm(path.join(workDir, 'packs'), { recursive: true });
    await fs.rm(path.join(workDir, 'tools'), { recursive: true });
    const installed = await portal(['install']);
    expect(installed.code, installed.stderr).toBe(0);
    for (const entry of before) {
      expect(sha256(await fs.readFile(path.join(workDir, entry.out!, entry.fileName)))).toBe(entry.sha256);
    }
    // A folder outside the lock file's cannot be pinned, and nothing is fetched for it.
    fileRequests = [];
    const outside = await portal(['download', 'nx-device-pack@1.0.0', '--out', '../elsewhere']);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain("is not inside the lock file's folder");
    expect(fileRequests).toEqual([]);
  });

  it('says the portal changed a pinned file when the lock file is as download wrote it', async () => {
    expect((await portal(['download', 'nx-device-pack@1.0.0'])).code).toBe(0);
    const pinned = (await readLockFile(path.join(workDir, LOCK_FILE_NAME)))!.files[0]!;
    const changed = 'c'.repeat(64);
    await setFileSha256(t.database.db, pinned.fileName, changed);
    try {
      const { code, stderr } = await portal(['install', '--out', 'again']);
      expect(code).toBe(1);
      expect(stderr).toContain('changed on the portal since it was pinned');
      expect(stderr).toContain(`pinned SHA-256 ${pinned.sha256}, the portal's now ${changed}`);
    } finally {
      await setFileSha256(t.database.db, pinned.fileName, pinned.sha256);
    }
  });
});
