import { createApiClient } from '@portal/data-provider';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShellCache, shellCacheOf, useShellQuery } from './shell-cache';

/** A request the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the shell cache (users/me, flags, maintenance without TanStack Query)', () => {
  it('shares one request between callers, then answers from the cache', async () => {
    const cache = new ShellCache();
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const first = cache.fetch('k', load);
    const second = cache.fetch('k', load);
    answer.resolve('me');
    await expect(Promise.all([first, second])).resolves.toEqual(['me', 'me']);
    await expect(cache.fetch('k', load)).resolves.toBe('me');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again once the answer is older than staleMs, or when forced', async () => {
    const cache = new ShellCache();
    let n = 0;
    const load = vi.fn(async () => ++n);
    await cache.fetch('k', load);
    await expect(cache.fetch('k', load, { staleMs: 60_000 })).resolves.toBe(1);
    await expect(cache.fetch('k', load, { staleMs: 0 })).resolves.toBe(2);
    await expect(cache.fetch('k', load, { force: true })).resolves.toBe(3);
  });

  it('drops an answer to a request made before clear (a sign-out while users/me was under way)', async () => {
    const cache = new ShellCache();
    const before = deferred<string>();
    const request = cache.fetch('k', () => before.promise);
    cache.clear();
    before.resolve('previous user');
    await request;
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps the last answer beside a failed refresh, and asks again after a failure', async () => {
    const cache = new ShellCache();
    await cache.fetch('k', async () => 'first');
    await expect(cache.fetch('k', () => Promise.reject(new Error('down')), { force: true })).rejects.toThrow(
      'down',
    );
    expect(cache.peek('k')).toMatchObject({ data: 'first', error: new Error('down') });
    await expect(cache.fetch('k', async () => 'again')).resolves.toBe('again');
  });

  it('tells its subscribers of every change', async () => {
    const cache = new ShellCache();
    const listener = vi.fn();
    const unsubscribe = cache.subscribe(listener);
    await cache.fetch('k', async () => 1);
    expect(listener).toHaveBeenCalledTimes(2); // under way, answered
    unsubscribe();
    cache.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('useShellQuery', () => {
  it('asks again for a shown answer the cache forgot (sign-in or sign-out)', async () => {
    const api = createApiClient({ baseUrl: 'http://portal.test/api/v1', getAccessToken: () => null });
    let n = 0;
    const load = vi.fn(async () => ++n);
    const { result } = renderHook(() => useShellQuery(api, 'maintenance', load));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => shellCacheOf(api).clear());
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
