import { lazy, type ComponentType } from 'react';
import { pagesQueryClientReady } from './query-client-loader';

export const RELOAD_FLAG = 'portal:reloaded-after-chunk-error';

/**
 * A page's code that did not load, typically because a new release replaced the hashed files. The first time,
 * the error page reloads the browser at the page asked for (spec product §2.5); a second failure in a row shows
 * the error instead of reloading for ever.
 */
export class PageLoadFailure extends Error {
  constructor(
    readonly reload: boolean,
    options: { cause: unknown },
  ) {
    super('A part of the portal could not be loaded. Check your connection and reload the page.', options);
    this.name = 'PageLoadFailure';
  }
}

/** Whether this is the first failure since the last page that loaded; remembers it in session storage. */
function firstFailure(storage: Storage): boolean {
  if (storage.getItem(RELOAD_FLAG) !== null) return false;
  storage.setItem(RELOAD_FLAG, '1');
  return true;
}

/**
 * Code a navigation needs (a page, a feature's route table): a failure becomes a PageLoadFailure, once (an inner
 * load's failure passes through as it is).
 */
export async function loadForNavigation<M>(load: () => Promise<M>, storage?: Storage): Promise<M> {
  // The server (src/entry-server.tsx) has no session storage and no reload to offer.
  const flags = storage ?? (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  try {
    const module = await load();
    flags?.removeItem(RELOAD_FLAG);
    return module;
  } catch (cause) {
    if (cause instanceof PageLoadFailure) throw cause;
    throw new PageLoadFailure(flags !== undefined && firstFailure(flags), { cause });
  }
}

/** A route `lazy` function for a page module; the page renders once the query client it may use is there. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { storage }: { storage?: Storage } = {},
) {
  return async (): Promise<{ Component: ComponentType }> => {
    const [module] = await loadForNavigation(() => Promise.all([load(), pagesQueryClientReady()]), storage);
    return { Component: pick(module) };
  };
}

/**
 * `React.lazy` for a part of the layout (a menu, a dialog): no navigation is under way, so the first failure
 * reloads the page where it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  { storage, reload = () => window.location.reload() }: { storage?: Storage; reload?: () => void } = {},
) {
  return lazy<T>(() =>
    load().catch((cause: unknown): Promise<never> => {
      if (!firstFailure(storage ?? sessionStorage)) throw new PageLoadFailure(false, { cause });
      reload();
      return new Promise<never>(() => {});
    }),
  );
}
