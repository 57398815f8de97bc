import type { Price } from '@portal/resources';
import { useFieldValue } from 'react-admin';

/** A price in its currency, from integer cents (`{ amountCents: 1999, currency: 'EUR' }` → €19.99). */
export function formatPrice(price: Price | null | undefined): string {
  if (!price) return '—';
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).format(
      price.amountCents / 100,
    );
  } catch {
    // An unknown currency code still reads plainly.
    return `${(price.amountCents / 100).toFixed(2)} ${price.currency}`;
  }
}

/** A record's price field (an order's total). */
export function PriceField({ source }: { source: string; label?: string }) {
  const value = useFieldValue({ source }) as Price | null | undefined;
  return <span>{formatPrice(value)}</span>;
}
