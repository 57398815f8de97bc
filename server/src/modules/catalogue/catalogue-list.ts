import { createHash } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import { boundedCount, listTotal, pageTotal, plannerRows } from '../../http/list-total.js';
import type { Database } from '../../db/client.js';
import type { CallerView } from './context.js';
import { iso } from './context.js';

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
  /** A search's matches, counted by the page's own statement (bounded as {@link boundedCount} is). */
  matched?: number;
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
  const wants = (category: CatalogueCategory) => !categories || categories.includes(category);
  const shape: CatalogueShape = {
    tools: ITEM_TYPES.some((type) => type !== 'document' && wants(type)),
    toolTypes: categories !== null,
    bundles: wants('software-bundle'),
    documents: wants('document'),
    search: search !== null,
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
  const statements = preparedOf(db, shape);
  const rows = (await statements.page.all(values)) as ListedRow[];

  // A short page (not an empty one past the end) is the list's end: its total needs no count.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { items: toItems(rows), offset, total: offset + rows.length, estimated: false };
  }
  // The count policy of every list (http/list-total.ts); the key holds the shape and the filter's values, so callers
  // who see different versions or categories never share a total.
  const counted = await listTotal(db, {
    key: `catalogue:${statements.key}:${JSON.stringify([values.types, search])}`,
    counted: rows[0]?.matched ?? null,
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

/** What makes one catalogue statement differ from another; the values of {@link CatalogueValues} do not. */
interface CatalogueShape {
  tools: boolean;
  /** Only some tool types asked for (a `types` value), rather than every one. */
  toolTypes: boolean;
  bundles: boolean;
  documents: boolean;
  search: boolean;
  /** Signed-out callers see public documents only. */
  publicOnly: boolean;
  /** Signed-in callers and admins pick a tool's latest among all its versions, others among public ones. */
  everyVersion: boolean;
  byUpdate: boolean;
  descending: boolean;
}

/** The values a catalogue statement binds: the same prepared statement serves every one of them. */
type CatalogueValues = {
  types: string[];
  search: string | null;
  /** How many rows each kind's branch reads: the page's offset plus its limit. */
  cut: number;
  limit: number;
  offset: number;
};

/**
 * The catalogue's page and its matching rows as SQL, a value written by `value` (a placeholder for a prepared
 * statement, or the value itself for the planner's estimate). Each kind is one branch of a UNION ALL, left out when
 * its categories are not asked, so PostgreSQL merges index scans for a page by name.
 */
function catalogueSql(shape: CatalogueShape, value: (name: keyof CatalogueValues) => SQL | Placeholder) {
  const tsquery = shape.search ? sql`to_tsquery('simple', ${value('search')})` : null;
  /** One kind of item: its columns as the list names them, its conditions, and what it sorts by. */
  interface Branch {
    kind: string;
    /** Its columns after `id` and `kind` (which the page writes from `id` and `kind`). */
    columns: SQL;
    from: SQL;
    conditions: SQL[];
    id: SQL;
    name: SQL;
    updatedAt: SQL;
  }
  const branches: Branch[] = [];
  if (shape.tools) {
    const conditions = [sql`not ${tools.isRemoved}`];
    if (shape.toolTypes) conditions.push(sql`${tools.type} = any(${value('types')})`);
    if (tsquery) conditions.push(sql`${tools.search} @@ ${tsquery}`);
    branches.push({
      kind: 'tool',
      columns: sql`${tools.type} as category, ${tools.featureId} as key,
        ${tools.name} as name, ${tools.description} as description, ${tools.icon} as icon,
        ${tools.isOnlineTool} as is_online_tool, ${tools.updatedAt} as updated_at`,
      from: sql`${tools}`,
      conditions,
      id: sql`${tools.id}`,
      name: sql`${tools.name}`,
      updatedAt: sql`${tools.updatedAt}`,
    });
  }
  if (shape.bundles) {
    const conditions = [sql`${softwareBundles.released}`];
    if (tsquery) conditions.push(sql`${softwareBundles.search} @@ ${tsquery}`);
    branches.push({
      kind: 'software-bundle',
      columns: sql`'software-bundle' as category,
        ${softwareBundles.uuid} as key, ${softwareBundles.name} as name, null::text as description,
        ${softwareBundles.iconUrl} as icon, false as is_online_tool, ${softwareBundles.updatedAt} as updated_at`,
      from: sql`${softwareBundles}`,
      conditions,
      id: sql`${softwareBundles.id}`,
      name: sql`${softwareBundles.name}`,
      updatedAt: sql`${softwareBundles.updatedAt}`,
    });
  }
  if (shape.documents) {
    const conditions: SQL[] = [];
    if (shape.publicOnly) conditions.push(sql`${catalogueDocuments.public}`);
    if (tsquery) conditions.push(sql`${catalogueDocuments.search} @@ ${tsquery}`);
    branches.push({
      kind: 'document',
      columns: sql`'document' as category,
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

  const where = (branch: Branch) =>
    branch.conditions.length ? sql` where ${sql.join(branch.conditions, sql` and `)}` : sql``;
  const direction = shape.descending ? sql`desc` : sql`asc`;
  // Each branch is cut to the rows the page can need, in its own index order; PostgreSQL does not push an outer
  // ORDER BY … LIMIT into UNION ALL branches that filter, so without this every page would sort every item. The cut
  // carries the id, kind and sort key only (an index-only read of the listed tools' partial indexes, migration
  // 0020): a deep page skips thousands of narrow rows, and only its own rows are read whole, by id.
  const sortColumn = sql.raw(shape.byUpdate ? 'updated_at' : 'name');
  // A constant of the statement's text (the kinds are this module's own words), not a parameter.
  const kindOf = (branch: Branch) => sql.raw(`'${branch.kind}'`);
  const sortKeyOf = (branch: Branch) => (shape.byUpdate ? branch.updatedAt : branch.name);
  // A search reads each kind's matches once, from its GIN index (`matched_<kind>`), and sorts the page's cut from
  // them: walking the sort index and testing each row's words costs the whole table for a search that matches few
  // items (a prepared statement's generic plan cannot know how few), and the matches' count comes with them.
  const matchedOf = (branch: Branch) => sql.raw(`matched_${branch.kind.replace('-', '_')}`);
  const matched = shape.search
    ? sql`with ${sql.join(
        branches.map(
          (branch) => sql`${matchedOf(branch)} as materialized (select ${branch.id} as id,
            ${sortKeyOf(branch)} as ${sortColumn} from ${branch.from}${where(branch)})`,
        ),
        sql`, `,
      )} `
    : sql``;
  const page = sql.join(
    branches.map((branch) =>
      shape.search
        ? sql`(select id, ${kindOf(branch)} as kind, ${sortColumn} from ${matchedOf(branch)}
          order by ${sortColumn} ${direction}, id ${direction} limit ${value('cut')})`
        : sql`(select ${branch.id} as id, ${kindOf(branch)} as kind, ${sortKeyOf(branch)} as ${sortColumn}
          from ${branch.from}${where(branch)}
          order by ${sortKeyOf(branch)} ${direction}, ${branch.id} ${direction} limit ${value('cut')})`,
    ),
    sql` union all `,
  );
  /** A search's count of matches on every row of its page: bounded as every count is ({@link boundedCount}). */
  const counted = shape.search
    ? sql`, ${boundedCount(
        sql`${sql.join(
          branches.map((branch) => sql`select 1 from ${matchedOf(branch)}`),
          sql` union all `,
        )}`,
      )} as matched`
    : sql``;
  const whole = sql.join(
    branches.map(
      (branch) =>
        sql`select ${branch.id} as id, ${kindOf(branch)} as kind, ${branch.columns}
          from ${branch.from} where picked.kind = ${kindOf(branch)} and ${branch.id} = picked.id`,
    ),
    sql` union all `,
  );
  const order = sql`${shape.byUpdate ? sql`updated_at` : sql`name`} ${direction}, id ${direction}`;
  const matches = sql`select 1 from (${sql.join(
    branches.map((branch) => sql`select 1 from ${branch.from}${where(branch)}`),
    sql` union all `,
  )}) as items`;
  return {
    /** The page's rows, in order, to select from as `items`. */
    window: sql`(${matched}select whole.*${counted} from (select * from (${page}) as cut order by ${order}
      limit ${value('limit')} offset ${value('offset')}) as picked cross join lateral (${whole}) as whole) as items`,
    order,
    matches,
  };
}

/** The columns of a listed row, read from the page's `items` (names as {@link ListedRow} has them). */
const LISTED_COLUMNS = [
  'id',
  'kind',
  'category',
  'key',
  'name',
  'description',
  'icon',
  'is_online_tool',
  'updated_at',
];

/**
 * A prepared statement's rows as the driver parsed them, objects keyed by column name: `all` of Drizzle's prepared
 * queries (node-postgres and PGlite both have it, with the same type parsers as `execute`) skips `execute`'s
 * per-row, per-column mapping, which only renames columns that are named alike here (issue 24: about 0.1 ms of CPU
 * per catalogue page).
 */
interface RowsAsParsed {
  all(values: Record<string, unknown>): Promise<unknown[]>;
}

function prepareCatalogue(db: Database, shape: CatalogueShape, key: string) {
  const { window, order, matches } = catalogueSql(shape, (name) => sql.placeholder(name));
  // The versions that pick each tool's latest come in the same round trip, looked up for the page's rows only.
  const versions = sql`case when items.kind = 'tool' then (
      select coalesce(json_agg(json_build_object('version', ${toolVersions.version},
        'versionNumeric', ${toolVersions.versionNumeric}, 'tags', ${toolVersions.tags}, 'spn', ${toolVersions.spn})), '[]')
      from ${toolVersions} where ${toolVersions.toolId} = items.id${shape.everyVersion ? sql`` : sql` and ${toolVersions.public}`}
    ) end`;
  const name = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return {
    key,
    page: db
      .select({
        ...Object.fromEntries(LISTED_COLUMNS.map((column) => [column, sql.raw(`items.${column}`)])),
        ...(shape.search ? { matched: sql.raw('items.matched') } : {}),
        versions: versions.as('versions'),
      })
      .from(window)
      .orderBy(order)
      .prepare(`catalogue_page_${name}`) as unknown as RowsAsParsed,
    count: db
      .select({ n: boundedCount(matches) })
      .from(sql`(select 1) as one`)
      .prepare(`catalogue_count_${name}`),
  };
}

/** The catalogue's statements per database and shape, prepared on first use (at most a few dozen shapes). */
const catalogueStatements = new WeakMap<Database, Map<string, ReturnType<typeof prepareCatalogue>>>();

function preparedOf(db: Database, shape: CatalogueShape): ReturnType<typeof prepareCatalogue> {
  const key = Object.entries(shape)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join('|');
  let statements = catalogueStatements.get(db);
  if (!statements) catalogueStatements.set(db, (statements = new Map()));
  let prepared = statements.get(key);
  if (!prepared) statements.set(key, (prepared = prepareCatalogue(db, shape, key)));
  return prepared;
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
