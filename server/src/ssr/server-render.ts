import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isOutdatedBrowser, MEGABYTE } from '@portal/resources';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Gauge } from 'prom-client';
import type { Database } from '../db/client.js';
import { publicCatalogueVersion } from '../modules/catalogue/public-catalogue-cache.module.js';
import { admitInlineScripts, sendIndex, type AppIndex } from '../static-apps.js';
import { paintFirst } from './paint-first.js';
import {
  answerNotModified,
  isAnonymous,
  publicEntityTag,
  tagPublic,
  writePublicCacheHeaders,
} from '../transport/public-cache.js';

/** What the customer app's server entry (customer-app/src/entry-server.tsx) takes and answers. */
interface RenderRequest {
  url: string;
  userAgent: string;
  fetch: typeof fetch;
}
type RenderAnswer =
  | { kind: 'page'; status: number; head: string; html: string; dataScript?: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'shell'; reason: string };
interface ServerEntry {
  render(request: RenderRequest): Promise<RenderAnswer>;
}

/** The built server entry, beside the browser's build (dotted: never served as a file). */
const ENTRY = path.join('customer-app', 'dist', '.server', 'entry-server.js');

/** Statuses whose answer has no body (`Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

interface PageRenderer {
  /** Answers a customer app page: rendered on the server where the app renders it, else the app shell. */
  send(request: FastifyRequest, reply: FastifyReply, index: AppIndex | null): Promise<FastifyReply>;
}

/** What a render leaves in the memory cache: the whole document (or where it sends the visitor) and its status. */
type Rendered = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string };

/** The memory cache's default bound: the documents' characters plus their keys'. */
const PAGE_CACHE_DEFAULT_BYTES = 32 * MEGABYTE;

/**
 * The request header the public page answers vary by beyond `publicCacheOnSend`'s own: Internet Explorer gets the
 * outdated-browser page or the shell, every other browser the same rendered page (the render reads the user agent
 * only for `isOutdatedBrowser`).
 */
const PAGE_VARY = ['user-agent'] as const;

/** The requests answered with a rendered page or its 304, whose cache headers the onSend hook writes. */
const renderedPages = new WeakSet<FastifyRequest>();

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * Server rendering of the public pages (issue 48). The entry is loaded again when its build changes, as the
 * index.html is; without a build (tests of the API alone), every page is the shell.
 *
 * A rendered page is public and conditional, as the anonymous catalogue API is: its ETag covers the catalogue
 * version (read first, the only statement of a 304 or of a page served from memory), the build (the page's shell and
 * the server entry), the URL and the encoding. Rendered documents are kept in memory by that key, bounded by
 * `cacheBytes` (least recently used out first); a catalogue write moves the version, so the next request renders.
 */
export function pageRenderer(
  app: FastifyInstance,
  {
    root,
    publicUrl,
    db,
    cacheBytes = PAGE_CACHE_DEFAULT_BYTES,
    rendersAtOnce = os.availableParallelism(),
  }: { root: string; publicUrl: string; db: Database; cacheBytes?: number; rendersAtOnce?: number },
) {
  const file = path.join(root, ENTRY);
  let loaded: { mtimeMs: number; build: string; entry: Promise<ServerEntry> } | null = null;
  const entry = () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      const url = `${pathToFileURL(file).href}?build=${stat.mtimeMs}`;
      const build = sha256(fs.readFileSync(file));
      loaded = { mtimeMs: stat.mtimeMs, build, entry: import(url) as Promise<ServerEntry> };
    }
    return loaded;
  };
  // The shell around a rendered page and its hash, made once per build of index.html. The page's build is the
  // shell's, not index.html's: its loader and the CSP hashes a 304 carries change with the server's code too, and a
  // stored page must never be confirmed by a server whose policy would refuse its scripts.
  const pageShells = new WeakMap<AppIndex, { shell: AppIndex; hash: string }>();
  const pageShellOf = (index: AppIndex) => {
    let made = pageShells.get(index);
    if (made === undefined) {
      const shell = paintFirst(index) ?? index;
      pageShells.set(index, (made = { shell, hash: sha256(shell.html) }));
    }
    return made;
  };
  const origin = new URL(publicUrl).origin;
  const host = new URL(publicUrl).host;

  const cache = new LRUCache<string, Rendered>({
    maxSize: Math.max(1, cacheBytes),
    sizeCalculation: (value, key) =>
      key.length + (value.kind === 'page' ? value.html.length : value.location.length),
  });
  // Ten visitors asking for the same page at once wait for one render.
  const rendering = new Map<string, Promise<Rendered | null>>();
  new Gauge({
    name: 'portal_rendered_pages_cache_bytes',
    help: 'Characters of the server-rendered pages kept in memory, with their keys (bounded).',
    registers: [app.metrics.registry],
    collect() {
      this.set(cache.calculatedSize);
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (renderedPages.has(request)) writePublicCacheHeaders(request, reply, PAGE_VARY);
    return payload;
  });

  /** The render of `request`'s page by the entry; null for the app shell (never kept: it may be a passing failure). */
  const render = async (request: FastifyRequest, server: Promise<ServerEntry>, index: AppIndex) => {
    let answer: RenderAnswer;
    try {
      answer = await (
        await server
      ).render({
        url: `${origin}${request.url}`,
        userAgent: request.headers['user-agent'] ?? '',
        fetch: inProcessFetch(app, request, host),
      });
    } catch (error) {
      request.log.error({ err: error }, 'rendering the page failed: the app shell answers');
      return null;
    }
    if (answer.kind === 'shell') return null;
    if (answer.kind === 'redirect') return answer;
    return { kind: 'page', status: answer.status, html: pageHtml(index.html, answer) } satisfies Rendered;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, index: AppIndex | null) => {
    const server = index && entry();
    if (!server) return sendIndex(reply, index, 'customer app');
    const { shell, hash: shellHash } = pageShellOf(index);
    // Internet Explorer is shown the shell or the outdated-browser page: never kept, never public.
    if (isOutdatedBrowser(request.headers['user-agent'] ?? '')) {
      return sendRendered(reply, index, shell, await render(request, server.entry, shell));
    }
    const version = await publicCatalogueVersion(db);
    const build = `${shellHash}.${server.build}`;
    const tag = publicEntityTag(request, `${version}.${build}`);
    // Only a page's tag is ever handed out, so a match means the page: 304 after the version check alone.
    // Marked first: the 304 is sent, and its onSend hook runs, within answerNotModified.
    renderedPages.add(request);
    // The browser keeps the 304's policy with the page it has stored: it must admit the page's inline scripts.
    const admitted = () => admitInlineScripts(reply, shell);
    if (isAnonymous(request) && answerNotModified(request, reply, tag, admitted)) return reply;
    renderedPages.delete(request);
    const key = `${version}\0${build}\0${request.url}`;
    let rendered = cache.get(key) ?? null;
    if (!rendered) {
      let pending = rendering.get(key);
      // Pages not kept yet (a new query string each time) render a few at once; past that the app shell answers,
      // which the browser renders itself, so no caller can keep the server rendering for everyone.
      if (!pending && rendering.size >= rendersAtOnce) return sendIndex(reply, index, 'customer app');
      if (!pending) {
        pending = render(request, server.entry, shell).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      rendered = await pending;
      if (rendered) cache.set(key, rendered);
    }
    if (rendered?.kind === 'page') {
      renderedPages.add(request);
      if (rendered.status === 200) tagPublic(request, tag);
    }
    return sendRendered(reply, index, shell, rendered);
  };
  return { send } satisfies PageRenderer;
}

/** The rendered page (in `shell`, whose inline scripts the CSP admits), its redirect, or the app shell. */
function sendRendered(reply: FastifyReply, index: AppIndex, shell: AppIndex, rendered: Rendered | null) {
  if (!rendered) return sendIndex(reply, index, 'customer app');
  // Asked again each time: a key may later name another bundle, and a 301 is otherwise kept for good.
  if (rendered.kind === 'redirect')
    return reply.header('cache-control', 'no-cache').redirect(rendered.location, 301);
  return sendIndex(reply, { ...shell, html: rendered.html }, 'customer app', rendered.status);
}

/**
 * The API as the page's anonymous visitor calls it, answered in-process (`inject`): the same routes, rules and
 * serialisers, no socket, none of the visitor's headers. The visitor's address goes along, so rate limits count them and not the server.
 */
function inProcessFetch(app: FastifyInstance, page: FastifyRequest, host: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'authorization' && name !== 'cookie') headers[name] = value;
    });
    // PUBLIC_URL's host, never the visitor's: a page is kept and served to every visitor (a forged Host or
    // X-Forwarded-Host must not reach another's page).
    headers.host = host;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: page.ip,
      ...(request.body && { payload: Buffer.from(await request.arrayBuffer()) }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    return new Response(NULL_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * The app's index.html around a rendered page: its head tags instead of the shell's title and description, its
 * HTML in #root, and the hydration data in a non-executable `application/json` script (escaped by the entry).
 */
function pageHtml(shell: string, page: { head: string; html: string; dataScript?: string }): string {
  const data = page.dataScript ?? '';
  return shell
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${page.html}</div>${data}`);
}
