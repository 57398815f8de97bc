import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FILE_PREFIX, demoFileContent } from '../src/db/demo-catalogue.js';
import { assertStorageKey, localFileStorage, openFileStorage } from '../src/storage/file-storage.js';

const folders: string[] = [];
const tempFolder = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-test-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the local file storage', () => {
  it('stores bytes under a key, answering size and SHA-256, and reads, finds and deletes them', async () => {
    const storage = localFileStorage(await tempFolder());
    const bytes = Buffer.from('installer bytes');
    expect(await storage.put('tool-files/a/b', bytes)).toEqual({
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await storage.exists('tool-files/a/b')).toBe(true);
    const stored = await storage.get('tool-files/a/b');
    expect(stored!.size).toBe(bytes.length);
    expect(await read(stored!.stream)).toEqual(bytes);
    await storage.put('tool-files/a/b', Buffer.from('replaced'));
    expect((await read((await storage.get('tool-files/a/b'))!.stream)).toString()).toBe('replaced');
    await storage.delete('tool-files/a/b');
    expect(await storage.exists('tool-files/a/b')).toBe(false);
    expect(await storage.get('tool-files/a/b')).toBeNull();
    await storage.delete('tool-files/a/b');
  });

  it('reads a byte range, answering the size of the whole file', async () => {
    const storage = localFileStorage(await tempFolder());
    await storage.put('tool-files/range.bin', Buffer.from('0123456789abcdef'));
    const part = await storage.get('tool-files/range.bin', { start: 4, end: 9 });
    expect(part!.size).toBe(16);
    expect((await read(part!.stream)).toString()).toBe('456789');
  });

  it('refuses keys that could leave its folder', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a b', '', 'a/./b']) {
      expect(() => assertStorageKey(key), key).toThrow();
    }
    expect(() => assertStorageKey('demo/nx-flash-programmer/3.0.0/file.exe')).not.toThrow();
  });
});

describe('choosing the folder', () => {
  it('uses FILES_DIR when set, else DATA_DIR/files when the data folder exists', async () => {
    const files = path.join(await tempFolder(), 'files-here');
    const explicit = await openFileStorage({ filesDir: files, dataDir: '/nonexistent' });
    expect(explicit).toMatchObject({ location: files, temporary: false });
    const data = await tempFolder();
    const fromData = await openFileStorage({ filesDir: undefined, dataDir: data });
    expect(fromData).toMatchObject({ location: path.join(data, 'files'), temporary: false });
    expect((await fs.stat(path.join(data, 'files'))).isDirectory()).toBe(true);
  });

  it('falls back to a temporary folder, removed on close, without a data folder or when asked', async () => {
    for (const options of [
      { filesDir: undefined, dataDir: '/nonexistent-portal-data' },
      { filesDir: await tempFolder(), dataDir: await tempFolder(), temporary: true },
    ]) {
      const opened = await openFileStorage(options);
      expect(opened.temporary).toBe(true);
      await opened.storage.put('x', Buffer.from('y'));
      await opened.storage.close();
      await expect(fs.stat(opened.location)).rejects.toThrow();
    }
  });
});

describe('demo files', () => {
  it('have the same few kilobytes for the same key, so their SHA-256 can be stored at seed time', () => {
    const key = `${DEMO_FILE_PREFIX}nx-flash-programmer/3.0.0/setup.exe`;
    expect(demoFileContent(key)).toEqual(demoFileContent(key));
    expect(demoFileContent(key).length).toBeGreaterThanOrEqual(1024);
    expect(demoFileContent(key).toString()).toContain('nx-flash-programmer/3.0.0/setup.exe');
  });
});
