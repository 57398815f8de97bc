import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CartStore } from '../../features/commerce/cart/cart-store';

const none = () => 0;
const still = () => () => {};

/**
 * How many entries the cart holds (spec product §4): the same store the cart pages use, kept in step across
 * tabs by `storage` events and within the tab by the store's own change event. The store loads after the first
 * render (0 until then, as the server renders it, issue 48), so the shell's first load does not carry it.
 */
export function useCartCount(): number {
  const [cart, setCart] = useState<CartStore | null>(null);
  useEffect(() => {
    let mounted = true;
    import('../../features/commerce/cart/cart-store').then(
      ({ browserCart }) => mounted && setCart(browserCart()),
      // Offline or mid-release: the count stays hidden; the cart page itself reports what failed.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return useSyncExternalStore(
    cart ? cart.subscribe : still,
    cart ? () => cart.getSnapshot().length : none,
    none,
  );
}
