import { describe, expect, it } from 'vitest';
import { mayApprovePosition, orderLineTerms } from './order-lines.js';

const PRICE = { amountCents: 49900, currency: 'EUR' };

describe('orderLineTerms', () => {
  it('refuses a version that is not orderable, or payable without a price', () => {
    expect(orderLineTerms({ orderable: false }, { exportApproved: true })).toEqual({
      refusal: 'not_orderable',
    });
    expect(orderLineTerms({ orderable: true, spn: 'SPN-1' }, { exportApproved: true })).toEqual({
      refusal: 'not_orderable',
    });
  });

  it('makes a payable version a line at its price, a free one a line without', () => {
    expect(
      orderLineTerms({ orderable: true, spn: 'SPN-1', price: PRICE }, { exportApproved: false }),
    ).toEqual({
      refusal: null,
      price: PRICE,
      exportApprovalMissing: false,
    });
    // A price without a serial product number is not a sale (the browser's cart is not trusted either).
    expect(
      orderLineTerms({ orderable: true, spn: '  ', price: PRICE }, { exportApproved: false }),
    ).toMatchObject({
      price: null,
    });
  });

  it('says when an export-controlled version lacks the granted request', () => {
    const version = { orderable: true, exportControlled: true };
    expect(orderLineTerms(version, { exportApproved: false })).toMatchObject({ exportApprovalMissing: true });
    expect(orderLineTerms(version, { exportApproved: true })).toMatchObject({ exportApprovalMissing: false });
  });
});

describe('mayApprovePosition', () => {
  it('approves a payable version only on a paid purchase', () => {
    expect(mayApprovePosition({ kind: 'request', paid: false }, true)).toBe(false);
    expect(mayApprovePosition({ kind: 'request', paid: true }, true)).toBe(false);
    expect(mayApprovePosition({ kind: 'purchase', paid: false }, true)).toBe(false);
    expect(mayApprovePosition({ kind: 'purchase', paid: true }, true)).toBe(true);
    expect(mayApprovePosition({ kind: 'request', paid: false }, false)).toBe(true);
  });
});
