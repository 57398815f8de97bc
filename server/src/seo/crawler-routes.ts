import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { publicCacheHooks } from '../transport/public-cache.js';
import { publicCatalogueVersion } from '../modules/catalogue/public-catalogue-cache.module.js';
import { sitemapEntries, sitemapSummary, type SitemapEntry } from '../modules/catalogue/sitemap-entries.js';

/** The protocol's bound (sitemaps.org): at most this many addresses in one sitemap file. */
const SITEMAP_MAX_ENTRIES = 50_000;

/**
 * Path prefixes crawlers are kept out of: the signed-in pages (`/my`, `/cart`, `/invitation`, `/qr-code-scan`), the
 * admin console, the API, and the sign-in pages (the app's `/login` and `/auth/…`, the embedded provider's `/oidc`).
 */
const CRAWLER_DISALLOWED = [
  '/my',
  '/cart',
  '/admin',
  '/api',
  '/login',
  '/auth/',
  '/oidc',
  '/invitation/',
  '/qr-code-scan',
] as const;

/** robots.txt: every agent, the prefixes above, and the sitemap by its absolute address (PUBLIC_URL). */
function robotsText(publicUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWLER_DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
/** W3C Datetime to the second, as sitemaps.org asks for `lastmod`. */
export const lastmodOf = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlXml(publicUrl: string, entry: SitemapEntry): string {
  const lastmod = entry.lastModified ? `<lastmod>${lastmodOf(entry.lastModified)}</lastmod>` : '';
  return `<url><loc>${xml(publicUrl + entry.path)}</loc>${lastmod}</url>\n`;
}

export interface CrawlerRoutesOptions {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  /** Addresses per sitemap file; {@link SITEMAP_MAX_ENTRIES} unless a test splits a small catalogue. */
  sitemapPageSize?: number;
}

/**
 * `/robots.txt`, `/sitemap.xml` and, past one file's entries, `/sitemap-<n>.xml` (from 1): the public catalogue's
 * pages as an anonymous visitor may open them. Cached as the public catalogue answers are (`transport/public-cache.ts`).
 */
export async function crawlerRoutes(
  app: FastifyInstance,
  { db, config, sitemapPageSize = SITEMAP_MAX_ENTRIES }: CrawlerRoutesOptions,
): Promise<void> {
  const { publicUrl } = config;
  const robots = robotsText(publicUrl);
  const robotsHash = createHash('sha256').update(robots).digest('hex');

  app.get(
    '/robots.txt',
    { schema: { hide: true }, ...publicCacheHooks(async () => robotsHash) },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots),
  );

  /** One sitemap file: the entries from `from` to `to` of the whole. */
  const urlset = (summary: Awaited<ReturnType<typeof sitemapSummary>>, from: number, to: number) =>
    Readable.from(
      (async function* () {
        yield `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`;
        for await (const batch of sitemapEntries(db, summary, from, to)) {
          yield batch.map((entry) => urlXml(publicUrl, entry)).join('');
        }
        yield '</urlset>\n';
      })(),
      { objectMode: false },
    );

  const cached = publicCacheHooks(() => publicCatalogueVersion(db));

  app.get('/sitemap.xml', { schema: { hide: true }, ...cached }, async (_request, reply) => {
    const summary = await sitemapSummary(db);
    reply.type('application/xml; charset=utf-8');
    if (summary.total <= sitemapPageSize) return reply.send(urlset(summary, 0, summary.total));
    const files = Math.ceil(summary.total / sitemapPageSize);
    const index = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${xml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return reply.send(`${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${index.join('')}</sitemapindex>\n`);
  });

  app.get<{ Params: { page: string } }>(
    '/sitemap-:page(^\\d{1,9}).xml',
    { schema: { hide: true }, ...cached },
    async (request, reply) => {
      const page = Number(request.params.page);
      const summary = await sitemapSummary(db);
      const files = Math.ceil(summary.total / sitemapPageSize);
      if (page < 1 || page > files)
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const from = (page - 1) * sitemapPageSize;
      return reply
        .type('application/xml; charset=utf-8')
        .send(urlset(summary, from, Math.min(from + sitemapPageSize, summary.total)));
    },
  );
}
