import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendIndex, type AppIndex } from '../static-apps.js';

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

/**
 * Server rendering of the public pages (issue 48). The entry is loaded again when its build changes, as the
 * index.html is; without a build (tests of the API alone), every page is the shell.
 */
export function pageRenderer(app: FastifyInstance, { root, publicUrl }: { root: string; publicUrl: string }) {
  const file = path.join(root, ENTRY);
  let loaded: { mtimeMs: number; entry: Promise<ServerEntry> } | null = null;
  const entry = (): Promise<ServerEntry> | null => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      const url = `${pathToFileURL(file).href}?build=${stat.mtimeMs}`;
      loaded = { mtimeMs: stat.mtimeMs, entry: import(url) as Promise<ServerEntry> };
    }
    return loaded.entry;
  };
  const origin = new URL(publicUrl).origin;

  const send = async (request: FastifyRequest, reply: FastifyReply, index: AppIndex | null) => {
    const server = index && entry();
    if (!server) return sendIndex(reply, index, 'customer app');
    let answer: RenderAnswer;
    try {
      answer = await (
        await server
      ).render({
        url: `${origin}${request.url}`,
        userAgent: request.headers['user-agent'] ?? '',
        fetch: inProcessFetch(app, request),
      });
    } catch (error) {
      request.log.error({ err: error }, 'rendering the page failed: the app shell answers');
      return sendIndex(reply, index, 'customer app');
    }
    if (answer.kind === 'shell') return sendIndex(reply, index, 'customer app');
    if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
    return sendIndex(reply, { ...index, html: pageHtml(index.html, answer) }, 'customer app', answer.status);
  };
  return { send } satisfies PageRenderer;
}

/**
 * The API as the page's anonymous visitor calls it, answered in-process (`inject`): the same routes, rules and
 * serialisers, no socket. The visitor's address goes along, so rate limits count them and not the server.
 */
function inProcessFetch(app: FastifyInstance, page: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'authorization' && name !== 'cookie') headers[name] = value;
    });
    // Addresses the API writes into its answers (downloads) are the page's.
    if (page.headers.host) headers.host = page.headers.host;
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
