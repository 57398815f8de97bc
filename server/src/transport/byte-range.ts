import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/file-storage.js';
import { ApiError, notFound } from './errors.js';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The one byte range a download asks for (RFC 9110 §14.2), so a dropped download continues where it stopped.
 * Null means "send the whole file": no Range header, another unit, several ranges (not served), or an If-Range
 * that no longer names these bytes. 'unsatisfiable' when the range starts past the end.
 */
export function requestedRange(
  headers: { range?: string | undefined; 'if-range'?: string | undefined },
  size: number,
  etag: string,
): ByteRange | 'unsatisfiable' | null {
  const match = SINGLE_RANGE.exec(headers.range?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (headers['if-range'] !== undefined && headers['if-range'] !== etag) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Math.min(Number(last), size);
    return length === 0 ? 'unsatisfiable' : { start: size - length, end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start > end ? null : { start, end };
}

/**
 * Sends a stored file whole (200) or the byte range the request asks for (206, or 416 past the end); every
 * answer says ranges are accepted. `stored` is the file as opened for the whole answer.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  stored: { stream: Readable; size: number },
  etag: string,
): Promise<FastifyReply> {
  const headers = request.headers as { range?: string; 'if-range'?: string };
  const range = requestedRange(headers, stored.size, etag);
  reply.header('Accept-Ranges', 'bytes');
  if (range === null) return reply.header('Content-Length', String(stored.size)).send(stored.stream);
  stored.stream.destroy();
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${stored.size}`);
    throw new ApiError(416, [
      {
        errorCode: 'invalid_request',
        resources: ['range'],
        messages: ['The range starts past the end of the file.'],
      },
    ]);
  }
  const part = await storage.get(key, range);
  if (!part) throw notFound('File not found.', ['fileName']);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(part.stream);
}
