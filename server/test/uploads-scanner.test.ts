import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage, type FileStorage } from '../src/storage/file-storage.js';
import { createScanner } from '../src/uploads/scanner.js';

/** The EICAR test string every virus scanner reports (harmless; it only exists to test scanners). */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/**
 * A fake clamd speaking the INSTREAM protocol: reads `zINSTREAM\0`, then length-prefixed chunks up to a zero
 * length, and answers `stream: OK` or `stream: Eicar-Test-Signature FOUND` (NUL-terminated, as with the `z`
 * prefix). It records what it received so the test sees the framing was right.
 */
function fakeClamd(mode: 'scan' | 'error' | 'silent' = 'scan') {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    const chunks: Buffer[] = [];
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        const command = buffer.subarray(0, end).toString();
        buffer = buffer.subarray(end + 1);
        commandRead = true;
        if (command !== 'zINSTREAM') return void socket.end(`${command}: unknown command. ERROR\0`);
      }
      while (buffer.length >= 4) {
        const size = buffer.readUInt32BE(0);
        if (size === 0) {
          const whole = Buffer.concat(chunks);
          received.push(whole);
          if (mode === 'silent') return;
          if (mode === 'error') return void socket.end('INSTREAM size limit exceeded. ERROR\0');
          return void socket.end(
            whole.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0',
          );
        }
        if (buffer.length < 4 + size) return;
        chunks.push(buffer.subarray(4, 4 + size));
        buffer = buffer.subarray(4 + size);
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    received,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let root: string;
let storage: FileStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-scanner-'));
  storage = localFileStorage(root);
  await storage.put('uploads/clean.bin', Buffer.alloc(300 * 1024, 0x41));
  await storage.put('uploads/eicar.com', Buffer.from(EICAR));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('the ClamAV scanner (clamd INSTREAM over TCP)', () => {
  const clamd = fakeClamd();
  let port: number;
  beforeAll(async () => {
    port = await clamd.listen();
  });
  afterAll(() => clamd.close());

  it('answers clean for a harmless stored file, sending all of it in chunks', async () => {
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port } }, storage);
    expect(scanner.enabled).toBe(true);
    expect(await scanner.scan('uploads/clean.bin')).toBe('clean');
    expect(clamd.received.at(-1)).toEqual(Buffer.alloc(300 * 1024, 0x41));
  });

  it('answers infected for the EICAR test file, by key or as a stream', async () => {
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port } }, storage);
    expect(await scanner.scan('uploads/eicar.com')).toBe('infected');
    expect(await scanner.scan(Readable.from([Buffer.from('prefix '), Buffer.from(EICAR)]))).toBe('infected');
    expect(await scanner.scan(Readable.from([Buffer.from('nothing to see')]))).toBe('clean');
  });

  it('answers not_scanned, and says why, for a key with nothing stored', async () => {
    const errors: string[] = [];
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port } }, storage, (error) =>
      errors.push(error.message),
    );
    expect(await scanner.scan('uploads/missing.bin')).toBe('not_scanned');
    expect(errors[0]).toMatch(/nothing stored/);
  });
});

describe('when clamd cannot help', () => {
  it('answers not_scanned when nothing listens (the upload goes on, flagged)', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const errors: Error[] = [];
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port } }, storage, (error) =>
      errors.push(error),
    );
    expect(await scanner.scan('uploads/eicar.com')).toBe('not_scanned');
    expect(errors[0]!.message).toMatch(/ECONNREFUSED/);
  });

  it('answers not_scanned when clamd answers an error', async () => {
    const clamd = fakeClamd('error');
    const port = await clamd.listen();
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port } }, storage);
    expect(await scanner.scan('uploads/clean.bin')).toBe('not_scanned');
    await clamd.close();
  });

  it('answers not_scanned when clamd does not answer in time', async () => {
    const clamd = fakeClamd('silent');
    const port = await clamd.listen();
    const errors: Error[] = [];
    const scanner = createScanner({ clamav: { host: '127.0.0.1', port }, timeoutMs: 300 }, storage, (error) =>
      errors.push(error),
    );
    const started = Date.now();
    expect(await scanner.scan('uploads/clean.bin')).toBe('not_scanned');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(errors[0]!.message).toMatch(/did not answer/);
    await clamd.close();
  });

  it('answers not_scanned for everything without CLAMAV_HOST', async () => {
    const scanner = createScanner({ clamav: null }, storage);
    expect(scanner.enabled).toBe(false);
    expect(await scanner.scan('uploads/eicar.com')).toBe('not_scanned');
  });
});
