import { cartCategory, type Checkout } from '@portal/resources';
import type { CartStore } from './cart-store';

/**
 * What a checkout takes out of the cart: the requested (non-payable) entries as soon as their request order
 * exists, the payable ones once the payment has gone through. A canceled, failed or expired payment leaves the
 * payable entries in the cart, so they can be resumed or checked out again.
 */
export function settleCart(cart: CartStore, checkout: Pick<Checkout, 'entryKeys' | 'status'>): void {
  cart.removeKeys(
    checkout.entryKeys,
    (entry) => checkout.status === 'completed' || cartCategory(entry) === 'non-payable',
  );
}
