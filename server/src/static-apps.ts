import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface StaticApps {
  customerIndex(): string | null;
  adminIndex(): string | null;
}

const MISSING = (name: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head><body><h1>The ${name} is not built</h1><p>Run <code>pnpm build</code> (or <code>pnpm start</code>) first.</p></body></html>`;

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
    let cached: { mtimeMs: number; html: string } | null = null;
    return () => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) return null;
      if (cached?.mtimeMs !== stat.mtimeMs)
        cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(file, 'utf8') };
      return cached.html;
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
      setHeaders,
    });
  }
  return { customerIndex: indexOf(customerDist), adminIndex: indexOf(adminDist) };
}

export function sendIndex(reply: FastifyReply, html: string | null, name: string) {
  return reply
    .code(200)
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html ?? MISSING(name));
}
