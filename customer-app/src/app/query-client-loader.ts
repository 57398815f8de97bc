import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client, created on first use, so TanStack Query loads with the first page that queries, not with the
 * shell (issue 20). TypeScript-private members: lowered `#private` fields would weigh on every first page.
 */
export class QueryClientLoader {
  private client: QueryClient | undefined;
  private loading: Promise<QueryClient> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly create: () => Promise<QueryClient>) {}

  /** The client once loaded, else undefined. */
  readonly current = (): QueryClient | undefined => this.client;

  readonly load = (): Promise<QueryClient> => {
    this.loading ??= this.create().then(
      (client) => {
        // Mounted for the app's lifetime: refetch on focus and reconnect, as QueryClientProvider would.
        client.mount();
        this.client = client;
        for (const listener of this.listeners) listener();
        return client;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** A loader over a client that exists already (tests). */
export const loadedQueryClient = (client: QueryClient) =>
  new QueryClientLoader(() => Promise.resolve(client));

let pagesLoader: QueryClientLoader | undefined;

/** The portal's loader, which every lazily loaded page waits for (`lazyPage`): pages render inside the client. */
export function setPagesQueryClient(loader: QueryClientLoader | undefined): void {
  pagesLoader = loader;
}

export function pagesQueryClientReady(): Promise<unknown> {
  return pagesLoader?.load() ?? Promise.resolve();
}
