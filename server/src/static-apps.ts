import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { markPlannedUnavailable } from './transport/request-log.js';

/** An app's built index.html with the CSP sources of its inline scripts. */
export interface AppIndex {
  html: string;
  /** `'sha256-…'` of each inline script (plugin-legacy's loader), so the strict CSP admits them and nothing else. */
  scriptHashes: string[];
}

export interface StaticApps {
  customerIndex(): AppIndex | null;
  adminIndex(): AppIndex | null;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hash source of every non-empty inline script of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1]!)
    .filter((code) => code.length > 0)
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** Seconds after which the page of an app not built yet looks again: `pnpm start` may be building it. */
const NOT_BUILT_RETRY = 10;
const MISSING = (name: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${NOT_BUILT_RETRY}"><title>Not built yet</title></head><body><h1>The ${name} is not built yet</h1><p><code>pnpm start</code> serves it as soon as its build ends (this page looks again every ${NOT_BUILT_RETRY} seconds); otherwise run <code>pnpm build</code>.</p></body></html>`;

/**
 * Serves the built customer app at / and the admin console at /admin. Hashed assets are cached for a year;
 * index.html never, so a deploy is seen at once.
 */
export async function registerStaticApps(app: FastifyInstance, root: string): Promise<StaticApps> {
  const customerDist = path.join(root, 'customer-app', 'dist');
  const adminDist = path.join(root, 'admin-app', 'dist');
  // Re-read when the file changes, so a rebuild is served without a restart.
  const indexOf = (dist: string) => {
    const file = path.join(dist, 'index.html');
    let cached: { mtimeMs: number; index: AppIndex } | null = null;
    return () => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) return null;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        const html = fs.readFileSync(file, 'utf8');
        cached = { mtimeMs: stat.mtimeMs, index: { html, scriptHashes: inlineScriptHashes(html) } };
      }
      return cached.index;
    };
  };
  const setHeaders = (reply: FastifyReply, file: string) => {
    reply.header(
      'Cache-Control',
      file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  if (fs.existsSync(adminDist)) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      index: false,
      wildcard: true,
      // `pnpm start` keeps its build hash (dist/.build-hash) beside the files: nothing dotted is the app's.
      dotfiles: 'ignore',
      setHeaders,
    });
  }
  if (fs.existsSync(customerDist)) {
    await app.register(fastifyStatic, {
      root: customerDist,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      dotfiles: 'ignore',
      setHeaders,
    });
  }
  return { customerIndex: indexOf(customerDist), adminIndex: indexOf(adminDist) };
}

/**
 * The page's own inline scripts join the script-src of the policy Helmet has set on the raw response. A 304 for the
 * page needs it too: the browser keeps the policy of the 304 with the page it has stored.
 */
export function admitInlineScripts(reply: FastifyReply, index: AppIndex): void {
  if (index.scriptHashes.length === 0) return;
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  reply.raw.setHeader(
    'content-security-policy',
    csp.replace(/(^|;)script-src ([^;]*)/, `$1script-src $2 ${index.scriptHashes.join(' ')}`),
  );
}

export function sendIndex(reply: FastifyReply, index: AppIndex | null, name: string, status = 200) {
  if (index) admitInlineScripts(reply, index);
  if (!index) {
    markPlannedUnavailable(reply.request);
    return reply
      .code(503)
      .header('Retry-After', String(NOT_BUILT_RETRY))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(MISSING(name));
  }
  return reply
    .code(status)
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(index.html);
}
