import type { ComponentType } from 'react';

const RELOAD_FLAG = 'portal:reloaded-after-chunk-error';

/**
 * A route `lazy` function for a page module. When the chunk fails to load (typically after a new
 * release replaced the hashed files) the page reloads once to fetch the new index.html.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return { Component: pick(module) };
    } catch (error) {
      if (sessionStorage.getItem(RELOAD_FLAG) === null) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
        // Keep the router waiting while the browser reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    }
  };
}
