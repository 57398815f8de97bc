import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCategory,
  cartEntryKey,
  clearCartCategory,
  removeFromCart,
  splitCart,
  type CartEntryLike,
} from './cart.js';

const tool = (featureId: string, version: string, spn: string | null = null): CartEntryLike => ({
  type: 'tool',
  item: { featureId, uuid: `uuid-${featureId}` },
  package: { version, spn },
});
const bundle = (uuid: string): CartEntryLike => ({ type: 'bundle', item: { uuid, name: 'Bundle' } });
const customBundle = (name: string): CartEntryLike => ({
  type: 'custom-bundle',
  item: { uuid: `uuid-${name}` },
  customBundle: { name },
});

describe('cartEntryKey', () => {
  it.each<[string, CartEntryLike, CartEntryLike, boolean]>([
    ['tools with the same featureId and version', tool('A', '1.0'), tool('A', '1.0', 'SPN'), true],
    ['tools with another version', tool('A', '1.0'), tool('A', '1.1'), false],
    ['tools with another featureId', tool('A', '1.0'), tool('B', '1.0'), false],
    ['a tool whose featureId holds the separator', tool('A","1', '0'), tool('A', '1","0'), false],
    [
      'custom bundles with the same name',
      customBundle('Mine'),
      { ...customBundle('Mine'), item: { uuid: 'other' } },
      true,
    ],
    ['custom bundles with other names', customBundle('Mine'), customBundle('Yours'), false],
    [
      'bundles with the same uuid',
      bundle('u1'),
      { ...bundle('u1'), item: { uuid: 'u1', name: 'Renamed' } },
      true,
    ],
    ['bundles with other uuids', bundle('u1'), bundle('u2'), false],
    ['a custom bundle named like a bundle uuid', customBundle('u1'), bundle('u1'), false],
  ])('%s share a key: %s', (_name, a, b, same) => {
    expect(cartEntryKey(a) === cartEntryKey(b)).toBe(same);
  });

  it('takes the custom bundle name from the item when the entry has no customBundle', () => {
    expect(cartEntryKey({ type: 'custom-bundle', item: { name: 'Mine' } })).toBe(
      cartEntryKey(customBundle('Mine')),
    );
  });

  it.each<[string, CartEntryLike]>([
    ['a tool without featureId', { type: 'tool', item: {}, package: { version: '1.0' } }],
    ['a tool without version', { type: 'tool', item: { featureId: 'A' }, package: null }],
    ['a tool with an empty version', { type: 'tool', item: { featureId: 'A' }, package: { version: '' } }],
    [
      'a custom bundle without name',
      { type: 'custom-bundle', item: { uuid: 'u' }, customBundle: { name: '' } },
    ],
    ['a bundle without uuid', { type: 'bundle', item: { name: 'B' } }],
  ])('refuses %s', (_name, entry) => {
    expect(() => cartEntryKey(entry)).toThrow(TypeError);
  });
});

describe('addToCart', () => {
  it('appends a new entry and leaves the given list alone', () => {
    const cart = [tool('A', '1.0')];
    const entry = bundle('u1');
    const next = addToCart(cart, entry);
    expect(next).toEqual([cart[0], entry]);
    expect(cart).toHaveLength(1);
  });

  it.each<[string, CartEntryLike]>([
    ['the same tool version', tool('A', '1.0', 'SPN')],
    ['the same bundle', bundle('u1')],
    ['the same custom bundle', customBundle('Mine')],
  ])('ignores %s already in the cart and answers the same list', (_name, duplicate) => {
    const cart = [tool('A', '1.0'), bundle('u1'), customBundle('Mine')];
    expect(addToCart(cart, duplicate)).toBe(cart);
  });

  it('adds another version of a tool already in the cart', () => {
    expect(addToCart([tool('A', '1.0')], tool('A', '2.0'))).toHaveLength(2);
  });
});

describe('removeFromCart', () => {
  const cart = [tool('A', '1.0'), tool('A', '2.0'), bundle('u1')];

  it.each<[string, CartEntryLike, number]>([
    ['a tool version by its key', tool('A', '2.0', 'other spn'), 2],
    ['a bundle', bundle('u1'), 2],
    ['nothing for an entry not in the cart', bundle('u9'), 3],
  ])('removes %s', (_name, entry, left) => {
    const next = removeFromCart(cart, entry);
    expect(next).toHaveLength(left);
    expect(next.some((e) => cartEntryKey(e) === cartEntryKey(entry))).toBe(false);
  });
});

describe('cart categories', () => {
  const payable = tool('A', '1.0', 'SPN1');
  const blankSpn = tool('B', '1.0', '  ');
  const noSpn = tool('C', '1.0');
  const aBundle = bundle('u1');
  const aCustomBundle = customBundle('Mine');
  const cart = [blankSpn, payable, aBundle, noSpn, aCustomBundle];

  it.each<[string, CartEntryLike, string]>([
    ['a tool version with a serial product number', payable, 'payable'],
    ['a tool version with a blank serial product number', blankSpn, 'non-payable'],
    ['a tool version without serial product number', noSpn, 'non-payable'],
    ['a bundle', aBundle, 'non-payable'],
    ['a custom bundle', aCustomBundle, 'non-payable'],
  ])('puts %s in %s', (_name, entry, category) => {
    expect(cartCategory(entry)).toBe(category);
  });

  it('splits the cart keeping the cart order', () => {
    expect(splitCart(cart)).toEqual({
      payable: [payable],
      nonPayable: [blankSpn, aBundle, noSpn, aCustomBundle],
    });
    expect(splitCart([])).toEqual({ payable: [], nonPayable: [] });
  });

  it.each([
    ['payable', [blankSpn, aBundle, noSpn, aCustomBundle]],
    ['non-payable', [payable]],
  ] as const)('clears the %s entries only', (category, left) => {
    expect(clearCartCategory(cart, category)).toEqual(left);
  });
});
