import { CART_STORAGE_KEY } from '@portal/resources';
import { useSyncExternalStore } from 'react';

/** Same-tab cart changes; the cart store dispatches it after each write (other tabs raise `storage`). */
export const CART_CHANGED_EVENT = 'portal:cart-changed';

function readCount(): number {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.length : 0;
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** How many entries the cart in local storage holds (spec product §4), kept in step across tabs. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
