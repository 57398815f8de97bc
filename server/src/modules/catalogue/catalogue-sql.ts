import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueCategory, CatalogueItemKind } from '@portal/resources';
import { catalogueDocuments, softwareBundles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { boundedCount, boundedRows } from '../../crud/list-total.js';
import type { Database } from '../../db/client.js';
import { pageLimit, unpriced, writtenLimit } from '../../db/paging.js';
import { PreparedShapes } from '../../db/prepared.js';

/*
 * The catalogue list's statements (catalogue-list.ts): one per shape, prepared on first use, its values bound.
 */

interface ListedVersion {
  version: string;
  versionNumeric: number | null;
  tags: string[];
  spn: string | null;
}

/** A catalogue row as the page statement reads it. */
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

/** What makes one catalogue statement differ from another; the values of {@link CatalogueValues} do not. */
export interface CatalogueShape {
  tools: boolean;
  /** Only some tool types asked for (a `types` value), rather than every one. */
  toolTypes: boolean;
  bundles: boolean;
  documents: boolean;
  search: boolean;
  /** A search's page read from its matches, and their count with it (`matched_<kind>`); else it walks the sort index. */
  readsMatches: boolean;
  /** Signed-out callers see public documents only. */
  publicOnly: boolean;
  /** Signed-in callers and admins pick a tool's latest among all its versions, others among public ones. */
  everyVersion: boolean;
  byUpdate: boolean;
  descending: boolean;
}

/** The values a catalogue statement binds: the same prepared statement serves every one of them. */
export type CatalogueValues = {
  types: string[];
  search: string | null;
  /** How many rows each kind's branch reads: the page's offset plus its limit. */
  cut: number;
  limit: number;
  offset: number;
};

/**
 * The rows of each kind the catalogue shows (spec §2.1): tools not removed, released bundles, and documents (public
 * ones only for a signed-out caller). The list's branches and the sitemap take them from here; the internal-use rule
 * is `usableToolsSql` (context.ts).
 */
export const listedConditions = {
  tool: (): SQL[] => [sql`not ${tools.isRemoved}`],
  bundle: (): SQL[] => [sql`${softwareBundles.released}`],
  document: (publicOnly: boolean): SQL[] => (publicOnly ? [sql`${catalogueDocuments.public}`] : []),
};

/**
 * The catalogue's page and its matching rows as SQL, a value written by `value` (a placeholder for a prepared
 * statement, or the value itself for the planner's estimate). Each kind is one branch of a UNION ALL, left out when
 * its categories are not asked, so PostgreSQL merges index scans for a page by name.
 */
export function catalogueSql(
  shape: CatalogueShape,
  value: (name: keyof CatalogueValues) => SQL | Placeholder,
  /** The page size when written into the statement's text ({@link writtenLimit}); else the `limit` value. */
  pageSize: number | null = null,
) {
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
  /** A kind's branch over `table`: every kind is searched and sorted by the same four roles of its columns. */
  const branchOf = (
    kind: string,
    table: PgTable,
    by: { id: AnyPgColumn; name: AnyPgColumn; updatedAt: AnyPgColumn; search: AnyPgColumn },
    columns: SQL,
    conditions: SQL[],
  ): Branch => ({
    kind,
    columns,
    from: sql`${table}`,
    conditions: tsquery ? [...conditions, sql`${by.search} @@ ${tsquery}`] : conditions,
    id: sql`${by.id}`,
    name: sql`${by.name}`,
    updatedAt: sql`${by.updatedAt}`,
  });
  const branches: Branch[] = [];
  if (shape.tools) {
    const conditions = listedConditions.tool();
    if (shape.toolTypes) conditions.push(sql`${tools.type} = any(${value('types')})`);
    branches.push(
      branchOf(
        'tool',
        tools,
        tools,
        sql`${tools.type} as category, ${tools.featureId} as key,
        ${tools.name} as name, ${tools.description} as description, ${tools.icon} as icon,
        ${tools.isOnlineTool} as is_online_tool, ${tools.updatedAt} as updated_at`,
        conditions,
      ),
    );
  }
  if (shape.bundles) {
    branches.push(
      branchOf(
        'software-bundle',
        softwareBundles,
        softwareBundles,
        sql`'software-bundle' as category,
        ${softwareBundles.uuid} as key, ${softwareBundles.name} as name, null::text as description,
        ${softwareBundles.iconUrl} as icon, false as is_online_tool, ${softwareBundles.updatedAt} as updated_at`,
        listedConditions.bundle(),
      ),
    );
  }
  if (shape.documents) {
    branches.push(
      branchOf(
        'document',
        catalogueDocuments,
        {
          id: catalogueDocuments.id,
          name: catalogueDocuments.title,
          updatedAt: catalogueDocuments.updatedAt,
          search: catalogueDocuments.search,
        },
        sql`'document' as category,
        ${catalogueDocuments.featureId} as key, ${catalogueDocuments.title} as name,
        ${catalogueDocuments.description} as description, null::text as icon, false as is_online_tool,
        ${catalogueDocuments.updatedAt} as updated_at`,
        listedConditions.document(shape.publicOnly),
      ),
    );
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
  // items (a prepared statement's generic plan cannot know how few), and the matches' count comes with them. Each
  // read stops one row past the exact limit, so its cost is bounded as a count's is; a page whose count reaches that
  // row may miss rows, and listCatalogue reads it again by walking the sort index.
  const matchedOf = (branch: Branch) => sql.raw(`matched_${branch.kind.replace('-', '_')}`);
  const matched = shape.readsMatches
    ? sql`with ${sql.join(
        branches.map(
          (branch) =>
            sql`${matchedOf(branch)} as materialized (${boundedRows(sql`select ${branch.id} as id,
            ${sortKeyOf(branch)} as ${sortColumn} from ${branch.from}${where(branch)}`)})`,
        ),
        sql`, `,
      )} `
    : sql``;
  const page = sql.join(
    branches.map((branch) =>
      shape.readsMatches
        ? sql`(select id, ${kindOf(branch)} as kind, ${sortColumn} from ${matchedOf(branch)}
          order by ${sortColumn} ${direction}, id ${direction} limit ${unpriced(value('cut'))})`
        : sql`(select ${branch.id} as id, ${kindOf(branch)} as kind, ${sortKeyOf(branch)} as ${sortColumn}
          from ${branch.from}${where(branch)}
          order by ${sortKeyOf(branch)} ${direction}, ${branch.id} ${direction} limit ${unpriced(value('cut'))})`,
    ),
    sql` union all `,
  );
  /** A search's count of matches on every row of its page: bounded as every count is ({@link boundedCount}). */
  const counted = shape.readsMatches
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
      limit ${pageLimit(pageSize, value('limit'))} offset ${unpriced(value('offset'))}) as picked cross join lateral (${whole}) as whole) as items`,
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
 * per-row, per-column mapping, which only renames columns that are named alike here (issue 24; README).
 */
interface RowsAsParsed {
  all(values: Record<string, unknown>): Promise<unknown[]>;
}

function catalogueQueries(db: Database, shape: CatalogueShape, pageSize: number | null) {
  const { window, order, matches } = catalogueSql(shape, (name) => sql.placeholder(name), pageSize);
  // The versions that pick each tool's latest come in the same round trip, looked up for the page's rows only.
  const versions = sql`case when items.kind = 'tool' then (
      select coalesce(json_agg(json_build_object('version', ${toolVersions.version},
        'versionNumeric', ${toolVersions.versionNumeric}, 'tags', ${toolVersions.tags}, 'spn', ${toolVersions.spn})), '[]')
      from ${toolVersions} where ${toolVersions.toolId} = items.id${shape.everyVersion ? sql`` : sql` and ${toolVersions.public}`}
    ) end`;
  return {
    page: db
      .select({
        ...Object.fromEntries(LISTED_COLUMNS.map((column) => [column, sql.raw(`items.${column}`)])),
        ...(shape.readsMatches ? { matched: sql.raw('items.matched') } : {}),
        versions: versions.as('versions'),
      })
      .from(window)
      .orderBy(order),
    count: db.select({ n: boundedCount(matches) }).from(sql`(select 1) as one`),
  };
}

/** The catalogue's statements per database and shape, prepared on first use (at most a few dozen shapes). */
const catalogueStatements = new PreparedShapes<ReturnType<typeof catalogueQueries>>('catalogue');

/** A shape's name: the flags it has on. */
export const shapeKey = (shape: CatalogueShape) =>
  Object.entries(shape)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join('|');

/** A shape's statements for pages of `limit` rows (written into the text when the apps ask for that size). */
export function preparedOf(db: Database, shape: CatalogueShape, limit: number) {
  const pageSize = writtenLimit(limit);
  const { page, count } = catalogueStatements.of(db, `${shapeKey(shape)}|${pageSize ?? 'limit'}`, () =>
    catalogueQueries(db, shape, pageSize),
  );
  return { page: page as unknown as RowsAsParsed, count };
}
