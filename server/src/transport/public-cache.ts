import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';

/*
 * Caching of public answers (issue 48): the anonymous catalogue API, the sitemap, robots.txt and the server-rendered
 * public pages. Decisions and measured figures: server/README.md "Public caching".
 */

/** How long a shared cache (CDN) or browser may use a public answer unasked, then serve it while it asks again. */
const PUBLIC_MAX_AGE_SECONDS = 60;
const PUBLIC_STALE_WHILE_REVALIDATE_SECONDS = 600;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, stale-while-revalidate=${PUBLIC_STALE_WHILE_REVALIDATE_SECONDS}`;
/** A signed-in caller's answer: kept by no cache, shared or not. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** An error answer (404, 403 internal-use-only, 5xx): asked again every time, as every API answer was before. */
const UNCACHED = 'no-cache, no-store';

/**
 * Part of every tag: raise it when a release changes the bytes of a cached answer that no data change explains
 * (a new field, another serializer), so that no client keeps the old bytes on a 304.
 */
const CACHE_REVISION = 1;

/**
 * The request headers every public answer varies by (lower case, as @fastify/compress checks before adding its
 * own): a token makes the answer private, the encoding changes the bytes. The API never reads cookies.
 */
const ALWAYS_VARY = ['authorization', 'accept-encoding'] as const;

/** A caller who sent no credentials: the only one whose answer may be shared. */
export const isAnonymous = (request: FastifyRequest): boolean => request.headers.authorization === undefined;

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).replace(/\s+/g, '').toLowerCase();

/**
 * A strong ETag for one representation: the data's version (`publicCatalogueVersion`, or a hash of fixed content),
 * the request's path and query, and the request headers the answer varies by. Whatever changes the answer's bytes
 * changes the tag; the method does not (HEAD and GET share it).
 * @public for the server-rendered public pages (issue 48), which answer conditionally through it.
 */
export function publicEntityTag(
  request: FastifyRequest,
  version: number | string,
  varyBy: readonly string[] = [],
): string {
  const hash = createHash('sha256').update(`${CACHE_REVISION}\0${version}\0${request.url}`);
  for (const name of [...ALWAYS_VARY, ...varyBy]) hash.update(`\0${headerText(request.headers[name])}`);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** At most this many entity tags of an If-None-Match header are compared; a longer list matches none. */
const MAX_COMPARED_TAGS = 32;

/**
 * Whether If-None-Match names `tag`, by the weak comparison RFC 9110 §13.1.2 asks (`W/"x"` matches `"x"`). `*` is
 * not honoured: the version check alone cannot tell that the item exists, so such a request gets the full answer.
 */
function ifNoneMatchNames(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',');
  if (tags.length > MAX_COMPARED_TAGS) return false;
  return tags.some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

const PUBLIC_TAG = Symbol('public entity tag');
type Tagged = { [PUBLIC_TAG]?: string };

function vary(reply: FastifyReply, names: readonly string[]) {
  const current = reply.getHeader('vary');
  const have = typeof current === 'string' ? current.split(',').map((name) => name.trim().toLowerCase()) : [];
  const all = [...have.filter(Boolean), ...names.filter((name) => !have.includes(name))];
  reply.header('Vary', all.join(', '));
}

/**
 * Marks `tag` as the answer's ETag and answers 304 when the request's If-None-Match names it; true when it did (the
 * caller returns `reply` and renders nothing). Only for an anonymous request ({@link isAnonymous}): the headers are
 * written by {@link publicCacheOnSend}, which the route must have as an onSend hook.
 * @public for the server-rendered public pages (issue 48), which answer conditionally through it.
 */
export function answerConditional(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  tagPublic(request, tag);
  return answerNotModified(request, reply, tag);
}

/**
 * Marks `tag` as the answer's ETag, for {@link publicCacheOnSend} to write if the answer is a 2xx; for a handler that
 * knows only after its work whether the answer may be public (a server-rendered page or the app shell).
 */
export function tagPublic(request: FastifyRequest, tag: string): void {
  (request as Tagged)[PUBLIC_TAG] = tag;
}

/**
 * Answers 304 when the request's If-None-Match names `tag`, marking it as the ETag; true when it did. A handler
 * that hands `tag` out only with some answers calls it before its work and {@link tagPublic} after.
 */
export function answerNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
  /** Sets the headers the full answer would carry beyond the cache's own (a page's CSP). */
  beforeSend?: () => void,
): boolean {
  if (!ifNoneMatchNames(request.headers['if-none-match'], tag)) return false;
  tagPublic(request, tag);
  beforeSend?.();
  void reply.code(304).send();
  return true;
}

/**
 * The cache headers of a route that may answer publicly: an anonymous 2xx or 304 gets its ETag and
 * {@link PUBLIC_CACHE_CONTROL}, a signed-in answer {@link PRIVATE_CACHE_CONTROL} and no ETag, an error none.
 * Runs after every other hook that sets Cache-Control (the API's `no-cache, no-store`), so its word is the last.
 * @public for the server-rendered public pages (issue 48), which answer conditionally through it.
 */
export function publicCacheOnSend(varyBy: readonly string[] = []): onSendHookHandler {
  return async (request, reply, payload) => {
    writePublicCacheHeaders(request, reply, varyBy);
    return payload;
  };
}

/**
 * What {@link publicCacheOnSend} does, for an onSend hook that decides by itself which answers it covers (the
 * server-rendered pages, answered by the not-found handler, which takes no onSend option).
 */
export function writePublicCacheHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  varyBy: readonly string[],
) {
  vary(reply, [...ALWAYS_VARY, ...varyBy]);
  const tag = (request as Tagged)[PUBLIC_TAG];
  const ok = reply.statusCode === 304 || (reply.statusCode >= 200 && reply.statusCode < 300);
  if (!isAnonymous(request)) {
    reply.removeHeader('etag');
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  } else if (tag !== undefined && ok) {
    reply.header('ETag', tag);
    reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    // The same bytes for everyone carry no visitor's cookie (the CSRF token a browser gets on its first call): a
    // shared cache would hand it to every other visitor. The browser gets its token with a private answer.
    reply.removeHeader('set-cookie');
  } else {
    reply.removeHeader('etag');
    reply.header('Cache-Control', UNCACHED);
  }
}

/** Route options making a GET route's answers public and conditional (spread into the route's options). */
export interface PublicCacheHooks {
  preHandler: preHandlerAsyncHookHandler;
  onSend: onSendHookHandler;
}

/**
 * Hooks for a public GET route whose answer depends on `version` and the request: an anonymous request reads the
 * version (one cheap query) before the handler runs, and one whose If-None-Match names the tag gets 304 without
 * the handler. `varyBy` names further request headers the answer depends on (`range` for a list).
 */
export function publicCacheHooks(
  version: () => Promise<number | string>,
  varyBy: readonly string[] = [],
): PublicCacheHooks {
  return {
    preHandler: async (request, reply) => {
      if (!isAnonymous(request)) return;
      if (answerConditional(request, reply, publicEntityTag(request, await version(), varyBy))) return reply;
    },
    onSend: publicCacheOnSend(varyBy),
  };
}
