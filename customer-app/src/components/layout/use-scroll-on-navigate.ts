import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Navigation scrolls smoothly to the top, or to the element the hash names (spec product §2.4), and moves the
 * keyboard focus to the new page's content. Back and forward restore where the page was left.
 */
export function useScrollOnNavigate(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // Remember where the page being left was scrolled to.
  useLayoutEffect(() => {
    const key = location.key;
    const saved = positions.current;
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key]);

  useEffect(() => {
    const firstLoad = previousPath.current === null;
    const pathChanged = previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';

    const saved = positions.current.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved });
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ behavior, block: 'start' });
      return;
    }
    if (firstLoad || !pathChanged) return;
    window.scrollTo({ top: 0, behavior });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.key, location.pathname, location.hash, navigationType]);
}
