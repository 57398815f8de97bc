import type { ApiClient, ApiRequestOptions } from '@portal/data-provider';
import type { User } from '@portal/resources';
import { useCallback } from 'react';
import { usePortal } from '../lib/portal-context';
import { shellCacheOf, useShellQuery, type ShellQueryResult } from './shell-cache';
import { useSessionUser } from './use-session-user';

const CURRENT_USER_KEY = 'users/me';

/**
 * `GET users/me`, one request shared by the guards, the header and the pages (the shell's cache). `fresh`
 * forgets every answer first: a new sign-in may be another user, or the same one verified or stepped up.
 */
export function fetchCurrentUser(
  api: ApiClient,
  { fresh = false, ...options }: ApiRequestOptions & { fresh?: boolean } = {},
): Promise<User> {
  const cache = shellCacheOf(api);
  if (fresh) cache.clear();
  return cache.fetch(CURRENT_USER_KEY, () => api.getCurrentUser(options));
}

/** The portal's view of the signed-in user; idle while nobody is signed in. */
export function useCurrentUser(): ShellQueryResult<User> {
  const { api } = usePortal();
  const sessionUser = useSessionUser();
  const load = useCallback(() => api.getCurrentUser(), [api]);
  return useShellQuery(api, CURRENT_USER_KEY, load, { enabled: sessionUser !== null });
}
