import { useSyncExternalStore } from 'react';
import { browserCart, type StoredCartEntry } from './cart-store';

const NONE: readonly StoredCartEntry[] = [];

/** The cart's entries, re-rendering on every change in this tab or another. */
export function useCart(): readonly StoredCartEntry[] {
  const cart = browserCart();
  return useSyncExternalStore(cart.subscribe, cart.getSnapshot, () => NONE);
}
