import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@portal/data-provider/api-client';
import { downloadVerified, finalPathOf } from './download.js';
import { quietProgress } from './progress.js';
import { mergeLockEntries, readLockFile, writeLockFile, type LockEntry } from './lockfile.js';

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
    for (const name of ['../escape.zip', 'a/b.zip', '..', '.', 'a\\b.zip', '/etc/passwd']) {
      expect(() => finalPathOf('/out', name), name).toThrow(/not a plain file name/);
    }
  });
});

describe('a file address from the catalogue', () => {
  it('gets no request (and so no token) when it is not on the portal', async () => {
    const calls: string[] = [];
    const client = {
      baseUrl: 'https://portal.example.com/api/v1',
      requestRaw: async (url: string) => {
        calls.push(url);
        throw new Error('not reached');
      },
    } as unknown as ApiClient;
    const target = {
      url: 'https://elsewhere.example.net/x.zip',
      fileName: 'x.zip',
      sha256: 'a'.repeat(64),
      size: 1,
    };
    await expect(
      downloadVerified(client, target, { outDir: os.tmpdir(), progress: quietProgress(() => undefined) }),
    ).rejects.toThrow(/Refusing to send the token to https:\/\/elsewhere/);
    expect(calls).toEqual([]);
  });
});
