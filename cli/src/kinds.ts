import type { CatalogueCategory, ItemType } from '@portal/resources';

/**
 * The kinds the command names: tools and software (both tools of the catalogue, told apart by their item type),
 * bundles and documents. Kept free of the schemas (types only), so `--help` does not load them.
 */
export const SEARCH_KINDS = ['tool', 'software', 'bundle', 'document'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const SOFTWARE_TYPES = ['software', 'software_external'] as const satisfies readonly ItemType[];

/** The catalogue list's categories of each kind (spec product §3's item types, and bundles). */
export const KIND_CATEGORIES = {
  tool: ['tool', 'tool_online', 'legacy-tool', 'content-pack', 'netlist'],
  software: SOFTWARE_TYPES,
  bundle: ['software-bundle'],
  document: ['document'],
} as const satisfies Record<SearchKind, readonly CatalogueCategory[]>;

/** A tool of the catalogue is `software` or a `tool` by its item type. */
export const kindOfToolType = (type: ItemType): 'tool' | 'software' =>
  (SOFTWARE_TYPES as readonly ItemType[]).includes(type) ? 'software' : 'tool';
