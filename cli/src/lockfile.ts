import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CliError } from './errors.js';

export const LOCK_FILE_NAME = 'portal.lock.json';
const LOCK_FILE_VERSION = 1;

/** One downloaded file as pinned: which feature, version and file, and the checksum its bytes must keep. */
export interface LockEntry {
  featureId: string;
  version: string;
  fileName: string;
  os: string;
  architecture: string;
  size: number | null;
  sha256: string;
  /** A catalogue document (its `version` is the document's last change); absent for a tool's file. */
  kind?: 'document';
  /** The output folder, relative to the lock file's folder (`/`-separated); absent for that folder itself. */
  out?: string;
  /**
   * A checksum of the entry's other fields as `portal download` wrote them: a pin that differs from the portal's
   * tells by it whether the lock file was edited since, or the portal changed the file.
   */
  pinDigest?: string;
}

export interface LockFile {
  lockfileVersion: typeof LOCK_FILE_VERSION;
  files: LockEntry[];
}

const SHA256 = /^[0-9a-f]{64}$/;
const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The digest of an entry's pinned fields (everything but the digest itself), in a fixed order. */
function pinDigestOf(entry: LockEntry): string {
  const { featureId, version, fileName, os, architecture, size, sha256, kind, out } = entry;
  const fields = [featureId, version, fileName, os, architecture, size, sha256, kind ?? null, out ?? null];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
}

/** Whether the entry is as `portal download` wrote it: true, false, or null for an entry without a digest. */
export const pinIntact = (entry: LockEntry): boolean | null =>
  entry.pinDigest === undefined ? null : entry.pinDigest === pinDigestOf(entry);

/** An output folder as the lock file keeps it: inside the lock file's folder, never above it or absolute. */
function isFolderInside(out: string): boolean {
  return (
    out !== '' &&
    !out.startsWith('/') &&
    !/^[A-Za-z]:/.test(out) &&
    !out.includes('\\') &&
    out.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** `outDir` relative to the lock file's folder, for the entry; undefined for that folder itself. */
export function lockOutOf(lockPath: string, outDir: string): string | undefined {
  const relative = path.relative(path.dirname(lockPath), outDir);
  if (relative === '') return undefined;
  const out = relative.split(path.sep).join('/');
  if (!isFolderInside(out)) {
    throw new CliError(
      `--out ${outDir} is not inside the lock file's folder ${path.dirname(lockPath)}, so it cannot be pinned; use a folder inside it, or --no-lock.`,
    );
  }
  return out;
}

/** Where `install` puts an entry's file: its pinned folder under the lock file's folder. */
export const entryOutDir = (lockPath: string, entry: LockEntry): string =>
  path.join(path.dirname(lockPath), ...(entry.out ?? '.').split('/'));

function toEntry(value: unknown, index: number, file: string): LockEntry {
  const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { featureId, version, fileName, os, architecture, size, sha256, kind, out, pinDigest } = entry;
  if (
    !text(featureId) ||
    !text(version) ||
    !text(fileName) ||
    !text(os) ||
    !text(architecture) ||
    !(size === null || (typeof size === 'number' && Number.isInteger(size) && size >= 0)) ||
    typeof sha256 !== 'string' ||
    !SHA256.test(sha256) ||
    !(kind === undefined || kind === 'document') ||
    !(out === undefined || (typeof out === 'string' && isFolderInside(out))) ||
    !(pinDigest === undefined || typeof pinDigest === 'string')
  ) {
    throw new CliError(
      `${file}: entry ${index + 1} is not a pinned file (featureId, version, fileName, os, architecture, size, sha256; optional kind, out inside the lock file's folder, pinDigest).`,
    );
  }
  return {
    featureId,
    version,
    fileName,
    os,
    architecture,
    size,
    sha256,
    ...(kind === undefined ? {} : { kind }),
    ...(out === undefined ? {} : { out }),
    ...(pinDigest === undefined ? {} : { pinDigest }),
  };
}

/** A new pin with its digest. */
export const sealed = (entry: Omit<LockEntry, 'pinDigest'>): LockEntry => ({
  ...entry,
  pinDigest: pinDigestOf(entry),
});

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
const slot = (entry: LockEntry) =>
  `${entry.kind ?? 'tool'}\n${entry.featureId}\n${entry.os}\n${entry.architecture}`;

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
