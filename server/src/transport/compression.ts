import { KILOBYTE } from '@portal/resources';
import { constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** Answers smaller than this are sent as they are: below about 1 KB the headers and the CPU outweigh the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = KILOBYTE;

/**
 * Answers up to this size are compressed in one synchronous zlib call; larger ones (long lists, files) go through
 * the plugin's stream pipeline, so that no answer holds the event loop for long. The plugin's own default on 2 cores
 * is 8 KB, which sends a 25-row page (a catalogue page of 25 items is about 9 KB) down the stream path: on such a
 * body one call costs about 0.07 ms of CPU, the async one-shot call about twice that and the stream pipeline 4 to 6
 * times (measured on this machine, zlib level 4); 64 KB takes about 0.5 ms in one go.
 */
export const COMPRESS_IN_ONE_CALL_BYTES = 64 * KILOBYTE;

/**
 * The gzip level of those one-call answers (API JSON made per request): level 1 takes about half the CPU of level 4
 * for 5 to 8 % more bytes (a 9 KB catalogue page: 0.05 against 0.1 ms, 2.4 against 2.3 kB; 54 KB: 0.37 against
 * 0.66 ms). Streams (the apps' files, long lists) keep level 4: a file is sent to many, and its bytes count more.
 */
export const ONE_CALL_GZIP_LEVEL = 1;

/**
 * Answers are compressed once over {@link COMPRESS_THRESHOLD_BYTES}, lists included.
 *
 * gzip comes first: API answers are made per request, and brotli (even at quality 4) costs more CPU per answer
 * than gzip at level 4 while saving only some more bytes on a few kB of JSON (issue 24: brotli on detail answers
 * was 17 % of CPU). Level 4 keeps most of level 6's ratio at about half its CPU. Brotli is kept for clients that
 * do not take gzip.
 *
 * @fastify/compress skips every answer with a `Content-Range` header, because a byte range counts the stored
 * bytes (`bytes a-b/size`). The lists' `Content-Range` (`projects 0-24/100`) counts rows, which encoding does not
 * change, so a list's header is set aside just before the plugin's hook and put back right after it.
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
