import { useSyncExternalStore } from 'react';
import { browserCart } from '../../features/commerce/cart/cart-store';

const count = () => browserCart().getSnapshot().length;
const subscribe = (onChange: () => void) => browserCart().subscribe(onChange);

/**
 * How many entries the cart holds (spec product §4): the same store the cart pages use, kept in step across
 * tabs by `storage` events and within the tab by the store's own change event.
 */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, count, () => 0);
}
