import { useCallback } from 'react';
import { usePortal } from '../../../lib/portal-context';
import { key, literal, type NotificationStore } from '../../../notifications/notification-store';
import { entryName } from './cart-entries';
import { browserCart, type StoredCartEntry } from './cart-store';

/** Adds an entry to the cart and says so; an entry already there is left as it is (spec §4) and said so too. */
export function addToCart(notifications: NotificationStore, entry: StoredCartEntry): boolean {
  const added = browserCart().add(entry);
  notifications.notify({
    kind: added ? 'success' : 'warning',
    title: key(added ? 'cart.added' : 'cart.alreadyInCart'),
    message: literal(entryName(entry)),
  });
  return added;
}

/** `addToCart` with the portal's notifications. */
export function useAddToCart(): (entry: StoredCartEntry) => boolean {
  const { notifications } = usePortal();
  return useCallback((entry: StoredCartEntry) => addToCart(notifications, entry), [notifications]);
}
