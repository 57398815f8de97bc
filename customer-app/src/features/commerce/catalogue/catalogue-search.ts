import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORT_FIELDS,
  TOOL_ITEM_TYPES,
  catalogueItemPath,
  type CatalogueCategory,
  type CatalogueItem,
  type CatalogueSortField,
} from '@portal/resources';
import type { CatalogueListQuery } from '../api/catalogue';
import { readPage } from '../components/read-page';

export { CATALOGUE_PAGE_SIZE };

/** Which part of the catalogue a route lists (spec §2.1): everything, software and tools, bundles, documents. */
export type CatalogueScope = 'all' | 'software' | 'bundles' | 'documents';

/** The categories each view may show; the `categories` query narrows them. */
export const SCOPE_CATEGORIES: Record<CatalogueScope, readonly CatalogueCategory[]> = {
  all: CATALOGUE_CATEGORIES,
  software: TOOL_ITEM_TYPES,
  bundles: ['software-bundle'],
  documents: ['document'],
};

export type CatalogueSort = CatalogueSortField;

export const isCatalogueSort = (value: string): value is CatalogueSort =>
  (CATALOGUE_SORT_FIELDS as readonly string[]).includes(value);

/** The list's state, all of it in the URL: `q`, `categories` (comma list), `sort`, `page` (from 1). */
export interface CatalogueSearch {
  q: string;
  /** Chosen within the scope; empty means all of them. */
  categories: CatalogueCategory[];
  sort: CatalogueSort;
  page: number;
}

export function readCatalogueSearch(params: URLSearchParams, scope: CatalogueScope): CatalogueSearch {
  const allowed = SCOPE_CATEGORIES[scope];
  const categories = (params.get('categories') ?? '')
    .split(',')
    .map((category) => category.trim())
    .filter((category): category is CatalogueCategory => allowed.includes(category as CatalogueCategory));
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    categories: [...new Set(categories)],
    sort: isCatalogueSort(sort) ? sort : CATALOGUE_SORT_FIELDS[0],
    page: readPage(params, CATALOGUE_PAGE_SIZE),
  };
}

/**
 * The URL query after a change. A new search, filter or sort starts again at the first page; defaults are left
 * out so the address stays short; other parameters are kept.
 */
export function writeCatalogueSearch(
  params: URLSearchParams,
  current: CatalogueSearch,
  change: Partial<CatalogueSearch>,
): URLSearchParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  const query = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? query.set(name, value) : query.delete(name));
  set('q', next.q);
  set('categories', next.categories.join(','));
  set('sort', next.sort === CATALOGUE_SORT_FIELDS[0] ? null : next.sort);
  set('page', next.page > 1 ? String(next.page) : null);
  return query;
}

/** The API's list call for a view and its search. */
export function toListQuery(search: CatalogueSearch, scope: CatalogueScope): CatalogueListQuery {
  const categories = search.categories.length ? search.categories : SCOPE_CATEGORIES[scope];
  return {
    categories: scope === 'all' && !search.categories.length ? null : categories,
    q: search.q,
    sort: search.sort,
    offset: (search.page - 1) * CATALOGUE_PAGE_SIZE,
    limit: CATALOGUE_PAGE_SIZE,
  };
}

/** Where a catalogue entry's details live: tool page, bundle page or document page (as the sitemap lists them). */
export function itemPath(item: Pick<CatalogueItem, 'kind' | 'key' | 'id'>): string {
  // A bundle's page is addressed by its own UUID (spec §2.1); its catalogue key is only an alias.
  return catalogueItemPath(item.kind, item.kind === 'software-bundle' ? item.id : item.key);
}
