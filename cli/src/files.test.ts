import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@portal/data-provider/api-client';
import { downloadVerified, finalPathOf } from './download.js';
import { quietProgress } from './progress.js';
import { mergeLockEntries, readLockFile, writeLockFile, type LockEntry } from './lockfile.js';
import { sameOrigin, secureUrl } from './secure-url.js';

const entry = (featureId: string, version: string, platform = 'linux'): LockEntry => ({
  featureId,
  version,
  fileName: `${featureId}-${version}-${platform}.bin`,
  os: platform,
  architecture: 'x64',
  size: 10,
  sha256: 'a'.repeat(64),
});

describe('the lock file', () => {
  it('pins one file per feature and platform: a new download replaces the old pin; sorted for stable diffs', () => {
    const merged = mergeLockEntries(
      [entry('tool', '1.0'), entry('tool', '1.0', 'windows'), entry('pack', '1.0')],
      [entry('tool', '2.0')],
    );
    expect(merged.map((e) => e.fileName)).toEqual([
      'pack-1.0-linux.bin',
      'tool-1.0-windows.bin',
      'tool-2.0-linux.bin',
    ]);
  });

  it('round-trips, reads as null when missing, and refuses what is not a pinned file', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-lock-test-'));
    try {
      const file = path.join(folder, 'portal.lock.json');
      expect(await readLockFile(file)).toBeNull();
      await writeLockFile(file, [entry('tool', '1.0')]);
      expect(await readLockFile(file)).toEqual({ lockfileVersion: 1, files: [entry('tool', '1.0')] });
      expect(await fs.readdir(folder)).toEqual(['portal.lock.json']);
      for (const broken of [
        'not json',
        JSON.stringify({ lockfileVersion: 2, files: [] }),
        JSON.stringify({ lockfileVersion: 1, files: [{ ...entry('tool', '1.0'), sha256: 'short' }] }),
        JSON.stringify({ lockfileVersion: 1, files: [{ ...entry('tool', '1.0'), fileName: '' }] }),
      ]) {
        await fs.writeFile(file, broken);
        await expect(readLockFile(file), broken).rejects.toThrow();
      }
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the final place of a file', () => {
  it('keeps a name from the server inside the output folder', () => {
    expect(finalPathOf('/out', 'tool.zip')).toBe(path.join('/out', 'tool.zip'));
    for (const name of [
      '../escape.zip',
      'a/b.zip',
      '..',
      '.',
      'a\\b.zip',
      '/etc/passwd',
      '',
      'a\u0000b',
      'x\ny',
      'c:evil',
      'CON',
      'nul.txt',
    ]) {
      expect(() => finalPathOf('/out', name), name).toThrow(/not a plain file name/);
    }
  });
});

describe('a file address from the catalogue', () => {
  it('gets no request (and so no token) when it is not on the portal', async () => {
    const calls: string[] = [];
    const client = {
      baseUrl: 'https://portal.example.com/api/v1',
      fetchFile: async (url: string) => {
        calls.push(url);
        throw new Error('not reached');
      },
    } as unknown as ApiClient;
    const target = {
      url: 'https://elsewhere.example.net/x.zip',
      fileName: 'x.zip',
      sha256: 'a'.repeat(64),
      size: 1,
      withToken: true,
    };
    await expect(
      downloadVerified(client, target, { outDir: os.tmpdir(), progress: quietProgress(() => undefined) }),
    ).rejects.toThrow(/Refusing to send the token to https:\/\/elsewhere/);
    expect(calls).toEqual([]);
  });
});

/** A client whose file answers are `bytes` (206 from the asked offset when `ranges`), on the portal's origin. */
function fileClient(bytes: Buffer, calls: string[] = []): ApiClient {
  return {
    baseUrl: 'http://127.0.0.1:9/api/v1',
    fetchFile: async (_url: string, init: { headers?: Record<string, string> }) => {
      calls.push(init.headers?.Range ?? 'whole');
      return new Response(new Uint8Array(bytes), { status: 200 });
    },
  } as unknown as ApiClient;
}

describe('a download into a folder someone else can write to', () => {
  const bytes = Buffer.from('the real tool bytes\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const target = {
    url: 'http://127.0.0.1:9/api/v1/f',
    fileName: 'tool.bin',
    sha256,
    size: bytes.length,
    withToken: true,
  };
  const options = (outDir: string) => ({ outDir, progress: quietProgress(() => undefined), backoffMs: 1 });

  it('never writes through a link planted at the partial or the final name, and replaces the link itself', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-link-test-'));
    try {
      const victim = path.join(folder, 'victim');
      await fs.writeFile(victim, 'SMALL\n');
      const out = path.join(folder, 'out');
      await fs.mkdir(out);
      await fs.symlink(victim, path.join(out, `.tool.bin.${sha256.slice(0, 16)}.partial`));
      await fs.symlink(victim, path.join(out, 'tool.bin'));
      const done = await downloadVerified(fileClient(bytes), target, options(out));
      expect(done.unchanged).toBe(false);
      expect(await fs.readFile(victim, 'utf8')).toBe('SMALL\n');
      expect((await fs.lstat(path.join(out, 'tool.bin'))).isFile()).toBe(true);
      expect(await fs.readFile(path.join(out, 'tool.bin'))).toEqual(bytes);
      expect(await fs.readdir(out)).toEqual(['tool.bin']);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('stops a server that sends more bytes than the file has, and keeps nothing', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-size-test-'));
    try {
      const endless = Buffer.concat([bytes, Buffer.alloc(1024 * 1024)]);
      await expect(downloadVerified(fileClient(endless), target, options(folder))).rejects.toThrow(
        /more than its \d+ bytes/,
      );
      expect(await fs.readdir(folder)).toEqual([]);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('a dropped download', () => {
  it('continues from the bytes already there with a Range request', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-resume-test-'));
    try {
      const bytes = Buffer.from('0123456789abcdefghij');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const ranges: string[] = [];
      const client = {
        baseUrl: 'http://127.0.0.1:9/api/v1',
        fetchFile: async (_url: string, init: { headers?: Record<string, string> }) => {
          const range = init.headers?.Range;
          ranges.push(range ?? 'whole');
          if (range === 'bytes=10-') {
            return new Response(new Uint8Array(bytes.subarray(10)), {
              status: 206,
              headers: { 'Content-Range': `bytes 10-19/20` },
            });
          }
          const cut = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(bytes.subarray(0, 10)));
              setTimeout(() => controller.error(new Error('cut')), 20);
            },
          });
          return new Response(cut, { status: 200 });
        },
      } as unknown as ApiClient;
      const target = {
        url: 'http://127.0.0.1:9/api/v1/f',
        fileName: 'r.bin',
        sha256,
        size: 20,
        withToken: true,
      };
      const done = await downloadVerified(client, target, {
        outDir: folder,
        progress: quietProgress(() => undefined),
        backoffMs: 1,
      });
      expect(ranges).toEqual(['whole', 'bytes=10-']);
      expect(done.resumed).toBe(1);
      expect(await fs.readFile(path.join(folder, 'r.bin'))).toEqual(bytes);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('where credentials may go', () => {
  it("over https, or plain http to this machine only; the API on the portal's own origin", () => {
    expect(secureUrl('https://portal.example.com', 'X').origin).toBe('https://portal.example.com');
    expect(secureUrl('http://localhost:8080', 'X').hostname).toBe('localhost');
    expect(secureUrl('http://127.0.0.1:8080', 'X').hostname).toBe('127.0.0.1');
    expect(() => secureUrl('http://portal.example.com', 'PORTAL_URL')).toThrow(/must use https/);
    expect(() => secureUrl('ftp://localhost', 'X')).toThrow(/must use https/);
    expect(() => secureUrl('nonsense', 'X')).toThrow(/not a URL/);
    const portal = new URL('https://portal.example.com');
    expect(() => sameOrigin(new URL('https://portal.example.com/api/v1'), portal, 'API')).not.toThrow();
    expect(() => sameOrigin(new URL('https://evil.example.net/api/v1'), portal, 'API')).toThrow(/refusing/);
  });
});
