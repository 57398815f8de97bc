import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ApiClient } from '@portal/data-provider/api-client';
import { ApiError } from '@portal/data-provider/api-error';
import { CliError } from './errors.js';
import type { Progress } from './progress.js';
import { secureUrl } from './secure-url.js';

/** A file to fetch and the checksum its bytes must have. */
export interface FileTarget {
  url: string;
  fileName: string;
  /** Null for a file the portal names no checksum of (a document on first download): its bytes get pinned. */
  sha256: string | null;
  size: number | null;
  /**
   * Whether the service account's token goes with the request: only to the portal. A document hosted elsewhere
   * is fetched without it (over https, or http to this machine).
   */
  withToken: boolean;
}

export interface DownloadOptions {
  outDir: string;
  progress: Progress;
  /** Further attempts after a dropped connection or a server error (each resumes where the last one stopped). */
  retries?: number;
  /** A connection that sends nothing for this long counts as dropped. */
  idleTimeoutMs?: number;
  /** Pause before attempt n+1 is n times this (tests make it short). */
  backoffMs?: number;
  /** The fetch of files sent without the token; the global one by default. */
  fetch?: typeof fetch;
}

export interface Downloaded {
  path: string;
  /** The SHA-256 of the saved bytes (the expected one, or the one pinned now when none was expected). */
  sha256: string;
  /** The file was already there with the right checksum: nothing was fetched. */
  unchanged: boolean;
  /** How many attempts continued a partial file with an HTTP Range request (one left by an earlier run too). */
  resumed: number;
}

const DEFAULT_RETRIES = 5;
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
const DEFAULT_BACKOFF_MS = 500;

/** A download that may succeed when tried again: no answer, a dropped body, a server error. */
class TransientError extends Error {}

/** Bytes that can never become the file (a checksum mismatch, too many bytes): the partial file goes. */
class DamagedError extends CliError {}

/** An HTTP refusal of a file fetched without the token (the portal's own refusals are ApiErrors). */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`${url} answered HTTP ${status}.`);
  }
}

/** New files get the mode the process umask leaves of this, as `curl -O` does (0644 under the usual 022). */
const NEW_FILE_MODE = 0o666;

// Never through a symbolic link: another user who can write to the output folder could plant one at a file's
// name and have the download written, checked or kept somewhere else (0 where the platform has no O_NOFOLLOW).
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** Opens a regular file of our own, never through a link; null when none is there (or it is something else). */
async function openOwnFile(file: string, flags: number): Promise<FileHandle | null> {
  let handle: FileHandle;
  try {
    handle = await fs.open(file, flags | NO_FOLLOW, NEW_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'EISDIR') return null;
    throw error;
  }
  const stat = await handle.stat();
  const ours = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (!stat.isFile() || !ours) {
    await handle.close();
    return null;
  }
  return handle;
}

/** The SHA-256 of a regular file of ours (never followed through a link); null when there is none. */
async function sha256OfFile(file: string): Promise<string | null> {
  const handle = await openOwnFile(file, constants.O_RDONLY);
  if (!handle) return null;
  const hash = createHash('sha256');
  await pipeline(handle.createReadStream(), hash);
  return hash.digest('hex');
}

/** The final place of a file; a name from the server never leaves the output folder. */
export function finalPathOf(outDir: string, fileName: string): string {
  if (
    fileName === '' ||
    fileName !== path.basename(fileName) ||
    fileName === '.' ||
    fileName === '..' ||
    // Backslashes and colons (Windows folders, drives and alternate streams), control characters
    /[\\:]/.test(fileName) ||
    [...fileName].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f') ||
    // Windows device names
    /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(fileName)
  ) {
    throw new CliError(`Refusing the file name "${fileName}": it is not a plain file name.`);
  }
  return path.join(outDir, fileName);
}

/**
 * Fetches a file to `<outDir>/<fileName>`: the bytes stream into a temporary name beside it, a dropped
 * connection continues from the bytes already there (HTTP Range; from the start when the server ignores it), and
 * only bytes whose SHA-256 equals the expected one get the final name. When the attempts run out, the partial
 * file stays and the next run continues it; bytes that fail the checksum are removed. Nothing unverified is ever
 * under the final name.
 */
export async function downloadVerified(
  client: ApiClient,
  target: FileTarget,
  options: DownloadOptions,
): Promise<Downloaded> {
  const finalPath = finalPathOf(options.outDir, target.fileName);
  // The token goes with the request: never to an address outside the portal, whatever the catalogue says.
  if (target.withToken && new URL(target.url).origin !== new URL(client.baseUrl).origin) {
    throw new CliError(
      `Refusing to send the token to ${target.url}: it is not on the portal ${client.baseUrl}.`,
    );
  }
  if (!target.withToken) secureUrl(target.url, `The address of ${target.fileName}`);
  if (target.sha256 !== null && (await sha256OfFile(finalPath)) === target.sha256) {
    return { path: finalPath, sha256: target.sha256, unchanged: true, resumed: 0 };
  }
  await fs.mkdir(options.outDir, { recursive: true });
  // Named by the expected checksum, so a partial file is only ever continued with the same bytes.
  const tag = target.sha256 ?? createHash('sha256').update(target.url).digest('hex');
  const partial = path.join(options.outDir, `.${target.fileName}.${tag.slice(0, 16)}.partial`);
  const retries = options.retries ?? DEFAULT_RETRIES;
  const counter = { resumed: 0 };
  let actual: string | null = null;
  options.progress.start(target.fileName, target.size);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await fetchInto(client, target, partial, options, counter);
        break;
      } catch (error) {
        if (!(error instanceof TransientError) || attempt >= retries) throw error;
        options.progress.note(
          `${target.fileName}: ${error.message}; trying again (${attempt + 1}/${retries})`,
        );
        await new Promise((resolve) =>
          setTimeout(resolve, (attempt + 1) * (options.backoffMs ?? DEFAULT_BACKOFF_MS)),
        );
      }
    }
    actual = await sha256OfFile(partial);
    if (actual === null || (target.sha256 !== null && actual !== target.sha256)) {
      throw new DamagedError(
        `Checksum mismatch for ${target.fileName}: expected SHA-256 ${target.sha256}, got ${actual}. The file was not saved.`,
      );
    }
    await fs.rename(partial, finalPath);
  } catch (error) {
    throw await afterFailure(error, partial, target.fileName);
  } finally {
    options.progress.done();
  }
  return { path: finalPath, sha256: actual, unchanged: false, resumed: counter.resumed };
}

/** Damaged bytes and empty partial files go; others stay for the next run, which the message says. */
async function afterFailure(error: unknown, partial: string, fileName: string): Promise<unknown> {
  const size = (await fs.lstat(partial).catch(() => null))?.size ?? 0;
  if (error instanceof DamagedError || size === 0) {
    await fs.rm(partial, { force: true });
    return error instanceof TransientError
      ? new CliError(`Download of ${fileName} failed: ${error.message}`, { cause: error })
      : error;
  }
  const kept = ` The ${size} bytes received are kept in ${partial}; run the command again to continue.`;
  if (error instanceof TransientError)
    return new CliError(`Download of ${fileName} failed: ${error.message}.${kept}`, { cause: error });
  if (error instanceof CliError) return new CliError(`${error.message}${kept}`, { cause: error });
  return error;
}

/** One attempt: continues the partial file when the server answers the Range; true when it did. */
async function fetchInto(
  client: ApiClient,
  target: FileTarget,
  partial: string,
  options: DownloadOptions,
  counter: { resumed: number },
): Promise<void> {
  // The file is opened before the request: once the answer arrives its body is read at once, because a stream
  // that fails drops what it holds unread (the bytes before a dropped connection would be lost).
  let file = await openOwnFile(partial, constants.O_WRONLY | constants.O_APPEND);
  let offset = file ? (await file.stat()).size : 0;
  // Without a checksum there is no validator for If-Range: such a file is always fetched whole.
  if (!file || (target.size !== null && offset > target.size) || (target.sha256 === null && offset > 0)) {
    // Whatever is there (a link, a folder, someone else's file, too many bytes) is not continued.
    await file?.close();
    await fs.rm(partial, { force: true }).catch(() => undefined);
    file = await fs.open(
      partial,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
      NEW_FILE_MODE,
    );
    offset = 0;
  }
  try {
    await fetchIntoFile(client, target, file, offset, options, counter);
  } finally {
    await file.close();
  }
}

/** The request of one attempt: through the API client (with the token) or a plain fetch (without). */
async function request(
  client: ApiClient,
  target: FileTarget,
  init: { signal: AbortSignal; headers: Record<string, string> },
  options: DownloadOptions,
): Promise<Response> {
  if (target.withToken) return client.fetchFile(target.url, init);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(target.url, { ...init, redirect: 'error' });
  } catch (error) {
    throw new HttpStatusError(0, `${target.url} (${(error as Error).message})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpStatusError(response.status, target.url);
  }
  return response;
}

const statusOf = (error: unknown) =>
  error instanceof ApiError || error instanceof HttpStatusError ? error.status : null;

async function fetchIntoFile(
  client: ApiClient,
  target: FileTarget,
  file: FileHandle,
  start: number,
  options: DownloadOptions,
  counter: { resumed: number },
): Promise<void> {
  let offset = start;
  const abort = new AbortController();
  let response: Response;
  try {
    response = await request(
      client,
      target,
      {
        signal: abort.signal,
        // If-Range: only continue when the server's bytes are still the ones expected (their ETag is the SHA-256).
        headers: offset > 0 ? { Range: `bytes=${offset}-`, 'If-Range': `"${target.sha256}"` } : {},
      },
      options,
    );
  } catch (error) {
    const status = statusOf(error);
    if (status === 416) {
      // The partial file is not a prefix the server can continue: start over.
      await file.truncate(0);
      throw new TransientError('the server could not continue the partial file');
    }
    if (status !== null && (status === 0 || status >= 500)) {
      throw new TransientError((error as Error).message);
    }
    if (error instanceof HttpStatusError) throw new CliError(error.message, { cause: error });
    throw error;
  }
  const continuing = response.status === 206 && contentRangeStart(response) === offset;
  if (response.status === 206 && !continuing) {
    // Bytes from another offset than asked: start over without a range.
    await response.body?.cancel();
    await file.truncate(0);
    throw new TransientError('the server continued from another offset');
  }
  if (!response.body) throw new TransientError('the server sent no body');
  // The whole file from its start (the server ignored the range): what was there goes.
  if (!continuing && offset > 0) await file.truncate(0);
  if (!continuing) offset = 0;
  // Every attempt that continued counts, whether or not its own connection lasts to the end.
  if (continuing) counter.resumed += 1;
  options.progress.set(offset);

  let idle: NodeJS.Timeout | undefined;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(), idleTimeoutMs);
  };
  let received = offset;
  touch();
  try {
    // Each piece is on disk before the next is read, so a dropped connection keeps every byte that arrived.
    for await (const chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)) {
      const piece = chunk as Buffer;
      touch();
      received += piece.length;
      // More bytes than the catalogue says the file has: a wrong answer, never allowed to fill the disk.
      if (target.size !== null && received > target.size) {
        throw new DamagedError(`${target.fileName}: the server sent more than its ${target.size} bytes.`);
      }
      await file.write(piece);
      options.progress.add(piece.length);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new TransientError(
      abort.signal.aborted
        ? `no data for ${idleTimeoutMs / 1000} s`
        : `the connection dropped (${(error as Error).message})`,
    );
  } finally {
    clearTimeout(idle);
  }
  const size = received;
  if (target.size !== null && size < target.size) {
    throw new TransientError(`the connection ended after ${size} of ${target.size} bytes`);
  }
}

function contentRangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('Content-Range') ?? '');
  return match ? Number(match[1]) : null;
}
