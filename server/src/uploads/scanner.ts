import { KILOBYTE } from '@portal/resources';
import net from 'node:net';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../storage/file-storage.js';

/** The malware flag of an asset (spec product §3). */
export type ScanResult = 'clean' | 'infected' | 'not_scanned';

export interface ScannerConfig {
  /** clamd's TCP address; without a host nothing is scanned and every file is `not_scanned`. */
  clamav: { host: string; port: number } | null;
  /** How long one scan may take, connection included. */
  timeoutMs?: number;
}

export interface Scanner {
  /**
   * Scans a stored object (by key) or a stream. Never throws: a scanner that cannot be reached, times out or
   * answers an error gives `not_scanned`, so an upload is never lost to a scanner outage; the flag shows it, and
   * `onError` (the server's log) says why.
   */
  scan(target: string | Readable): Promise<ScanResult>;
  /** Whether a scanner is configured at all. */
  readonly enabled: boolean;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** clamd reads INSTREAM in chunks of at most StreamMaxLength; 64 KiB chunks stay far below any setting. */
const CHUNK = 64 * KILOBYTE;

class ScanFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanFailedError';
  }
}

/**
 * Sends the bytes to clamd with the INSTREAM command (`zINSTREAM\0`, then chunks each prefixed by their 4-byte
 * big-endian length, then a zero length) and reads its one answer: `stream: OK`, `stream: <signature> FOUND`, or
 * `… ERROR`. Resolves 'clean' or 'infected'; rejects with ScanFailedError otherwise.
 */
function clamdInstream(
  address: { host: string; port: number },
  body: Readable,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<{ result: 'clean' | 'infected'; signature?: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    let answer = '';
    let settled = false;
    const finish = (error: Error | null, value?: { result: 'clean' | 'infected'; signature?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) {
        body.destroy();
        reject(error);
      } else resolve(value!);
    };
    const timer = setTimeout(
      () => finish(new ScanFailedError(`clamd did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.setNoDelay(true);
    socket.on('error', (error) => finish(new ScanFailedError(`clamd: ${error.message}`)));
    socket.on('data', (data) => {
      answer += data.toString('utf8');
      if (answer.includes('\0')) socket.end();
    });
    socket.on('close', () => {
      const line = answer.replace(/\0.*$/s, '').trim();
      if (/:\s*OK$/.test(line)) return finish(null, { result: 'clean' });
      const found = /:\s*(.+)\s+FOUND$/.exec(line);
      if (found) return finish(null, { result: 'infected', signature: found[1] });
      finish(new ScanFailedError(`clamd answered ${JSON.stringify(line || '(nothing)')}`));
    });
    socket.on('connect', () => {
      void (async () => {
        try {
          socket.write('zINSTREAM\0');
          for await (const chunk of body) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            for (let offset = 0; offset < bytes.length; offset += CHUNK) {
              const part = bytes.subarray(offset, offset + CHUNK);
              const size = Buffer.alloc(4);
              size.writeUInt32BE(part.length);
              // Respect back-pressure: wait when the socket's buffer is full.
              if (!socket.write(Buffer.concat([size, part]))) {
                await new Promise<void>((resume, stop) => {
                  socket.once('drain', resume);
                  socket.once('close', () => stop(new ScanFailedError('clamd closed the connection')));
                });
              }
              if (settled) return;
            }
          }
          socket.write(Buffer.alloc(4)); // zero length: end of stream
        } catch (error) {
          finish(error instanceof Error ? error : new ScanFailedError(String(error)));
        }
      })();
    });
  });
}

/**
 * The malware scanner of the configuration: ClamAV (clamd over TCP) when CLAMAV_HOST is set, otherwise one that
 * answers `not_scanned` for everything. Keys are read from `storage`.
 */
export function createScanner(
  config: ScannerConfig,
  storage: FileStorage | null,
  onError: (error: Error, target: string) => void = () => undefined,
): Scanner {
  const { clamav } = config;
  if (!clamav) return { enabled: false, scan: async () => 'not_scanned' };
  return {
    enabled: true,
    async scan(target) {
      const label = typeof target === 'string' ? target : 'stream';
      try {
        let body: Readable;
        if (typeof target === 'string') {
          if (!storage) throw new ScanFailedError('no storage to read the key from');
          const stored = await storage.get(target);
          if (!stored) throw new ScanFailedError(`nothing stored under ${target}`);
          body = stored.stream;
        } else body = target;
        const { result } = await clamdInstream(clamav, body, config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
        return result;
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)), label);
        return 'not_scanned';
      }
    },
  };
}
