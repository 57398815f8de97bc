import { describe, expect, it } from 'vitest';
import { cartKeys } from '@portal/resources';
import { cartOf } from '../bench/catalogue-fill.js';
import { catalogueSizeAt } from '../bench/fill.js';

/** The checkout bench's carts: a repeated cart is answered again from its first checkout, a far cheaper path. */
describe('the checkout bench cart', () => {
  // The checkout's own key of a cart (its idempotency key is made of these).
  const cartKey = (cart: ReturnType<typeof cartOf>) => JSON.stringify(cartKeys(cart.entries));

  it.each([0.01, 0.1, 1])('never repeats within 20,000 calls at scale %s', (scale) => {
    const size = catalogueSizeAt(scale);
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(cartKey(cartOf(i, size)));
    expect(seen.size).toBe(20_000);
  });

  it('holds 10 payable and 10 free versions of 20 different tools that exist', () => {
    const size = catalogueSizeAt(0.01);
    for (const i of [0, 9, 10, 123, 19_999]) {
      const { entries } = cartOf(i, size);
      const tools = entries.map((entry) => Number(entry.item.featureId.replace('bench-tool-', '')));
      expect(new Set(tools).size).toBe(20);
      expect(tools.every((tool) => tool >= 1 && tool <= size.tools)).toBe(true);
      const payable = entries.filter((entry) => entry.package.version === `${size.versionsPerTool}.0.0`);
      expect(payable).toHaveLength(10);
      const versions = entries.map((entry) => Number(entry.package.version.split('.')[0]));
      expect(versions.every((version) => version >= 1 && version <= size.versionsPerTool)).toBe(true);
    }
  });
});
