import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/resources';
import { registerErrorHandling } from '../src/transport/errors.js';
import { refuseNulCharacters } from '../src/transport/security.js';
import { localFileStorage, type FileStorage } from '../src/storage/file-storage.js';
import { checkUploadName } from '../src/uploads/file-rules.js';
import {
  acceptStreamedUploads,
  MAX_UPLOAD_BYTES,
  receiveUpload,
  type UploadInspection,
} from '../src/uploads/stream-upload.js';
import { evaluateXPath } from '../src/uploads/xml.js';
import { ARMOURED, BILLION_LAUGHS, EXTERNAL_ENTITY } from './uploads-fixtures.js';

/**
 * receiveUpload behind a real Fastify route (the error handling of the app, a scoped octet-stream parser), storing
 * into a local folder that each test checks is left empty by every refusal.
 */
let root: string;
let storage: FileStorage;
let app: FastifyInstance;
let port: number;
/** Bytes the storage had received when the client had sent all of its body (see the streaming test). */
const probe = { received: 0, firstMegabyte: null as null | (() => void) };

const filesIn = async () =>
  (await fs.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-uploads-stream-'));
  const local = localFileStorage(root);
  // The real storage, watched: how many bytes reached it, and when.
  storage = {
    ...local,
    putStream(key, body, options) {
      probe.received = 0;
      const watched = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          probe.received += chunk.length;
          if (probe.received >= 1024 * 1024) probe.firstMegabyte?.();
          callback(null, chunk);
        },
      });
      body.on('error', (error) => watched.destroy(error));
      body.pipe(watched);
      return local.putStream(key, watched, options);
    },
  };
  app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  registerErrorHandling(app);
  // The app's hook that walks every body's values: the upload body must not make it walk the socket.
  refuseNulCharacters(app);
  await app.register(async (scope) => {
    acceptStreamedUploads(scope);
    scope.post('/upload', async (request) => {
      const {
        name = '',
        inspect,
        failCheck,
      } = request.query as {
        name?: string;
        inspect?: UploadInspection;
        failCheck?: string;
      };
      const existing = (await filesIn()).map((file) => path.basename(file));
      checkUploadName(name, existing);
      const received = await receiveUpload(request, storage, `uploads/${name}`, {
        maxBytes: MAX_UPLOAD_BYTES,
        inspect,
        check: failCheck
          ? () => {
              throw Object.assign(new Error('refused by the check'), { statusCode: 400 });
            }
          : undefined,
      });
      return {
        size: received.size,
        sha256: received.sha256,
        status: received.xml ? evaluateXPath(received.xml, 'string(/*/@status)') : null,
      };
    });
  });
  // Outside the upload scope: a JSON route that must not take octet-stream bodies.
  app.post('/json', async (request) => ({ got: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await app?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.mkdir(root, { recursive: true });
});

const upload = (name: string, payload: Buffer | string | Readable, query: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/upload?${new URLSearchParams({ name, ...query })}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload,
  });

async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  code: string,
  name?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ status, errors: [{ errorCode: code }] });
  expect(body.errors[0]!.messages[0]).toBeTruthy();
  if (name !== undefined) expect(body.errors[0]!.resources).toEqual([name]);
  expect(await filesIn(), 'nothing is left behind').toEqual([]);
  return body;
}

/** `total` bytes in chunks of 64 KiB, made as they are read. */
function sized(total: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let left = total;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

describe('limits', () => {
  it('accepts exactly 25 MB (26,214,400 bytes), streamed, with its SHA-256', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(25 * 1024 * 1024);
    const response = await upload('big.bin', sized(MAX_UPLOAD_BYTES));
    expect(response.statusCode, response.body).toBe(200);
    const expected = createHash('sha256').update(Buffer.alloc(MAX_UPLOAD_BYTES, 0x61)).digest('hex');
    expect(response.json()).toMatchObject({ size: MAX_UPLOAD_BYTES, sha256: expected });
    expect(await filesIn()).toEqual(['uploads/big.bin']);
    expect((await fs.stat(path.join(root, 'uploads/big.bin'))).size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses 25 MB + 1 byte with 413 file_too_big, sent chunked (no length announced)', async () => {
    const body = await expectRefused(
      await upload('big.bin', sized(MAX_UPLOAD_BYTES + 1)),
      413,
      'file_too_big',
      'big.bin',
    );
    expect(body.errors[0]!.messages[0]).toBe('A file may be at most 25 MB.');
  });

  it('refuses 25 MB + 1 byte up front when the length is announced', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload?name=big.bin',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(MAX_UPLOAD_BYTES + 1) },
      payload: sized(MAX_UPLOAD_BYTES + 1),
    });
    await expectRefused(response, 413, 'file_too_big', 'big.bin');
  });

  it('refuses a zero-byte file and a missing body with file_not_uploaded', async () => {
    await expectRefused(await upload('empty.bin', Buffer.alloc(0)), 400, 'file_not_uploaded', 'empty.bin');
    await expectRefused(await upload('empty.bin', sized(0)), 400, 'file_not_uploaded', 'empty.bin');
    await expectRefused(
      await app.inject({ method: 'POST', url: '/upload?name=none.bin' }),
      400,
      'file_not_uploaded',
      'none.bin',
    );
  });

  it('refuses another content type with 415, and leaves other routes without the octet-stream parser', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/upload?name=a.bin',
      headers: { 'content-type': 'application/json' },
      payload: { bytes: 'no' },
    });
    await expectRefused(json, 415, 'unsupported_media_type');
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('bytes'),
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('names', () => {
  it.each([
    ['a/b.bin', 'invalid_name'],
    ['a\\b.bin', 'invalid_name'],
    ['../escape.bin', 'invalid_name'],
    ['..', 'invalid_name'],
    [`${'n'.repeat(97)}.bin`, 'name_too_long'],
  ])('refuses %j with %s before storing anything', async (name, code) => {
    await expectRefused(await upload(name, 'content'), 400, code, name);
  });

  it('refuses a second file of the same name with 409 duplicate_name, keeping the first', async () => {
    expect((await upload('notes.txt', 'first')).statusCode).toBe(200);
    const response = await upload('NOTES.txt', 'second');
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errors[0]).toMatchObject({
      errorCode: 'duplicate_name',
      resources: ['NOTES.txt'],
    });
    expect(await filesIn()).toEqual(['uploads/notes.txt']);
    expect(await fs.readFile(path.join(root, 'uploads/notes.txt'), 'utf8')).toBe('first');
  });
});

describe('XML uploads', () => {
  const xml = { inspect: 'xml' };

  it('parses the document on the way and hands it over', async () => {
    const response = await upload('config.xml', '<configuration status="customer-complete"/>', xml);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'customer-complete' });
    expect(await filesIn()).toEqual(['uploads/config.xml']);
  });

  it.each([
    ['malformed XML', '<configuration><device></configuration>'],
    ['the billion laughs', BILLION_LAUGHS],
    ['an external entity', EXTERNAL_ENTITY],
  ])('refuses %s with metadata_invalid, storing nothing', async (_what, source) => {
    const started = Date.now();
    const body = await expectRefused(
      await upload('config.xml', source, xml),
      400,
      'metadata_invalid',
      'config.xml',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(JSON.stringify(body)).not.toMatch(/root:|\/bin\/(ba)?sh/);
  });

  it('refuses XML over 5 MB with file_too_big (it is parsed in memory)', async () => {
    await expectRefused(await upload('config.xml', sized(5 * 1024 * 1024 + 1), xml), 413, 'file_too_big');
  });
});

describe('encrypted uploads', () => {
  const encrypted = { inspect: 'encrypted' };

  it('accepts an ASCII-armoured PGP message', async () => {
    const response = await upload('secret.bin.asc', ARMOURED, encrypted);
    expect(response.statusCode, response.body).toBe(200);
    expect(await filesIn()).toEqual(['uploads/secret.bin.asc']);
  });

  it('accepts one with a byte order mark and leading blank lines, in many small chunks', async () => {
    const text = `\uFEFF\n\n${ARMOURED}`;
    const chunks = Buffer.from(text)
      .toString('binary')
      .match(/[\s\S]{1,3}/g)!
      .map((part) => Buffer.from(part, 'binary'));
    expect((await upload('secret.asc', Readable.from(chunks), encrypted)).statusCode).toBe(200);
  });

  it('refuses bytes that are not UTF-8 with unsupported_encoding', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('-----BEGIN PGP MESSAGE-----\n'),
      Buffer.from([0xe9, 0xff, 0xfe]),
    ]);
    await expectRefused(
      await upload('secret.asc', latin1, encrypted),
      400,
      'unsupported_encoding',
      'secret.asc',
    );
    // A binary OpenPGP packet (gpg without --armor) is not UTF-8 either.
    const binary = Buffer.from([0x85, 0x01, 0x0c, 0x03, 0x95, 0xf1, 0xd2, 0xb6]);
    await expectRefused(await upload('secret.asc', binary, encrypted), 400, 'unsupported_encoding');
  });

  it('refuses UTF-8 text that is not an armoured PGP message with not_encrypted', async () => {
    await expectRefused(
      await upload('secret.asc', 'just a plain text file that someone renamed', encrypted),
      400,
      'not_encrypted',
      'secret.asc',
    );
    await expectRefused(
      await upload('secret.asc', ARMOURED.replace('-----END PGP MESSAGE-----', ''), encrypted),
      400,
      'not_encrypted',
    );
    await expectRefused(
      await upload(
        'secret.asc',
        '-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n',
        encrypted,
      ),
      400,
      'not_encrypted',
    );
  });
});

describe('streaming', () => {
  it('removes what it stored when a later check refuses the upload', async () => {
    const response = await upload('checked.bin', 'content', { failCheck: '1' });
    expect(response.statusCode).toBe(400);
    expect(await filesIn()).toEqual([]);
  });

  it('hands the bytes to the storage while the body is still arriving', async () => {
    const reachedStorage = new Promise<void>((resolve) => (probe.firstMegabyte = resolve));
    const chunk = Buffer.alloc(256 * 1024, 0x62);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/upload?name=streamed.bin',
          headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let body = '';
          response.on('data', (data: Buffer) => (body += data.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on('error', reject);
      void (async () => {
        // 2 MB, then wait until the storage holds a megabyte: a server buffering the body would never get there.
        for (let i = 0; i < 8; i += 1) request.write(chunk);
        await Promise.race([
          reachedStorage,
          new Promise((_, fail) => setTimeout(() => fail(new Error('no bytes reached the storage')), 5000)),
        ]).catch((error: Error) => {
          request.destroy(error);
          reject(error);
        });
        for (let i = 8; i < 100; i += 1) request.write(chunk);
        request.end();
      })();
    });
    const { status, body } = await answer;
    expect(status, body).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ size: 100 * chunk.length });
  });

  it('leaves nothing when the client breaks off mid-upload, and keeps serving', async () => {
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/upload?name=broken.bin',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(10 * 1024 * 1024) },
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(1024 * 1024));
    await expect.poll(filesIn, { timeout: 5000 }).toHaveLength(1);
    request.destroy();
    await expect.poll(filesIn, { timeout: 5000 }).toEqual([]);
    expect((await upload('after.bin', 'still here')).statusCode).toBe(200);
  });
});
