import { useCallback, useSyncExternalStore } from 'react';

// Test DOMs (jsdom) have no matchMedia: nothing matches there.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

/** Whether a media query matches now, re-rendering when that changes (MUI's `useMediaQuery` without MUI). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      // Safari before 14 has only the older listener methods.
      if (list.addEventListener) list.addEventListener('change', onChange);
      else list.addListener(onChange);
      return () => {
        if (list.removeEventListener) list.removeEventListener('change', onChange);
        else list.removeListener(onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}
