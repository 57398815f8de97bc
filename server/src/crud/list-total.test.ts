import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { COUNT_TTL_MS } from './count-cache.js';
import { EXACT_COUNT_LIMIT, LONG_TOTAL_STALE_MS, knownLongTotal, listTotal } from './list-total.js';

afterEach(() => vi.useRealTimers());

describe('the count policy of a long list', () => {
  it('answers its expired total while one caller counts again, then forgets it when the list became short', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    // The policy keeps its totals per database; this one is only a key.
    const db = {} as Database;
    let rows = EXACT_COUNT_LIMIT * 2;
    const counts = { count: 0, beyond: 0 };
    const options = {
      key: 'list',
      count: async () => (counts.count++, Math.min(rows, EXACT_COUNT_LIMIT + 1)),
      beyond: async () => (counts.beyond++, rows),
    };
    expect(await listTotal(db, options)).toEqual({ total: rows, estimated: true });
    expect(counts).toEqual({ count: 1, beyond: 1 });

    rows = EXACT_COUNT_LIMIT - 1;
    vi.setSystemTime(COUNT_TTL_MS + 1);
    const answers = await Promise.all([listTotal(db, options), listTotal(db, options)]);
    expect(answers).toEqual([
      { total: EXACT_COUNT_LIMIT * 2, estimated: true },
      { total: EXACT_COUNT_LIMIT * 2, estimated: true },
    ]);
    expect(counts.beyond).toBe(2);
    await vi.waitFor(() => expect(knownLongTotal(db, 'list')).toBeUndefined());
    expect(await listTotal(db, options)).toEqual({ total: EXACT_COUNT_LIMIT - 1, estimated: false });
    expect(counts.count).toBe(2);
  });

  it('counts before it answers once its total is older than the stale bound', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const db = {} as Database;
    let rows = EXACT_COUNT_LIMIT * 2;
    const options = {
      key: 'list',
      count: async () => Math.min(rows, EXACT_COUNT_LIMIT + 1),
      beyond: async () => rows,
    };
    await listTotal(db, options);
    rows += 5;
    vi.setSystemTime(LONG_TOTAL_STALE_MS + 1);
    expect(await listTotal(db, options)).toEqual({ total: rows, estimated: true });
  });

  it("takes a page's own short count as exact over a kept total, and forgets the kept one", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const db = {} as Database;
    const options = {
      key: 'list',
      count: async () => EXACT_COUNT_LIMIT + 1,
      beyond: async () => EXACT_COUNT_LIMIT * 2,
    };
    expect(await listTotal(db, options)).toEqual({ total: EXACT_COUNT_LIMIT * 2, estimated: true });
    expect(knownLongTotal(db, 'list')).toBe(EXACT_COUNT_LIMIT * 2);
    expect(await listTotal(db, { ...options, counted: 12 })).toEqual({ total: 12, estimated: false });
    expect(knownLongTotal(db, 'list')).toBeUndefined();
  });
});
