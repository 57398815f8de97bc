import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/** A streamed body went over the size it was allowed; nothing of it stays in the storage. */
export class FileTooBigError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooBigError';
  }
}

interface PutStreamOptions {
  /** Largest accepted size in bytes (that size itself included); one byte more throws FileTooBigError. */
  maxBytes: number;
}

/**
 * Where downloadable files and uploads live. Keys are relative paths of letters, digits and `. _ - /`. The local
 * folder is the embedded default; an S3-compatible bucket (`s3-storage.ts`) implements the same calls.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, body: Buffer): Promise<StoredObject>;
  /**
   * Stores a stream under the key without holding it in memory, hashing it on the way. The key shows the new
   * bytes only once all of them arrived; on any failure (the body's own error, FileTooBigError) nothing is left
   * under the key or beside it, and what was stored there before stays.
   */
  putStream(key: string, body: Readable, options: PutStreamOptions): Promise<StoredObject>;
  /**
   * The bytes as a stream and their size (of the whole file); with a range, the stream holds only those bytes
   * (`end` inclusive). Null when nothing is stored under the key.
   */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * The keys of the stored files last written before `before` (temporary files of writes in progress left out),
   * for the sweep of files no row refers to (`orphans.ts`). Only the local folder lists; a bucket is left to its
   * own lifecycle rules.
   */
  keysWrittenBefore?(before: Date): AsyncIterable<string>;
  /** Releases what the storage holds open (a temporary folder is removed). */
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * A pass-through that counts and hashes the bytes flowing to a storage and fails with FileTooBigError as soon as
 * they pass the limit (so an endless body stops there, not at its end).
 */
export class MeteredStream extends Transform {
  private readonly hash = createHash('sha256');
  // Not named `size`: @aws-sdk/lib-storage reads a body's `size` as its announced length.
  private received = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      callback(new FileTooBigError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Size and hash; read once the stream has ended. */
  result(): StoredObject {
    return { size: this.received, sha256: this.hash.digest('hex') };
  }
}

/** Files in a folder of the local disk; writes go to a temporary name first, so a reader never sees half a file. */
export function localFileStorage(root: string, options: { removeOnClose?: boolean } = {}): FileStorage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
      return { size: body.length, sha256: sha256Of(body) };
    },
    async putStream(key, body, { maxBytes }) {
      // A body that fails before the pipeline below is attached must not go unhandled; pipeline sees it anyway.
      body.on('error', () => undefined);
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      const meter = new MeteredStream(maxBytes);
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(body, meter, out);
        await fs.rename(partial, file);
      } catch (error) {
        // The file may still be opening when the pipeline fails: remove it only once the stream let go of it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.rm(partial, { force: true });
        throw error;
      }
      return meter.result();
    },
    async get(key, range) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        return { stream: createReadStream(file, range), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *keysWrittenBefore(before) {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || PARTIAL.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!KEY.test(key)) continue;
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < before.getTime()) yield key;
      }
    },
    async close() {
      if (options.removeOnClose) await fs.rm(root, { recursive: true, force: true });
    },
  };
}

const PARTIAL = /\.[0-9a-f-]{36}\.partial$/;

/**
 * Removes the temporary files of writes that never finished (the server was killed during an upload). Only those
 * older than `olderThanMs`: another server on the same folder may be writing one right now.
 */
export async function removeStalePartials(root: string, olderThanMs = 60 * 60 * 1000): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const before = Date.now() - olderThanMs;
  for (const entry of entries) {
    if (!entry.isFile() || !PARTIAL.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

const exists = (folder: string) =>
  fs.stat(folder).then(
    (stat) => stat.isDirectory(),
    () => false,
  );

/**
 * The file storage of the configuration: `FILES_DIR` when set; otherwise `DATA_DIR/files` when the data folder
 * exists; otherwise (an in-memory test app, whose DATA_DIR does not exist) a temporary folder removed on close.
 */
export async function openFileStorage(options: {
  filesDir: string | undefined;
  dataDir: string;
  /** Always a temporary folder (an in-memory app). */
  temporary?: boolean;
}): Promise<{ storage: FileStorage; location: string; temporary: boolean }> {
  if (options.filesDir && !options.temporary) {
    await fs.mkdir(options.filesDir, { recursive: true });
    return { storage: localFileStorage(options.filesDir), location: options.filesDir, temporary: false };
  }
  if (!options.temporary && (await exists(options.dataDir))) {
    const folder = path.join(options.dataDir, 'files');
    await fs.mkdir(folder, { recursive: true });
    return { storage: localFileStorage(folder), location: folder, temporary: false };
  }
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  return { storage: localFileStorage(folder, { removeOnClose: true }), location: folder, temporary: true };
}
