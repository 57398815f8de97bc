import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileTooBigError, localFileStorage, removeStalePartials } from '../src/storage/file-storage.js';
import { openConfiguredStorage } from '../src/storage/open.js';

const folders: string[] = [];
const tempFolder = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-local-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

const filesIn = async (root: string) =>
  (await fs.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `count` chunks of `size` bytes, each made on demand (the test holds no whole body either). */
function generated(count: number, size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === count) return void this.push(null);
      this.push(Buffer.alloc(size, sent % 251));
      sent += 1;
    },
  });
}

describe('putStream of the local storage', () => {
  it('streams to a temporary name, shows the key only when complete, and answers size and SHA-256', async () => {
    const root = await tempFolder();
    const storage = localFileStorage(root);
    const body = new PassThrough();
    const writing = storage.putStream('uploads/a/file.bin', body, { maxBytes: 1024 });
    body.write(Buffer.from('first half, '));
    // The bytes are on disk before the body ends, under a temporary name beside the key.
    await expect.poll(async () => (await filesIn(root)).length).toBe(1);
    const [partial] = await filesIn(root);
    expect(partial).toMatch(/^uploads\/a\/file\.bin\.[0-9a-f-]{36}\.partial$/);
    expect(await storage.exists('uploads/a/file.bin')).toBe(false);
    body.end(Buffer.from('second half'));
    const stored = await writing;
    const bytes = Buffer.from('first half, second half');
    expect(stored).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(await filesIn(root)).toEqual(['uploads/a/file.bin']);
    expect(await read((await storage.get('uploads/a/file.bin'))!.stream)).toEqual(bytes);
  });

  it('accepts exactly maxBytes and refuses one byte more with FileTooBigError, leaving nothing', async () => {
    const root = await tempFolder();
    const storage = localFileStorage(root);
    expect((await storage.putStream('exact', generated(4, 256), { maxBytes: 1024 })).size).toBe(1024);
    const over = Readable.from([Buffer.alloc(1024), Buffer.alloc(1)]);
    await expect(storage.putStream('over', over, { maxBytes: 1024 })).rejects.toBeInstanceOf(FileTooBigError);
    expect(await filesIn(root)).toEqual(['exact']);
  });

  it('stops reading an endless body at the limit', async () => {
    const root = await tempFolder();
    const storage = localFileStorage(root);
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(storage.putStream('endless', endless, { maxBytes: 1024 * 1024 })).rejects.toBeInstanceOf(
      FileTooBigError,
    );
    expect(produced).toBeLessThan(4 * 1024 * 1024);
    expect(await filesIn(root)).toEqual([]);
  });

  it('keeps what was stored under the key when a replacement fails midway', async () => {
    const root = await tempFolder();
    const storage = localFileStorage(root);
    await storage.put('doc.txt', Buffer.from('version 1'));
    const broken = new PassThrough();
    const writing = storage.putStream('doc.txt', broken, { maxBytes: 1024 });
    broken.write('version 2 starts');
    broken.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(await filesIn(root)).toEqual(['doc.txt']);
    expect((await read((await storage.get('doc.txt'))!.stream)).toString()).toBe('version 1');
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = localFileStorage(await tempFolder());
    for (const key of ['../x', 'a/../../b', '/abs', 'a\\b']) {
      await expect(
        storage.putStream(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 }),
      ).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('sweeps temporary files a killed server left, but only old ones', async () => {
    const root = await tempFolder();
    await fs.mkdir(path.join(root, 'uploads'), { recursive: true });
    const old = path.join(root, 'uploads', `f.bin.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.partial`);
    const fresh = path.join(
      root,
      'uploads',
      `g.bin.${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}.partial`,
    );
    await fs.writeFile(old, 'half');
    await fs.writeFile(fresh, 'being written');
    await fs.writeFile(path.join(root, 'uploads', 'kept.partial'), 'a real file named so');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(old, hourAgo, hourAgo);
    expect(await removeStalePartials(root)).toBe(1);
    expect(await filesIn(root)).toEqual([path.relative(root, fresh), 'uploads/kept.partial']);
    // Opening the configured storage does the same.
    await fs.utimes(fresh, hourAgo, hourAgo);
    const opened = await openConfiguredStorage({ s3: null, filesDir: root, dataDir: '/nonexistent' });
    expect(opened).toMatchObject({ kind: 'local', location: root, temporary: false });
    expect(await filesIn(root)).toEqual(['uploads/kept.partial']);
  });
});
