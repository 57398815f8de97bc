import { CART_CHANGED_EVENT } from './cart-changed';
import {
  CART_ENTRY_TYPES,
  CART_STORAGE_KEY,
  addToCart,
  cartEntryKey,
  clearCartCategory,
  removeFromCart,
  type CartCategory,
  type CartEntry,
  type Price,
} from '@portal/resources';

/**
 * A cart entry as the browser keeps it: the entry of spec §3 and, for a tool, the price the catalogue showed
 * when it was added (only for display; checkout looks every price up again).
 */
export type StoredCartEntry =
  | Exclude<CartEntry, { type: 'tool' }>
  | (Omit<ToolCartEntry, 'package'> & { package: ToolCartEntry['package'] & { price?: Price | null } });
type ToolCartEntry = Extract<CartEntry, { type: 'tool' }>;

export { CART_CHANGED_EVENT };

/** The empty cart: every empty snapshot is this one, the server's included (use-cart.ts). */
export const EMPTY_CART: readonly StoredCartEntry[] = [];

/** Whether a stored value is an entry this portal can key and show; anything else is left out. */
function isEntry(value: unknown): value is StoredCartEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as StoredCartEntry;
  if (!(CART_ENTRY_TYPES as readonly unknown[]).includes(entry.type)) return false;
  try {
    cartEntryKey(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cart of spec product §4 in local storage (`cart`), in step across tabs; a key already there is not added
 * again. Free of zod, as the header's item count loads it on every page.
 */
export class CartStore {
  private raw: string | null | undefined;
  private entries: readonly StoredCartEntry[] = EMPTY_CART;

  constructor(
    private readonly storage: Storage,
    private readonly events: EventTarget,
  ) {}

  getSnapshot = (): readonly StoredCartEntry[] => {
    let raw: string | null;
    try {
      raw = this.storage.getItem(CART_STORAGE_KEY);
    } catch {
      raw = null;
    }
    if (raw === this.raw) return this.entries;
    this.raw = raw;
    this.entries = parse(raw);
    return this.entries;
  };

  subscribe = (onChange: () => void): (() => void) => {
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      if (key === null || key === CART_STORAGE_KEY) onChange();
    };
    this.events.addEventListener('storage', onStorage);
    this.events.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => {
      this.events.removeEventListener('storage', onStorage);
      this.events.removeEventListener(CART_CHANGED_EVENT, onChange);
    };
  };

  /** Adds an entry; false when an entry with the same key was already there (the cart stays as it was). */
  add(entry: StoredCartEntry): boolean {
    const before = this.getSnapshot();
    const after = addToCart(before, entry);
    if (after === before) return false;
    this.write(after);
    return true;
  }

  has(entry: StoredCartEntry): boolean {
    const key = cartEntryKey(entry);
    return this.getSnapshot().some((existing) => cartEntryKey(existing) === key);
  }

  remove(entry: StoredCartEntry): void {
    this.write(removeFromCart(this.getSnapshot(), entry));
  }

  /** Removes the entries whose keys are given and that `also` accepts (all of them without it). */
  removeKeys(keys: readonly string[], also: (entry: StoredCartEntry) => boolean = () => true): void {
    const wanted = new Set(keys);
    const before = this.getSnapshot();
    const after = before.filter((entry) => !(wanted.has(cartEntryKey(entry)) && also(entry)));
    if (after.length !== before.length) this.write(after);
  }

  clearCategory(category: CartCategory): void {
    this.write(clearCartCategory(this.getSnapshot(), category));
  }

  clear(): void {
    this.write(EMPTY_CART);
  }

  private write(entries: readonly StoredCartEntry[]): void {
    try {
      if (entries.length) this.storage.setItem(CART_STORAGE_KEY, JSON.stringify(entries));
      else this.storage.removeItem(CART_STORAGE_KEY);
    } catch {
      // Storage full or blocked: the cart stays as it was, which the page shows.
    }
    this.events.dispatchEvent(new Event(CART_CHANGED_EVENT));
  }
}

function parse(raw: string | null): readonly StoredCartEntry[] {
  if (!raw) return EMPTY_CART;
  try {
    const stored: unknown = JSON.parse(raw);
    return Array.isArray(stored) ? stored.filter(isEntry) : EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

let shared: CartStore | undefined;

/** The browser's cart, shared by the header and the commerce pages. */
export function browserCart(): CartStore {
  shared ??= new CartStore(window.localStorage, window);
  return shared;
}

/**
 * The server's render (issue 48) has no window: an empty cart in its place. Pages render the anonymous visitor's
 * view, and read the browser's cart only after hydration (`useCart`'s server snapshot).
 */
export function setServerCart(storage: Storage): void {
  shared = new CartStore(storage, new EventTarget());
}
