import { KILOBYTE } from '@portal/resources';
import { constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** Answers smaller than this are sent as they are: below about 1 KB the headers and the CPU outweigh the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = KILOBYTE;

/**
 * Answers up to this size are compressed in one synchronous zlib call, far cheaper than the plugin's stream pipeline
 * (its default sends a 25-row page down it); larger ones stream, so none holds the event loop long (README).
 */
export const COMPRESS_IN_ONE_CALL_BYTES = 64 * KILOBYTE;

/**
 * The gzip level of one-call answers (API JSON made per request): about half level 4's CPU for a few more bytes.
 * Streams (the apps' files, long lists) keep level 4: a file is sent to many, and its bytes count more.
 */
export const ONE_CALL_GZIP_LEVEL = 1;

/**
 * Answers over {@link COMPRESS_THRESHOLD_BYTES} compressed, gzip before brotli (cheaper per small answer; README).
 * A list's `Content-Range` counts rows, not bytes, so it is set aside around the plugin's hook, which skips ranges.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 4 },
    // The plugin takes the one-call compressor from `zlib` when given; the stream ones still come from node:zlib.
    zlib: { gzipSync: (payload: Buffer) => gzipSync(payload, { level: ONE_CALL_GZIP_LEVEL }) },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Registered after the plugin's own onRoute hook, so the plugin's onSend is already the route's last one.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    const hooks = route.onSend === undefined ? [] : [route.onSend].flat();
    if (hooks.length === 0) return;
    route.onSend = [...hooks.slice(0, -1), setListRangeAside, hooks.at(-1)!, putListRangeBack];
  });
}

const LIST_RANGE = Symbol('list Content-Range');
type WithListRange = { [LIST_RANGE]?: string };

const setListRangeAside: onSendHookHandler = async (_request, reply, payload) => {
  const range = reply.getHeader('content-range');
  if (typeof range === 'string' && !range.startsWith('bytes ') && reply.statusCode !== 206) {
    (reply as WithListRange)[LIST_RANGE] = range;
    reply.removeHeader('content-range');
  }
  return payload;
};

const putListRangeBack: onSendHookHandler = async (_request, reply, payload) => {
  const range = (reply as WithListRange)[LIST_RANGE];
  if (range !== undefined) reply.header('Content-Range', range);
  return payload;
};
