/** Same-tab cart changes; other tabs learn about them from the `storage` event. */
export const CART_CHANGED_EVENT = 'portal:cart-changed';
