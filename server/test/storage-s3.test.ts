import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { DEMO_FILE_PREFIX, demoFileContent } from '../src/db/demo-catalogue.js';
import { FileTooBigError } from '../src/storage/file-storage.js';
import { openConfiguredStorage } from '../src/storage/open.js';
import { s3FileStorage } from '../src/storage/s3-storage.js';
import { freshDatabase, testConfig } from './support/app.js';

/**
 * A small S3-compatible server for the calls the storage makes (path style): PutObject, GetObject, HeadObject,
 * DeleteObject, and the multipart calls of @aws-sdk/lib-storage (Create, UploadPart, Complete, Abort). No
 * maintained npm package runs an S3 server in-process (s3rver is unmaintained since 2021; MinIO is a binary), so,
 * like the fake Stripe, the test brings its own. It checks what a real server would refuse: a wrong
 * x-amz-checksum-sha256, a request without AWS credentials, a part smaller than 5 MiB but the last.
 */
function fakeS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const calls: string[] = [];
  const authorizations: string[] = [];

  const xml = (response: http.ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const error = (response: http.ServerResponse, status: number, code: string, method?: string) => {
    if (method === 'HEAD') return void response.writeHead(status).end();
    xml(response, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };

  /** The aws-chunked encoding of streamed signed payloads: `<hex size>[;…]\r\n<bytes>\r\n` … `0\r\n…`. */
  function decodeChunked(raw: Buffer): Buffer {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = raw.indexOf('\r\n', offset);
      const size = parseInt(raw.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
      if (!size) return Buffer.concat(parts);
      parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://s3.local');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Buffer = Buffer.concat(chunks);
    if (String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING'))
      body = decodeChunked(body);
    authorizations.push(String(request.headers.authorization ?? ''));
    if (!/^AWS4-HMAC-SHA256 Credential=test-key\//.test(String(request.headers.authorization))) {
      return error(response, 403, 'AccessDenied', request.method);
    }
    const [, bucketName, ...rest] = decodeURIComponent(url.pathname).split('/');
    const key = rest.join('/');
    if (bucketName !== bucket) return error(response, 404, 'NoSuchBucket', request.method);
    const uploadId = url.searchParams.get('uploadId');
    const call = (name: string) => calls.push(`${name} ${key}`);

    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      call('CreateMultipartUpload');
      const id = randomUUID();
      uploads.set(id, { key, parts: new Map() });
      return xml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) return error(response, 404, 'NoSuchUpload', request.method);
      if (request.method === 'PUT') {
        call('UploadPart');
        upload.parts.set(Number(url.searchParams.get('partNumber')), body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return void response.end();
      }
      if (request.method === 'POST') {
        call('CompleteMultipartUpload');
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        );
        const parts = numbers.map((n) => upload.parts.get(n)!);
        if (parts.slice(0, -1).some((part) => part.length < 5 * 1024 * 1024)) {
          return error(response, 400, 'EntityTooSmall');
        }
        objects.set(key, Buffer.concat(parts));
        uploads.delete(uploadId);
        return xml(
          response,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"x-${numbers.length}"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (request.method === 'DELETE') {
        call('AbortMultipartUpload');
        uploads.delete(uploadId);
        return void response.writeHead(204).end();
      }
    }
    if (request.method === 'PUT') {
      call('PutObject');
      const checksum = request.headers['x-amz-checksum-sha256'];
      if (checksum && checksum !== createHash('sha256').update(body).digest('base64')) {
        return error(response, 400, 'BadDigest');
      }
      objects.set(key, body);
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return void response.end();
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      call(request.method === 'GET' ? 'GetObject' : 'HeadObject');
      const object = objects.get(key);
      if (!object)
        return error(response, 404, request.method === 'GET' ? 'NoSuchKey' : 'NotFound', request.method);
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
      if (range && request.method === 'GET') {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.length - 1)];
        response.writeHead(206, {
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${object.length}`,
          'content-type': 'application/octet-stream',
        });
        return void response.end(object.subarray(start, end + 1));
      }
      response.writeHead(200, {
        'content-length': object.length,
        'content-type': 'application/octet-stream',
      });
      return void response.end(request.method === 'GET' ? object : undefined);
    }
    if (request.method === 'DELETE') {
      call('DeleteObject');
      objects.delete(key);
      return void response.writeHead(204).end();
    }
    error(response, 501, 'NotImplemented');
  });

  return {
    objects,
    uploads,
    calls,
    authorizations,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const BUCKET = 'portal-files';
const s3 = fakeS3(BUCKET);
let endpoint: string;

beforeAll(async () => {
  endpoint = await s3.listen();
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.calls.length = 0;
});

const storageConfig = () => ({
  bucket: BUCKET,
  endpoint,
  region: 'eu-central-1',
  credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
  forcePathStyle: true,
});

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `total` bytes of a repeating pattern in 64 KiB chunks, made as they are read. */
function pattern(total: number): { stream: Readable; bytes: () => Buffer } {
  const unit = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7) % 256));
  let left = total;
  return {
    stream: new Readable({
      read() {
        if (left === 0) return void this.push(null);
        const size = Math.min(left, unit.length);
        left -= size;
        this.push(unit.subarray(0, size));
      },
    }),
    bytes: () =>
      Buffer.concat(Array.from({ length: Math.ceil(total / unit.length) }, () => unit)).subarray(0, total),
  };
}

describe('the S3 storage', () => {
  it('puts, reads, finds and deletes an object, with the SHA-256 the server checks', async () => {
    const storage = s3FileStorage(storageConfig());
    const bytes = Buffer.from('installer bytes');
    expect(await storage.put('tool-files/a/setup.exe', bytes)).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(s3.objects.get('tool-files/a/setup.exe')).toEqual(bytes);
    expect(await storage.exists('tool-files/a/setup.exe')).toBe(true);
    const stored = await storage.get('tool-files/a/setup.exe');
    expect(stored!.size).toBe(bytes.length);
    expect(await read(stored!.stream)).toEqual(bytes);
    await storage.delete('tool-files/a/setup.exe');
    expect(await storage.exists('tool-files/a/setup.exe')).toBe(false);
    expect(await storage.get('tool-files/a/setup.exe')).toBeNull();
    expect(s3.calls).toEqual([
      'PutObject tool-files/a/setup.exe',
      'HeadObject tool-files/a/setup.exe',
      'GetObject tool-files/a/setup.exe',
      'DeleteObject tool-files/a/setup.exe',
      'HeadObject tool-files/a/setup.exe',
      'GetObject tool-files/a/setup.exe',
    ]);
    expect(s3.authorizations.every((value) => value.includes('/eu-central-1/s3/aws4_request'))).toBe(true);
    await storage.close();
  });

  it('reads a byte range of an object, answering the size of the whole object', async () => {
    const storage = s3FileStorage(storageConfig());
    const bytes = Buffer.from('0123456789abcdef');
    await storage.put('tool-files/a/range.bin', bytes);
    const part = await storage.get('tool-files/a/range.bin', { start: 4, end: 9 });
    expect(part!.size).toBe(bytes.length);
    expect((await read(part!.stream)).toString()).toBe('456789');
    await storage.close();
  });

  it('streams a small body as one PutObject', async () => {
    const storage = s3FileStorage(storageConfig());
    const { stream, bytes } = pattern(100 * 1024);
    expect(await storage.putStream('uploads/small.bin', stream, { maxBytes: 1024 * 1024 })).toEqual({
      size: 100 * 1024,
      sha256: sha256(bytes()),
    });
    expect(s3.calls).toEqual(['PutObject uploads/small.bin']);
    expect(s3.objects.get('uploads/small.bin')).toEqual(bytes());
  });

  it('streams a 12 MB body as a multipart upload of 5 MiB parts, round trip intact', async () => {
    const storage = s3FileStorage(storageConfig());
    const total = 12 * 1024 * 1024;
    const { stream, bytes } = pattern(total);
    const stored = await storage.putStream('uploads/big.bin', stream, { maxBytes: 25 * 1024 * 1024 });
    expect(stored).toEqual({ size: total, sha256: sha256(bytes()) });
    expect(s3.calls.filter((call) => call.startsWith('UploadPart'))).toHaveLength(3);
    expect(s3.calls).toContain('CompleteMultipartUpload uploads/big.bin');
    const back = await storage.get('uploads/big.bin');
    expect(back!.size).toBe(total);
    expect(sha256(await read(back!.stream))).toBe(stored.sha256);
  });

  it('refuses a body over maxBytes with FileTooBigError, leaving no object and no open multipart upload', async () => {
    const storage = s3FileStorage(storageConfig());
    const { stream } = pattern(7 * 1024 * 1024);
    await expect(
      storage.putStream('uploads/over.bin', stream, { maxBytes: 6 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooBigError);
    expect(s3.objects.has('uploads/over.bin')).toBe(false);
    expect([...s3.uploads.values()].filter((upload) => upload.key === 'uploads/over.bin')).toEqual([]);
    // A small one over its limit never reaches the server at all.
    await expect(
      storage.putStream('uploads/over-small.bin', pattern(2048).stream, { maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(FileTooBigError);
    expect(s3.objects.has('uploads/over-small.bin')).toBe(false);
  });

  it('leaves nothing when the body breaks off after some parts were sent, and keeps the old object', async () => {
    const storage = s3FileStorage(storageConfig());
    await storage.put('uploads/kept.bin', Buffer.from('version 1'));
    const body = new PassThrough();
    const writing = storage.putStream('uploads/kept.bin', body, { maxBytes: 25 * 1024 * 1024 });
    body.write(Buffer.alloc(6 * 1024 * 1024));
    await expect.poll(() => s3.calls.some((call) => call.startsWith('UploadPart'))).toBe(true);
    body.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(s3.calls).toContain('AbortMultipartUpload uploads/kept.bin');
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.get('uploads/kept.bin')!.toString()).toBe('version 1');
  });

  it('answers an error of the server as an error (wrong credentials)', async () => {
    const storage = s3FileStorage({
      ...storageConfig(),
      credentials: { accessKeyId: 'wrong', secretAccessKey: 'x' },
    });
    await expect(storage.put('a', Buffer.from('x'))).rejects.toThrow();
    await expect(
      storage.putStream('b', Readable.from([Buffer.from('x')]), { maxBytes: 10 }),
    ).rejects.toThrow();
    expect(s3.objects.has('a') || s3.objects.has('b')).toBe(false);
  });

  it('refuses keys that could leave their place', async () => {
    const storage = s3FileStorage(storageConfig());
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});

describe('configuration', () => {
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: 'true',
  };

  it('reads the S3 variables into config.s3; without S3_BUCKET the folder is used', () => {
    expect(loadConfig(env).s3).toEqual({
      bucket: BUCKET,
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: BUCKET, S3_REGION: 'eu-central-1' }).s3).toMatchObject({
      region: 'eu-central-1',
      credentials: undefined,
      forcePathStyle: false,
      endpoint: undefined,
    });
    expect(loadConfig({}).s3).toBeNull();
  });

  it.each([
    [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET="Bad_Bucket": expected an S3 bucket name/],
    [{ S3_BUCKET: BUCKET, S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT="ftp:\/\/x": expected an http\(s\) URL/],
    [
      { S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'k' },
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      /S3_ENDPOINT="http:\/\/127.0.0.1:9000": only used with S3_BUCKET/,
    ],
    [{ S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE="yes": expected true or false/],
    [{ CLAMAV_HOST: 'clamd', CLAMAV_PORT: '70000' }, /CLAMAV_PORT="70000": expected a port from 1 to 65535/],
  ])('refuses %j with a message naming the variable', (values, message) => {
    try {
      loadConfig(values as Record<string, string>);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(message);
    }
  });

  it('reads CLAMAV_HOST with the default clamd port', () => {
    expect(loadConfig({ CLAMAV_HOST: 'clamd.internal' }).clamav).toEqual({
      host: 'clamd.internal',
      port: 3310,
    });
    expect(loadConfig({}).clamav).toBeNull();
  });

  it('opens the bucket when S3_BUCKET is set', async () => {
    const opened = await openConfiguredStorage(loadConfig({ ...env, S3_ENDPOINT: endpoint }));
    expect(opened).toMatchObject({ kind: 's3', location: `s3://${BUCKET}`, temporary: false });
    await opened.storage.close();
  });

  it('makes the whole app keep its files in the bucket', async () => {
    const database = await freshDatabase();
    const app = await buildApp(testConfig({ ...env, S3_ENDPOINT: endpoint }), {
      database,
      inMemory: true,
      logger: false,
    });
    try {
      await app.ready();
      // The demo catalogue's downloads were written to the bucket at start.
      const demoKeys = [...s3.objects.keys()].filter((key) => key.startsWith(DEMO_FILE_PREFIX));
      expect(demoKeys.length).toBeGreaterThan(0);
      expect(s3.objects.get(demoKeys[0]!)).toEqual(demoFileContent(demoKeys[0]!));
      expect(await app.files.exists(demoKeys[0]!)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
    // Seeding the demo data takes a while on a loaded machine.
  }, 180_000);
});
