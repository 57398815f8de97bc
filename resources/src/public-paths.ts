import type { CatalogueItemKind } from './catalogue-constants.js';

/*
 * The public catalogue's pages (spec §2.1) as the customer app routes them (`customer-app/src/paths.ts`) and the
 * server lists them in its sitemap and names them in canonical addresses.
 */

/** The public list pages and the welcome page. */
export const PUBLIC_LIST_PATHS = {
  welcome: '/welcome',
  assets: '/assets',
  assetsSoftware: '/assets/software',
  assetsSoftwareBundles: '/assets/software-bundles',
  documents: '/documents',
} as const;

/** One item's page, by its route pattern. */
export const CATALOGUE_ITEM_PATHS = {
  tool: '/assets/:featureId',
  document: '/document/:featureId',
  softwareBundle: '/software-bundles/:uuid',
} as const;

/**
 * The page of a catalogue item: a tool or document by its feature ID, a bundle by its own UUID (spec §2.1; its
 * catalogue key is only an alias). The address is one path segment, encoded.
 */
export function catalogueItemPath(kind: CatalogueItemKind, address: string): string {
  const segment = encodeURIComponent(address);
  switch (kind) {
    case 'tool':
      return CATALOGUE_ITEM_PATHS.tool.replace(':featureId', segment);
    case 'software-bundle':
      return CATALOGUE_ITEM_PATHS.softwareBundle.replace(':uuid', segment);
    case 'document':
      return CATALOGUE_ITEM_PATHS.document.replace(':featureId', segment);
  }
}
