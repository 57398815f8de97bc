import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ToolDetail } from '@portal/resources';
import { requestedRange } from '../src/transport/byte-range.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/** A dropped download continues where it stopped: the stable download address answers one byte range. */
let t: TestApp;
let customer: Tokens;
let freePath: string;
let exportPath: string;
let whole: Buffer;
let etag: string;

const get = (url: string, headers: Record<string, string>, tokens: Tokens | null = customer) =>
  t.app.inject({ method: 'GET', url, headers: { ...(tokens ? bearer(tokens) : {}), ...headers } });

async function pathOf(featureId: string, version: string) {
  const response = await get(`/api/v1/catalogue/tools/${featureId}`, {});
  return new URL(response.json<ToolDetail>().versions[version]!.downloadUrls[0]!.url).pathname;
}

beforeAll(async () => {
  t = await startTestApp();
  customer = await signIn(t.app, { email: 'customer@portal.test' });
  freePath = await pathOf('nx-flash-programmer', '3.0.0');
  exportPath = await pathOf('secureboot-signer', '1.3.0');
  // Sent as stored, never compressed: byte ranges count the stored bytes.
  const full = await get(freePath, { 'accept-encoding': 'gzip, br' });
  expect(full.statusCode, full.body).toBe(200);
  expect(full.headers['accept-ranges']).toBe('bytes');
  expect(full.headers['content-encoding']).toBeUndefined();
  expect(full.headers['content-length']).toBe(String(full.rawPayload.length));
  whole = full.rawPayload;
  etag = String(full.headers.etag);
});
afterAll(() => t?.close());

const expectPart = (response: LightMyRequestResponse, start: number, end: number) => {
  expect(response.statusCode, response.body).toBe(206);
  expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${whole.length}`);
  expect(response.headers['content-length']).toBe(String(end - start + 1));
  expect(response.rawPayload).toEqual(whole.subarray(start, end + 1));
};

describe('a download with a Range header', () => {
  it('answers 206 with the bytes from an offset to the end, and a bounded or suffix range', async () => {
    expectPart(await get(freePath, { range: 'bytes=100-' }), 100, whole.length - 1);
    expectPart(await get(freePath, { range: 'bytes=10-19' }), 10, 19);
    expectPart(await get(freePath, { range: 'bytes=-5' }), whole.length - 5, whole.length - 1);
    expectPart(await get(freePath, { range: 'bytes=100-', 'if-range': etag }), 100, whole.length - 1);
  });

  it('answers the whole file when If-Range names other bytes, or for several ranges', async () => {
    const asked: Record<string, string>[] = [
      { range: 'bytes=100-', 'if-range': '"0000"' },
      { range: 'bytes=0-1,5-6' },
      { range: 'items=0-1' },
    ];
    for (const headers of asked) {
      const response = await get(freePath, headers);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(whole);
    }
  });

  it('answers 416 in the error shape for a range past the end', async () => {
    const response = await get(freePath, { range: `bytes=${whole.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect(response.json<ErrorBody>()).toMatchObject({ status: 416, type: 'range_not_satisfiable' });
  });

  it('is refused like the whole file: a range gets no byte of a file the caller may not download', async () => {
    const response = await get(exportPath, { range: 'bytes=0-' });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().errors[0]?.errorCode).toBe('export_controlled');
  });
});

describe('requestedRange', () => {
  it('reads one bytes range against the size', () => {
    expect(requestedRange({ range: 'bytes=0-' }, 10, '"e"')).toEqual({ start: 0, end: 9 });
    expect(requestedRange({ range: 'bytes=3-100' }, 10, '"e"')).toEqual({ start: 3, end: 9 });
    expect(requestedRange({ range: 'bytes=-0' }, 10, '"e"')).toBe('unsatisfiable');
    expect(requestedRange({ range: 'bytes=5-2' }, 10, '"e"')).toBeNull();
    expect(requestedRange({ range: 'bytes=-' }, 10, '"e"')).toBeNull();
    expect(requestedRange({}, 10, '"e"')).toBeNull();
  });
});
