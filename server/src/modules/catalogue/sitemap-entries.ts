import { and, asc, count, gt, max, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PUBLIC_LIST_PATHS, catalogueItemPath, type CatalogueItemKind } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { catalogueDocuments, softwareBundles, tools } from '../../db/schema-catalogue.js';
import { listedConditions } from './catalogue-sql.js';
import { usableToolsSql } from './context.js';

/** One address of the sitemap: a path of the customer app and its last change (none for the welcome page). */
export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

/** A kind of item as an anonymous visitor sees it: the catalogue's own rules (`listedConditions`, `usableToolsSql`). */
interface Kind {
  kind: CatalogueItemKind;
  table: PgTable;
  /** What the item's page is addressed by, and the order the sitemap walks them in (a unique index). */
  address: AnyPgColumn;
  updatedAt: AnyPgColumn;
  where: SQL[];
}

const KINDS: Kind[] = [
  {
    kind: 'tool',
    table: tools,
    address: tools.featureId,
    updatedAt: tools.updatedAt,
    where: [...listedConditions.tool(), ...usableToolsSql(false)],
  },
  {
    kind: 'software-bundle',
    table: softwareBundles,
    address: softwareBundles.id,
    updatedAt: softwareBundles.updatedAt,
    where: listedConditions.bundle(),
  },
  {
    kind: 'document',
    table: catalogueDocuments,
    address: catalogueDocuments.featureId,
    updatedAt: catalogueDocuments.updatedAt,
    where: listedConditions.document(true),
  },
];

/** What the sitemap holds: how many items of each kind, and each kind's latest change (for its list pages). */
export interface SitemapSummary {
  counts: Record<CatalogueItemKind, number>;
  latest: Record<CatalogueItemKind, Date | null>;
  /** Every entry: the list pages, then tools, bundles and documents. */
  total: number;
}

const asDate = (value: unknown): Date | null => (value === null ? null : new Date(value as string));

/** Counts the public items of each kind in one statement per kind, run together. */
export async function sitemapSummary(db: Database): Promise<SitemapSummary> {
  const rows = await Promise.all(
    KINDS.map(async ({ table, updatedAt, where }) => {
      const [row] = await db
        .select({ n: count(), latest: max(updatedAt) })
        .from(table)
        .where(and(...where));
      return { n: Number(row?.n ?? 0), latest: asDate(row?.latest ?? null) };
    }),
  );
  const counts = Object.fromEntries(KINDS.map((k, i) => [k.kind, rows[i]!.n])) as SitemapSummary['counts'];
  const latest = Object.fromEntries(
    KINDS.map((k, i) => [k.kind, rows[i]!.latest]),
  ) as SitemapSummary['latest'];
  return { counts, latest, total: listPages(latest).length + rows.reduce((sum, row) => sum + row.n, 0) };
}

/** The list pages, each changed when the latest of what it lists changed. */
function listPages(latest: SitemapSummary['latest']): SitemapEntry[] {
  const newest = (...dates: (Date | null)[]) =>
    dates.reduce<Date | null>((a, b) => (a === null || (b !== null && b > a) ? b : a), null);
  return [
    { path: PUBLIC_LIST_PATHS.welcome, lastModified: null },
    {
      path: PUBLIC_LIST_PATHS.assets,
      lastModified: newest(latest.tool, latest['software-bundle'], latest.document),
    },
    { path: PUBLIC_LIST_PATHS.assetsSoftware, lastModified: latest.tool },
    { path: PUBLIC_LIST_PATHS.assetsSoftwareBundles, lastModified: latest['software-bundle'] },
    { path: PUBLIC_LIST_PATHS.documents, lastModified: latest.document },
  ];
}

/** Rows read per statement while a sitemap page is written. */
const BATCH_ROWS = 5_000;

/**
 * The entries from position `from` (inclusive) to `to` (exclusive) of the whole sitemap, in batches: each kind is
 * walked on its unique index, the first batch by offset and the next ones after the last address read.
 */
export async function* sitemapEntries(
  db: Database,
  summary: SitemapSummary,
  from: number,
  to: number,
): AsyncGenerator<SitemapEntry[]> {
  const pages = listPages(summary.latest);
  if (from < pages.length) yield pages.slice(from, Math.min(to, pages.length));
  let start = pages.length;
  for (const { kind, table, address, updatedAt, where } of KINDS) {
    const end = start + summary.counts[kind];
    let offset = Math.max(from, start) - start;
    let left = Math.min(to, end) - Math.max(from, start);
    let after: unknown = undefined;
    while (left > 0) {
      const rows = await db
        .select({ address, updatedAt })
        .from(table)
        .where(and(...where, after === undefined ? undefined : gt(address, after)))
        .orderBy(asc(address))
        .limit(Math.min(left, BATCH_ROWS))
        .offset(offset);
      if (!rows.length) break;
      offset = 0;
      left -= rows.length;
      after = rows.at(-1)!.address;
      yield rows.map((row) => ({
        path: catalogueItemPath(kind, String(row.address)),
        lastModified: asDate(row.updatedAt),
      }));
    }
    start = end;
  }
}
