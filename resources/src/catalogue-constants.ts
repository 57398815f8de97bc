/**
 * The catalogue's constants, kept apart from the schemas built on them so that a catalogue page importing one
 * never brings zod along (a bundler keeps a module whole).
 */

/** The item types of spec product §3: what a catalogue entry, a tool's `type` or a cart line can be. */
export const ITEM_TYPES = [
  'tool',
  'software',
  'software_external',
  'tool_online',
  'legacy-tool',
  'content-pack',
  'netlist',
  'document',
] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export function isItemType(value: unknown): value is ItemType {
  return (ITEM_TYPES as readonly unknown[]).includes(value);
}

/** Item types a tool can have: every item type of spec §3 except `document` (documents are their own records). */
export type ToolItemType = Exclude<ItemType, 'document'>;
export const TOOL_ITEM_TYPES = ITEM_TYPES.filter((type): type is ToolItemType => type !== 'document');

/**
 * The categories the catalogue list filters by (spec §2.1 /assets?categories=…): the item types of spec §3, and
 * `software-bundle` for bundles. Documents are the item type `document`.
 */
export const CATALOGUE_CATEGORIES = [...ITEM_TYPES, 'software-bundle'] as const;
export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];

/** What a catalogue entry is; its details live at `catalogue/tools/{key}`, `catalogue/bundles/{key}` or `catalogue/documents/{key}`. */
export const CATALOGUE_ITEM_KINDS = ['tool', 'software-bundle', 'document'] as const;
export type CatalogueItemKind = (typeof CATALOGUE_ITEM_KINDS)[number];

/** The catalogue list's sort fields, the default first: by name (A–Z), or the latest change first. */
export const CATALOGUE_SORT_FIELDS = ['name', 'updatedAt'] as const;
export type CatalogueSortField = (typeof CATALOGUE_SORT_FIELDS)[number];

/** Entries per page of the customer catalogue views. */
export const CATALOGUE_PAGE_SIZE = 12;

/** Tools the custom-bundle dialog lists at once (one catalogue page of tools, by name). */
export const CUSTOM_BUNDLE_TOOL_LIMIT = 200;
