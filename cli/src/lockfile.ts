import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { CliError } from './errors.js';

export const LOCK_FILE_NAME = 'portal.lock.json';
export const LOCK_FILE_VERSION = 1;

/** One downloaded file as pinned: which feature, version and file, and the checksum its bytes must keep. */
export interface LockEntry {
  featureId: string;
  version: string;
  fileName: string;
  os: string;
  architecture: string;
  size: number | null;
  sha256: string;
}

export interface LockFile {
  lockfileVersion: typeof LOCK_FILE_VERSION;
  files: LockEntry[];
}

const SHA256 = /^[0-9a-f]{64}$/;
const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toEntry(value: unknown, index: number, file: string): LockEntry {
  const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { featureId, version, fileName, os, architecture, size, sha256 } = entry;
  if (
    !text(featureId) ||
    !text(version) ||
    !text(fileName) ||
    !text(os) ||
    !text(architecture) ||
    !(size === null || (typeof size === 'number' && Number.isInteger(size) && size >= 0)) ||
    typeof sha256 !== 'string' ||
    !SHA256.test(sha256)
  ) {
    throw new CliError(
      `${file}: entry ${index + 1} is not a pinned file (featureId, version, fileName, os, architecture, size, sha256).`,
    );
  }
  return { featureId, version, fileName, os, architecture, size, sha256 };
}

/** The lock file, or null when there is none. */
export async function readLockFile(file: string): Promise<LockFile | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new CliError(`${file} is not JSON.`);
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (record.lockfileVersion !== LOCK_FILE_VERSION || !Array.isArray(record.files)) {
    throw new CliError(`${file} is not a portal lock file of version ${LOCK_FILE_VERSION}.`);
  }
  return {
    lockfileVersion: LOCK_FILE_VERSION,
    files: record.files.map((entry, index) => toEntry(entry, index, file)),
  };
}

/** A feature's file for one platform is pinned once: a new download of it replaces the old pin. */
const slot = (entry: LockEntry) => `${entry.featureId}\n${entry.os}\n${entry.architecture}`;

export function mergeLockEntries(existing: readonly LockEntry[], added: readonly LockEntry[]): LockEntry[] {
  const bySlot = new Map(existing.map((entry) => [slot(entry), entry]));
  for (const entry of added) bySlot.set(slot(entry), entry);
  // Sorted, so the file's diff shows only what changed.
  return [...bySlot.values()].sort(
    (a, b) => a.featureId.localeCompare(b.featureId, 'en') || a.fileName.localeCompare(b.fileName, 'en'),
  );
}

/** Writes the lock file whole (a temporary file renamed), so a reader never sees half of it. */
export async function writeLockFile(file: string, files: LockEntry[]): Promise<void> {
  const body: LockFile = { lockfileVersion: LOCK_FILE_VERSION, files };
  // A name nobody can guess, created anew (never written through a planted link).
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { flag: 'wx', mode: 0o644 });
  await fs.rename(temporary, file);
}
