import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/**
 * Where downloadable files live. Keys are relative paths of letters, digits and `. _ - /`. The local folder is
 * the embedded default; an S3-compatible bucket implements the same four calls (PutObject with a SHA-256
 * checksum, GetObject, HeadObject, DeleteObject).
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, body: Buffer): Promise<StoredObject>;
  /** The bytes as a stream and their size; null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
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
    async get(key) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        return { stream: createReadStream(file), size: stat.size };
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
    async close() {
      if (options.removeOnClose) await fs.rm(root, { recursive: true, force: true });
    },
  };
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
