import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
  type CatalogueItemKind,
} from '@portal/resources';
import { catalogueDocuments, softwareBundles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { badRequest } from '../../http/errors.js';
import { parseListQuery, listQuerystring } from '../../http/list-query.js';
import { boundedCount, listTotal, plannerRows, scalar } from '../../http/list-total.js';
import type { Database } from '../../db/client.js';
import type { CallerView } from './context.js';
import { iso, rowsOf } from './context.js';

interface ListedVersion {
  version: string;
  versionNumeric: number | null;
  tags: string[];
  spn: string | null;
}

/** The catalogue list's query: simple-rest's sort, range and filter, and the customer route's own `categories` and `q`. */
export const catalogueQuerystring = listQuerystring.extend({
  categories: z
    .string()
    .max(500)
    .optional()
    .describe('Comma-separated categories, as on /assets?categories=…'),
  q: z.string().max(255).optional().describe('Full-text search'),
});

const categoryList = z.union([z.enum(CATALOGUE_CATEGORIES), z.array(z.enum(CATALOGUE_CATEGORIES)).max(20)]);
const catalogueFilter = z.strictObject({
  categories: categoryList.optional(),
  q: z.string().max(255).optional(),
});

const dialect = new PgDialect();

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

export interface ListedRow extends Record<string, unknown> {
  id: string;
  kind: CatalogueItemKind;
  category: CatalogueCategory;
  key: string;
  name: string;
  description: string | null;
  icon: string | null;
  is_online_tool: boolean;
  updated_at: string | Date;
  /** A tool's versions this caller sees (null for other kinds). */
  versions: ListedVersion[] | null;
}

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
    const parsed = z
      .array(z.enum(CATALOGUE_CATEGORIES))
      .safeParse(query.categories.split(',').map((c) => c.trim()));
    if (!parsed.success) {
      throw badRequest(`categories must be some of: ${CATALOGUE_CATEGORIES.join(', ')}.`, ['categories']);
    }
    categories = parsed.data;
  }
  const search = prefixQuery(list.filter.q ?? query.q ?? '');
  const tsquery = search ? sql`to_tsquery('simple', ${search})` : null;
  const wants = (category: CatalogueCategory) => !categories || categories.includes(category);
  const toolTypes = ITEM_TYPES.filter((type) => type !== 'document' && wants(type));

  /** One kind of item: its columns as the list names them, its conditions, and what it sorts by. */
  interface Branch {
    columns: SQL;
    from: SQL;
    conditions: SQL[];
    id: SQL;
    name: SQL;
    updatedAt: SQL;
  }
  const branches: Branch[] = [];
  if (toolTypes.length) {
    const conditions = [sql`not ${tools.isRemoved}`];
    if (categories)
      conditions.push(
        sql`${tools.type} in (${sql.join(
          toolTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    if (tsquery) conditions.push(sql`${tools.search} @@ ${tsquery}`);
    branches.push({
      columns: sql`${tools.id} as id, 'tool' as kind, ${tools.type} as category, ${tools.featureId} as key,
        ${tools.name} as name, ${tools.description} as description, ${tools.icon} as icon,
        ${tools.isOnlineTool} as is_online_tool, ${tools.updatedAt} as updated_at`,
      from: sql`${tools}`,
      conditions,
      id: sql`${tools.id}`,
      name: sql`${tools.name}`,
      updatedAt: sql`${tools.updatedAt}`,
    });
  }
  if (wants('software-bundle')) {
    const conditions = [sql`${softwareBundles.released}`];
    if (tsquery) conditions.push(sql`${softwareBundles.search} @@ ${tsquery}`);
    branches.push({
      columns: sql`${softwareBundles.id} as id, 'software-bundle' as kind, 'software-bundle' as category,
        ${softwareBundles.uuid} as key, ${softwareBundles.name} as name, null::text as description,
        ${softwareBundles.iconUrl} as icon, false as is_online_tool, ${softwareBundles.updatedAt} as updated_at`,
      from: sql`${softwareBundles}`,
      conditions,
      id: sql`${softwareBundles.id}`,
      name: sql`${softwareBundles.name}`,
      updatedAt: sql`${softwareBundles.updatedAt}`,
    });
  }
  if (wants('document')) {
    const conditions: SQL[] = [];
    if (!caller.userId && !caller.admin) conditions.push(sql`${catalogueDocuments.public}`);
    if (tsquery) conditions.push(sql`${catalogueDocuments.search} @@ ${tsquery}`);
    branches.push({
      columns: sql`${catalogueDocuments.id} as id, 'document' as kind, 'document' as category,
        ${catalogueDocuments.featureId} as key, ${catalogueDocuments.title} as name,
        ${catalogueDocuments.description} as description, null::text as icon, false as is_online_tool,
        ${catalogueDocuments.updatedAt} as updated_at`,
      from: sql`${catalogueDocuments}`,
      conditions,
      id: sql`${catalogueDocuments.id}`,
      name: sql`${catalogueDocuments.title}`,
      updatedAt: sql`${catalogueDocuments.updatedAt}`,
    });
  }
  if (!branches.length) return { items: [], offset: list.range.offset, total: 0, estimated: false };

  const where = (branch: Branch) =>
    branch.conditions.length ? sql` where ${sql.join(branch.conditions, sql` and `)}` : sql``;
  const direction = list.sort?.order === 'DESC' ? sql`desc` : sql`asc`;
  const byUpdate = list.sort?.field === 'updatedAt';
  // Each branch is cut to the rows the page can need, in its own index order; PostgreSQL does not push an outer
  // ORDER BY … LIMIT into UNION ALL branches that filter, so without this every page would sort every item.
  const cut = sql` limit ${list.range.offset + list.range.limit}`;
  const page = sql.join(
    branches.map(
      (branch) =>
        sql`(select ${branch.columns} from ${branch.from}${where(branch)}
          order by ${byUpdate ? branch.updatedAt : branch.name} ${direction}, ${branch.id} ${direction}${cut})`,
    ),
    sql` union all `,
  );
  const window = sql` limit ${list.range.limit} offset ${list.range.offset}`;
  const order = sql`${byUpdate ? sql`updated_at` : sql`name`} ${direction}, id ${direction}`;
  const everyVersion = caller.userId !== null || caller.admin;
  // The versions that pick each tool's latest come in the same round trip, looked up for the page's rows only.
  const rows = await rowsOf<ListedRow>(
    db,
    sql`select items.*, case when items.kind = 'tool' then (
        select coalesce(json_agg(json_build_object('version', ${toolVersions.version},
          'versionNumeric', ${toolVersions.versionNumeric}, 'tags', ${toolVersions.tags}, 'spn', ${toolVersions.spn})), '[]')
        from ${toolVersions} where ${toolVersions.toolId} = items.id${everyVersion ? sql`` : sql` and ${toolVersions.public}`}
      ) end as versions
      from (select * from (${page}) as cut order by ${order}${window}) as items order by ${order}`,
  );
  const union = sql.join(
    branches.map((branch) => sql`select 1 from ${branch.from}${where(branch)}`),
    sql` union all `,
  );

  const { offset } = list.range;
  // A short page (not an empty one past the end) is the list's end: its total needs no count.
  if (rows.length < list.range.limit && (rows.length > 0 || offset === 0)) {
    return { items: toItems(rows), offset, total: offset + rows.length, estimated: false };
  }
  // The count policy of every list (http/list-total.ts); the key holds the filter's values, so callers who see
  // different versions or categories never share a total.
  const matches = sql`select 1 from (${union}) as items`;
  const { total, estimated } = await listTotal(db, {
    key: `catalogue:${JSON.stringify(dialect.sqlToQuery(union))}`,
    count: async () => Number(await scalar<number>(db, sql`select ${boundedCount(matches)}`)),
    beyond: () => plannerRows(db, matches),
  });
  return { items: toItems(rows), offset, total: Math.max(total, offset + rows.length), estimated };
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
