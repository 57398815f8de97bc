import { useSyncExternalStore } from 'react';
import { EMPTY_CART, browserCart, type StoredCartEntry } from './cart-store';

/** The cart's entries, re-rendering on every change in this tab or another. */
export function useCart(): readonly StoredCartEntry[] {
  const cart = browserCart();
  // The server's empty cart is the browser's: an empty cart does not re-render the page just after hydration, an
  // update that would make React render a lazy part still loading anew, with its fallback (a layout shift).
  return useSyncExternalStore(cart.subscribe, cart.getSnapshot, () => EMPTY_CART);
}
