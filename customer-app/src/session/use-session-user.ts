import type { SessionUser } from '@portal/data-provider';
import { useCallback, useSyncExternalStore } from 'react';
import { usePortal } from '../lib/portal-context';

const anonymous = () => null;

/** The signed-in OIDC user (MFA user first), or null; re-renders on sign-in, renewal and logout. */
export function useSessionUser(): SessionUser | null {
  const { session } = usePortal();
  const subscribe = useCallback((onChange: () => void) => session.subscribe(onChange), [session]);
  // The server renders the anonymous visitor, and hydration starts from the same; the user fills in after.
  return useSyncExternalStore(subscribe, () => session.getActiveUser(), anonymous);
}
