import { describe, expect, it } from 'vitest';
import { COUNT_TTL_MS, CountCache } from './count-cache.js';

/** A count the test finishes when it chooses, counting how often it was started. */
function heldCount() {
  let calls = 0;
  const pending: { resolve: (total: number) => void; reject: (error: Error) => void }[] = [];
  const count = () => {
    calls += 1;
    return new Promise<number>((resolve, reject) => void pending.push({ resolve, reject }));
  };
  return { count, calls: () => calls, pending };
}

describe('CountCache single flight', () => {
  it('lets one of many concurrent callers count, when empty and again when the total expires', async () => {
    let now = 0;
    const cache = new CountCache(() => now);
    const held = heldCount();

    const first = Array.from({ length: 20 }, () => cache.total('filter', held.count));
    expect(held.calls()).toBe(1);
    held.pending[0]!.resolve(42);
    expect(await Promise.all(first)).toEqual(Array(20).fill(42));

    // Fresh: nobody counts.
    expect(await cache.total('filter', held.count)).toBe(42);
    expect(held.calls()).toBe(1);

    now += COUNT_TTL_MS + 1;
    const second = Array.from({ length: 20 }, () => cache.total('filter', held.count));
    expect(held.calls()).toBe(2);
    held.pending[1]!.resolve(43);
    expect(await Promise.all(second)).toEqual(Array(20).fill(43));
    expect(await cache.total('filter', held.count)).toBe(43);
    expect(held.calls()).toBe(2);
  });

  it('counts each filter on its own', async () => {
    const cache = new CountCache(() => 0);
    const held = heldCount();
    const a = cache.total('a', held.count);
    const b = cache.total('b', held.count);
    expect(held.calls()).toBe(2);
    held.pending[0]!.resolve(1);
    held.pending[1]!.resolve(2);
    expect([await a, await b]).toEqual([1, 2]);
  });

  it('hands a failed count to every waiter and keeps nothing, so the next caller counts again', async () => {
    const cache = new CountCache(() => 0);
    const held = heldCount();
    const waiting = [cache.total('filter', held.count), cache.total('filter', held.count)];
    held.pending[0]!.reject(new Error('connection lost'));
    for (const caller of waiting) await expect(caller).rejects.toThrow('connection lost');

    const retried = cache.total('filter', held.count);
    expect(held.calls()).toBe(2);
    held.pending[1]!.resolve(7);
    expect(await retried).toBe(7);
  });

  it('does not keep a total counted across a write (clear), and counts afresh after it', async () => {
    const cache = new CountCache(() => 0);
    const held = heldCount();
    const before = cache.total('filter', held.count);
    cache.clear();
    const after = cache.total('filter', held.count);
    expect(held.calls()).toBe(2);
    // The count after the write ends first; the older one, ending last, must not overwrite it.
    held.pending[1]!.resolve(6);
    expect(await after).toBe(6);
    held.pending[0]!.resolve(5);
    expect(await before).toBe(5);
    expect(await cache.total('filter', held.count)).toBe(6);
    expect(held.calls()).toBe(2);
  });
});
