import { hasSerialProductNumber } from './serial-product-number.js';

/** The browser local storage key the cart lives under (spec product §4). */
export const CART_STORAGE_KEY = 'cart';

export const CART_ENTRY_TYPES = ['tool', 'bundle', 'custom-bundle'] as const;
type CartEntryType = (typeof CART_ENTRY_TYPES)[number];

/** The fields of a cart entry (spec product §3) that identify it and decide its category. */
export interface CartEntryLike {
  type: CartEntryType;
  item?: { featureId?: string | null; uuid?: string | null; name?: string | null } | null;
  /** The tool version a tool entry stands for. */
  package?: { version?: string | null; spn?: string | null } | null;
  customBundle?: { name?: string | null } | null;
}

export type CartCategory = 'payable' | 'non-payable';

function required(value: string | null | undefined, what: string): string {
  if (!value) throw new TypeError(`A cart entry needs ${what}`);
  return value;
}

/**
 * The unique key of a cart entry (spec product §3): featureId plus version for tools, the name for custom
 * bundles, the uuid otherwise. The type is part of the key and the parts are JSON-encoded, so a custom bundle
 * named like a bundle's uuid, or a featureId containing the separator, never collides. Throws when the
 * identifying field is missing: such an entry could not be told apart from another.
 */
export function cartEntryKey(entry: CartEntryLike): string {
  switch (entry.type) {
    case 'tool':
      return JSON.stringify([
        entry.type,
        required(entry.item?.featureId, 'the tool featureId'),
        required(entry.package?.version, 'the tool version'),
      ]);
    case 'custom-bundle':
      return JSON.stringify([
        entry.type,
        required(entry.customBundle?.name ?? entry.item?.name, 'the custom bundle name'),
      ]);
    default:
      return JSON.stringify([entry.type, required(entry.item?.uuid, 'the uuid')]);
  }
}

/** Adds an entry unless one with the same key is already in the cart; then the same list comes back. */
export function addToCart<E extends CartEntryLike>(cart: readonly E[], entry: E): readonly E[] {
  const key = cartEntryKey(entry);
  return cart.some((existing) => cartEntryKey(existing) === key) ? cart : [...cart, entry];
}

/** Removes the entry with the same key as `entry`. */
export function removeFromCart<E extends CartEntryLike>(
  cart: readonly E[],
  entry: CartEntryLike,
): readonly E[] {
  const key = cartEntryKey(entry);
  return cart.filter((existing) => cartEntryKey(existing) !== key);
}

/** Payable when the entry's tool version has a serial product number; bundles are never payable. */
export function cartCategory(entry: CartEntryLike): CartCategory {
  return entry.package && hasSerialProductNumber(entry.package) ? 'payable' : 'non-payable';
}

/** The cart without the entries of one category. */
export function clearCartCategory<E extends CartEntryLike>(
  cart: readonly E[],
  category: CartCategory,
): readonly E[] {
  return cart.filter((entry) => cartCategory(entry) !== category);
}

/** The cart split into payable and non-payable entries, each in cart order. */
export function splitCart<E extends CartEntryLike>(cart: readonly E[]): { payable: E[]; nonPayable: E[] } {
  return {
    payable: cart.filter((entry) => cartCategory(entry) === 'payable'),
    nonPayable: cart.filter((entry) => cartCategory(entry) === 'non-payable'),
  };
}

/** The sorted unique keys of a cart: the same cart gives the same list whatever the order of its entries. */
export function cartKeys(cart: readonly CartEntryLike[]): string[] {
  return [...new Set(cart.map(cartEntryKey))].sort();
}
