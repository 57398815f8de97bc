import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_SORT_FIELDS,
  ITEM_TYPES,
  hasSerialProductNumber,
  isInstallable,
  isRequestable,
  latestVersion,
  type CatalogueCategory,
  type CatalogueItem,
  CATEGORIES_FILTER_MAX_COUNT,
  CATEGORIES_QUERY_MAX_LENGTH,
  QUERY_TEXT_MAX_LENGTH,
} from '@portal/resources';
import { badRequest } from '../../transport/errors.js';
import { parseListQuery, listQuerystring } from '../../crud/list-query.js';
import {
  EXACT_COUNT_LIMIT,
  knownLongTotal,
  listTotal,
  pageTotal,
  plannerRows,
} from '../../crud/list-total.js';
import type { Database } from '../../db/client.js';
import {
  catalogueSql,
  preparedOf,
  shapeKey,
  type CatalogueShape,
  type CatalogueValues,
  type ListedRow,
} from './catalogue-sql.js';
import type { CallerView } from './context.js';
import { iso } from './context.js';

/** The catalogue list's query: simple-rest's sort, range and filter, and the customer route's own `categories` and `q`. */
export const catalogueQuerystring = listQuerystring.extend({
  categories: z
    .string()
    .max(CATEGORIES_QUERY_MAX_LENGTH)
    .optional()
    .describe('Comma-separated categories, as on /assets?categories=…'),
  q: z.string().max(QUERY_TEXT_MAX_LENGTH).optional().describe('Full-text search'),
});

const categoryList = z.union([
  z.enum(CATALOGUE_CATEGORIES),
  z.array(z.enum(CATALOGUE_CATEGORIES)).max(CATEGORIES_FILTER_MAX_COUNT),
]);
const catalogueFilter = z.strictObject({
  categories: categoryList.optional(),
  q: z.string().max(QUERY_TEXT_MAX_LENGTH).optional(),
});

/**
 * The words of a search as a prefix query (`flash:* & prog:*`): every word must start a word of the item.
 * Only letters and digits reach the query text, so nothing a user types is read as query syntax.
 */
export function prefixQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The `categories` query parameter's values (built once: a schema built per call cost a search 0.07 ms). */
const categoryParameter = z.array(z.enum(CATALOGUE_CATEGORIES));

/**
 * The catalogue of spec §2.1 (/assets): tools of every item type, released bundles and documents in one list,
 * filtered by categories and full-text `q` (a GIN index on each table's `search` document), sorted by name or
 * change date, paged in the database. Each kind is one branch of a UNION ALL, left out when its categories are
 * not asked, so PostgreSQL merges index scans for a page by name.
 */
export async function listCatalogue(
  db: Database,
  caller: CallerView,
  query: z.infer<typeof catalogueQuerystring>,
  rangeHeader: string | undefined,
): Promise<{ items: CatalogueItem[]; offset: number; total: number; estimated: boolean }> {
  const list = parseListQuery(query, rangeHeader, {
    sortFields: CATALOGUE_SORT_FIELDS,
    filter: catalogueFilter,
  });
  const fromFilter = list.filter.categories;
  let categories: CatalogueCategory[] | null = fromFilter ? [fromFilter].flat() : null;
  if (!categories && query.categories) {
    const parsed = categoryParameter.safeParse(query.categories.split(',').map((c) => c.trim()));
    if (!parsed.success) {
      throw badRequest(`categories must be some of: ${CATALOGUE_CATEGORIES.join(', ')}.`, ['categories']);
    }
    categories = parsed.data;
  }
  const search = prefixQuery(list.filter.q ?? query.q ?? '');
  const wants = (category: CatalogueCategory) => !categories || categories.includes(category);
  const shape: CatalogueShape = {
    tools: ITEM_TYPES.some((type) => type !== 'document' && wants(type)),
    toolTypes: categories !== null,
    bundles: wants('software-bundle'),
    documents: wants('document'),
    search: search !== null,
    readsMatches: false,
    publicOnly: !caller.userId && !caller.admin,
    everyVersion: caller.userId !== null || caller.admin,
    byUpdate: list.sort?.field === 'updatedAt',
    descending: list.sort?.order === 'DESC',
  };
  if (!shape.tools && !shape.bundles && !shape.documents) {
    return { items: [], offset: list.range.offset, total: 0, estimated: false };
  }
  const { offset, limit } = list.range;
  const values: CatalogueValues = {
    types: ITEM_TYPES.filter((type) => type !== 'document' && wants(type)),
    search,
    cut: offset + limit,
    limit,
    offset,
  };
  // A search reads its matches whole (see catalogueSql), unless it is known to match more than the exact limit: then,
  // as when that read stops at the limit, its page walks the sort index and its total is the kept estimate.
  const totalKey = `catalogue:${shapeKey(shape)}:${JSON.stringify([values.types, search])}`;
  const readsMatches = shape.search && knownLongTotal(db, totalKey) === undefined;
  let statements = preparedOf(db, { ...shape, readsMatches }, limit);
  let rows = (await statements.page.all(values)) as ListedRow[];
  const matched = rows[0]?.matched ?? null;
  if (matched !== null && matched > EXACT_COUNT_LIMIT) {
    statements = preparedOf(db, shape, limit);
    rows = (await statements.page.all(values)) as ListedRow[];
  }

  // A short page (not an empty one past the end) is the list's end: its total needs no count.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { items: toItems(rows), offset, total: offset + rows.length, estimated: false };
  }
  // The count policy of every list (crud/list-total.ts); the key holds the shape and the filter's values, so callers
  // who see different versions or categories never share a total.
  const counted = await listTotal(db, {
    key: totalKey,
    counted: matched,
    count: async () => Number(((await statements.count.execute(values)) as { n: number }[])[0]?.n ?? 0),
    beyond: () => plannerRows(db, catalogueSql(shape, (name) => sql`${sql.param(values[name])}`).matches),
  });
  return {
    items: toItems(rows),
    offset,
    total: pageTotal(counted, { offset, rows: rows.length }),
    estimated: counted.estimated,
  };
}

/**
 * The cards of a page: tools get their latest version (spec §4) among the versions this caller sees. Keys in the
 * order of `catalogueItemSchema`, so `JSON.stringify` writes the answer's bytes (the minimal bench server does).
 */
export function toItems(rows: ListedRow[]): CatalogueItem[] {
  return rows.map((row) => {
    const updatedAt = iso(new Date(row.updated_at));
    const base = {
      id: row.id,
      kind: row.kind,
      category: row.category,
      key: row.key,
      name: row.name,
      description: row.description,
      icon: row.icon,
    };
    if (row.kind !== 'tool') {
      return {
        ...base,
        latestVersion: null,
        tags: [],
        installable: false,
        requestable: row.kind === 'software-bundle',
        payable: false,
        updatedAt,
      };
    }
    const kind = { isOnlineTool: row.is_online_tool, type: row.category };
    const latest = latestVersion({
      versions: Object.fromEntries((row.versions ?? []).map((v) => [v.version, v])),
      ...kind,
    });
    return {
      ...base,
      latestVersion: latest?.version ?? null,
      tags: latest?.tags ?? [],
      installable: isInstallable(kind),
      requestable: isRequestable(kind),
      payable: latest ? hasSerialProductNumber(latest) : false,
      updatedAt,
    };
  });
}
