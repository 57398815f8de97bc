import { useCallback } from 'react';
import { usePortal } from '../../../lib/portal-context';
import type { ToolDetail, ToolVersionDetail } from '@portal/resources';
import { key, literal, type NotificationStore } from '../../../notifications/notification-store';
import { entryName, toolEntry } from './cart-entries';
import { browserCart, type StoredCartEntry } from './cart-store';

/** Adds an entry to the cart and says so; an entry already there is left as it is (spec §4) and said so too. */
function addToCart(notifications: NotificationStore, entry: StoredCartEntry): boolean {
  const added = browserCart().add(entry);
  notifications.notify({
    kind: added ? 'success' : 'warning',
    title: key(added ? 'cart.added' : 'cart.alreadyInCart'),
    message: literal(entryName(entry)),
  });
  return added;
}

/** A tool version to the cart, for the tool page, which loads this code with the first click (issue 20). */
export const addToolToCart = (
  notifications: NotificationStore,
  tool: ToolDetail,
  version: ToolVersionDetail,
) => addToCart(notifications, toolEntry(tool, version));

/** `addToCart` with the portal's notifications. */
export function useAddToCart(): (entry: StoredCartEntry) => boolean {
  const { notifications } = usePortal();
  return useCallback((entry: StoredCartEntry) => addToCart(notifications, entry), [notifications]);
}
