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
let portalUrl: string;
/** File requests the proxy saw: path, Range header asked and status answered. */
let fileRequests: { path: string; range: string | undefined; status: number }[] = [];
/** Cut the next file answer after this many body bytes. */
let cutNextFileAfter: number | null = null;

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
        const cut = isFile && answer.statusCode! < 300 ? cutNextFileAfter : null;
        if (cut === null) return void answer.pipe(response);
        cutNextFileAfter = null;
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
});
afterAll(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  await t?.close();
});

let workDir: string;
beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cli-test-'));
  fileRequests = [];
  cutNextFileAfter = null;
  return () => fs.rm(workDir, { recursive: true, force: true });
});

const env = () => ({
  PORTAL_URL: portalUrl,
  PORTAL_CLIENT_ID: account.clientId,
  PORTAL_CLIENT_SECRET: account.secret,
});

/** Runs the command in this process; answers its exit code and what it wrote. */
async function portal(args: string[], environment: Record<string, string> = env()) {
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
    download: { backoffMs: 10 },
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
    expect(signer.stdout).toContain('not downloadable: export-controlled');
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
    cutNextFileAfter = 700;
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
    expect(changed.stderr).toContain('changed on the portal');
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
