import { hasSerialProductNumber } from './serial-product-number.js';

/** The fields of a tool version that decide how it enters an order. */
export interface OrderableVersionLike<P> {
  orderable?: boolean | null;
  spn?: string | null;
  price?: P | null;
  exportControlled?: boolean | null;
}

/**
 * How one tool version enters an order, whatever brought it there (a tool, a bundle's content, a custom bundle):
 * refused when not orderable (a payable version without a price cannot be sold either); a payable version is a
 * purchase line at its price; an export-controlled one needs the customer's granted export access request.
 */
export type OrderLineTerms<P> =
  { refusal: 'not_orderable' } | { refusal: null; price: P | null; exportApprovalMissing: boolean };

export function orderLineTerms<P>(
  version: OrderableVersionLike<P>,
  caller: { exportApproved: boolean },
): OrderLineTerms<P> {
  const payable = hasSerialProductNumber(version);
  if (!version.orderable || (payable && !version.price)) return { refusal: 'not_orderable' };
  return {
    refusal: null,
    price: payable ? version.price! : null,
    exportApprovalMissing: !!version.exportControlled && !caller.exportApproved,
  };
}

/**
 * Whether an admin may approve a position: one whose version is payable only on a paid purchase, so no request
 * order (however it was made) hands out a payable version unpaid.
 */
export function mayApprovePosition(
  order: { kind: 'request' | 'purchase'; paid: boolean },
  payable: boolean,
): boolean {
  return !payable || (order.kind === 'purchase' && order.paid);
}
