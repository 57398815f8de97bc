import type { ApiClient } from '@portal/data-provider';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

interface Entry {
  data?: unknown;
  error?: unknown;
  /** The request under way; every caller shares it. */
  request?: Promise<unknown>;
  updatedAt: number;
}

/** What a shell hook answers: the shape of a query result the pages already read. */
export type ShellQueryResult<T> = { refetch: () => Promise<T> } & (
  | { data: T; error: undefined; isPending: false; isError: false }
  | { data: T | undefined; error: unknown; isPending: false; isError: true }
  | { data: undefined; error: undefined; isPending: true; isError: false }
);

/**
 * The answers the shell needs on every page (user, feature flags, maintenance notice) without TanStack Query, which
 * stays off first loads that need no query (issue 20). TypeScript-private members: see QueryClientLoader.
 */
export class ShellCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  /** Bumped by `clear`: an answer to a request made before it is dropped. */
  private generation = 0;

  peek(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  /** The cached answer while younger than `staleMs`, else one request shared by every caller. */
  fetch<T>(key: string, load: () => Promise<T>, { staleMs = Infinity, force = false } = {}): Promise<T> {
    const entry = this.entries.get(key);
    if (entry?.request) return entry.request as Promise<T>;
    if (!force && entry && entry.error === undefined && Date.now() - entry.updatedAt < staleMs) {
      return Promise.resolve(entry.data as T);
    }
    const generation = this.generation;
    const settle = (next: Omit<Entry, 'updatedAt'>) => {
      if (generation !== this.generation) return;
      this.set(key, { ...next, updatedAt: Date.now() });
    };
    const request = load().then(
      (data) => {
        settle({ data });
        return data;
      },
      (error: unknown) => {
        // A failed refresh keeps what was shown (as a query keeps its data).
        settle({ data: this.entries.get(key)?.data, error });
        throw error;
      },
    );
    this.set(key, { ...entry, updatedAt: entry?.updatedAt ?? 0, request });
    return request;
  }

  /** Forgets every answer, and any request under way (logout, or another user signing in). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.notify();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const caches = new WeakMap<ApiClient, ShellCache>();

/** The shell's answers belong to the API client (and so the portal) they came from. */
export function shellCacheOf(api: ApiClient): ShellCache {
  let cache = caches.get(api);
  if (!cache) {
    cache = new ShellCache();
    caches.set(api, cache);
  }
  return cache;
}

const notAsked = () => undefined;

/**
 * One shell answer in a component: fetched when first shown, and again once older than `staleMs` when the
 * component shows anew or the tab comes back into view (as the query cache did for these before).
 */
export function useShellQuery<T>(
  api: ApiClient,
  key: string,
  load: () => Promise<T>,
  { enabled = true, staleMs = 60_000 }: { enabled?: boolean; staleMs?: number } = {},
): ShellQueryResult<T> {
  const cache = shellCacheOf(api);
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // Not asked on the server: a server-rendered page hydrates without the answer, which fills in after.
  const entry = useSyncExternalStore(subscribe, () => cache.peek(key), notAsked);
  const refetch = useCallback(() => cache.fetch(key, load, { force: true }), [cache, key, load]);

  // Asked again when the answer is gone: a sign-in or sign-out cleared the cache under a shown banner.
  const missing = entry === undefined;
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') cache.fetch(key, load, { staleMs }).catch(() => {});
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [cache, enabled, key, load, staleMs, missing]);

  // An answer left from before `clear` is not shown; an error only while no request is retrying it.
  const error = entry?.request ? undefined : entry?.error;
  const data = entry?.data as T | undefined;
  if (error !== undefined) return { data, error, isPending: false, isError: true, refetch };
  if (data === undefined) return { data: undefined, error, isPending: true, isError: false, refetch };
  return { data, error, isPending: false, isError: false, refetch };
}
