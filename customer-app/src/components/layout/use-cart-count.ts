import { CART_STORAGE_KEY } from '@portal/resources';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CART_CHANGED_EVENT } from '../../features/commerce/cart/cart-changed';
import type { CartStore } from '../../features/commerce/cart/cart-store';

const none = () => 0;
const still = () => () => {};

/**
 * How many entries the cart holds (spec product §4): the same store the cart pages use, kept in step across
 * tabs by `storage` events and within the tab by the store's own change event. The store's code loads once there
 * is a cart (0 until then, as the server renders it, issue 48): a first visit without one does not carry it.
 */
export function useCartCount(): number {
  const [cart, setCart] = useState<CartStore | null>(null);
  useEffect(() => {
    // The header lives as long as the app: no unmount to guard the answer against.
    const load = () => {
      stop();
      // Offline or mid-release the count stays hidden; the cart page itself reports what failed.
      import('../../features/commerce/cart/cart-store').then(
        ({ browserCart }) => setCart(browserCart()),
        stop,
      );
    };
    const events = ['storage', CART_CHANGED_EVENT];
    const stop = () => events.forEach((name) => window.removeEventListener(name, load));
    if (localStorage.getItem(CART_STORAGE_KEY) === null)
      events.forEach((name) => window.addEventListener(name, load));
    else load();
    return stop;
  }, []);
  return useSyncExternalStore(
    cart ? cart.subscribe : still,
    cart ? () => cart.getSnapshot().length : none,
    none,
  );
}
