import { CART_STORAGE_KEY, cartEntryKey, type CustomBundle } from '@portal/resources';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCartCount } from '../../../components/layout/use-cart-count';
import { makeBundle, makeTool, makeVersion } from '../test-data';
import { bundleEntry, customBundleEntry, toolEntry } from './cart-entries';
import { CART_CHANGED_EVENT, CartStore, browserCart } from './cart-store';
import { settleCart } from './settle-cart';
import { useCart } from './use-cart';

const free = makeVersion({ version: '3.0.0' });
const paid = makeVersion({
  version: '4.0.0',
  spn: 'SPN-MCL-400',
  price: { amountCents: 49_900, currency: 'EUR' },
});
const flashProgrammer = makeTool({ versions: { '3.0.0': free } });
const motorLibrary = makeTool({
  featureId: 'nx-motor-control-lib',
  name: 'NX Motor Control Library',
  versions: { '4.0.0': paid },
});
const custom: CustomBundle = {
  uuid: '6a0f5d7e-2a41-4c36-9a3e-0c8f1f8d2b10',
  name: 'My lab setup',
  tools: [],
  toolFeatureIds: ['nx-flash-programmer'],
  featureQuestionsMap: {},
  toolQuestionnaires: {},
};

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[];

describe('the cart store (spec product §4)', () => {
  it('adds tools, bundles and custom bundles to local storage under the key cart', () => {
    const cart = new CartStore(localStorage, new EventTarget());
    expect(cart.add(toolEntry(flashProgrammer, free))).toBe(true);
    expect(cart.add(bundleEntry(makeBundle(), ['nx-flash-programmer']))).toBe(true);
    expect(cart.add(customBundleEntry(custom))).toBe(true);

    expect(stored()).toHaveLength(3);
    expect(cart.getSnapshot().map((entry) => entry.type)).toEqual(['tool', 'bundle', 'custom-bundle']);
    expect(stored()[0]).toMatchObject({ type: 'tool', item: { featureId: 'nx-flash-programmer' } });
  });

  it('ignores an entry whose unique key is already in the cart', () => {
    const cart = new CartStore(localStorage, new EventTarget());
    cart.add(toolEntry(flashProgrammer, free));
    const snapshot = cart.getSnapshot();

    expect(cart.add(toolEntry(flashProgrammer, free))).toBe(false);
    expect(cart.add(bundleEntry(makeBundle(), []))).toBe(true);
    // The same bundle with other features picked has the same key (its uuid).
    expect(cart.add(bundleEntry(makeBundle(), ['nx-flash-programmer']))).toBe(false);
    // A custom bundle is known by its name.
    expect(cart.add(customBundleEntry(custom))).toBe(true);
    expect(cart.add(customBundleEntry({ ...custom, uuid: 'another' }))).toBe(false);

    expect(stored()).toHaveLength(3);
    expect(cart.getSnapshot()).not.toBe(snapshot);
    // Another version of the same tool is another entry.
    expect(cart.add(toolEntry(flashProgrammer, makeVersion({ version: '2.4.1' })))).toBe(true);
  });

  it('removes one entry, clears a category or the whole cart', () => {
    const cart = new CartStore(localStorage, new EventTarget());
    cart.add(toolEntry(flashProgrammer, free));
    cart.add(toolEntry(motorLibrary, paid));
    cart.add(bundleEntry(makeBundle(), []));

    cart.clearCategory('payable');
    expect(cart.getSnapshot().map(cartEntryKey)).toEqual([
      cartEntryKey(toolEntry(flashProgrammer, free)),
      cartEntryKey(bundleEntry(makeBundle(), [])),
    ]);

    cart.add(toolEntry(motorLibrary, paid));
    cart.clearCategory('non-payable');
    expect(cart.getSnapshot().map((entry) => entry.type === 'tool' && entry.item.featureId)).toEqual([
      'nx-motor-control-lib',
    ]);

    cart.add(bundleEntry(makeBundle(), []));
    cart.remove(bundleEntry(makeBundle(), []));
    expect(cart.getSnapshot()).toHaveLength(1);

    cart.clear();
    expect(cart.getSnapshot()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('removes the entries a checkout took, optionally only some of them', () => {
    const cart = new CartStore(localStorage, new EventTarget());
    const request = toolEntry(flashProgrammer, free);
    const purchase = toolEntry(motorLibrary, paid);
    cart.add(request);
    cart.add(purchase);
    cart.add(bundleEntry(makeBundle(), []));

    cart.removeKeys(
      [cartEntryKey(request), cartEntryKey(purchase)],
      (entry) => entry.type !== 'tool' || !entry.package.spn,
    );
    expect(cart.getSnapshot().map(cartEntryKey)).toEqual([
      cartEntryKey(purchase),
      cartEntryKey(bundleEntry(makeBundle(), [])),
    ]);
  });

  it('settles after a checkout: requested entries leave at once, paid ones once the payment completed', () => {
    const cart = new CartStore(localStorage, new EventTarget());
    const request = toolEntry(flashProgrammer, free);
    const purchase = toolEntry(motorLibrary, paid);
    const other = bundleEntry(makeBundle(), []);
    [request, purchase, other].forEach((entry) => cart.add(entry));
    const entryKeys = [cartEntryKey(request), cartEntryKey(purchase)];

    settleCart(cart, { entryKeys, status: 'started' });
    expect(cart.getSnapshot().map(cartEntryKey)).toEqual([cartEntryKey(purchase), cartEntryKey(other)]);
    settleCart(cart, { entryKeys, status: 'failed' });
    expect(cart.getSnapshot()).toHaveLength(2);
    settleCart(cart, { entryKeys, status: 'completed' });
    expect(cart.getSnapshot().map(cartEntryKey)).toEqual([cartEntryKey(other)]);
  });

  it('leaves out stored values it cannot key, and survives text that is not JSON', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ type: 'bundle' }, 'text', null, { type: 'unknown' }, bundleEntry(makeBundle(), [])]),
    );
    const cart = new CartStore(localStorage, new EventTarget());
    expect(cart.getSnapshot()).toHaveLength(1);

    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(cart.getSnapshot()).toEqual([]);
    expect(cart.add(bundleEntry(makeBundle(), []))).toBe(true);
    expect(stored()).toHaveLength(1);
  });

  it('tells its subscribers about its own writes and about other tabs (storage events)', () => {
    const events = new EventTarget();
    const cart = new CartStore(localStorage, events);
    const seen: number[] = [];
    const unsubscribe = cart.subscribe(() => seen.push(cart.getSnapshot().length));

    cart.add(bundleEntry(makeBundle(), []));
    expect(seen).toEqual([1]);

    // Another tab writes the same storage; this tab hears of it through a storage event.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([]));
    events.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    // Another key changing does not concern the cart.
    events.dispatchEvent(new StorageEvent('storage', { key: 'authenticationType' }));
    // The other tab cleared all of local storage.
    events.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(seen).toEqual([1, 0, 0]);

    unsubscribe();
    cart.add(bundleEntry(makeBundle(), []));
    expect(seen).toEqual([1, 0, 0]);
  });

  it('keeps the header count and the cart pages on the same store, in step with other tabs', async () => {
    const count = renderHook(() => useCartCount());
    const entries = renderHook(() => useCart());
    expect(count.result.current).toBe(0);

    act(() => {
      browserCart().add(toolEntry(flashProgrammer, free));
    });
    // The header's count loads the store after its first render (issue 48: the shell stays within its budget).
    await waitFor(() => expect(count.result.current).toBe(1));
    expect(entries.result.current).toHaveLength(1);

    act(() => {
      localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify([toolEntry(flashProgrammer, free), bundleEntry(makeBundle(), [])]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(count.result.current).toBe(2);
    expect(entries.result.current).toHaveLength(2);

    act(() => {
      window.dispatchEvent(new Event(CART_CHANGED_EVENT));
    });
    expect(count.result.current).toBe(2);
  });
});
