import type { ApiClient, ApiRequestOptions } from '@portal/data-provider';
import type { User } from '@portal/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePortal } from '../lib/portal-context';
import { useSessionUser } from './use-session-user';

export const currentUserQueryKey = ['users', 'me'] as const;

/** `GET users/me`; the query options own the key so loaders and hooks share one cache entry. */
export function currentUserQuery(api: ApiClient, options?: ApiRequestOptions) {
  return queryOptions<User>({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => api.getCurrentUser({ ...options, signal }),
  });
}

/** The portal's view of the signed-in user; idle while nobody is signed in. */
export function useCurrentUser() {
  const { api } = usePortal();
  const sessionUser = useSessionUser();
  return useQuery({ ...currentUserQuery(api), enabled: sessionUser !== null });
}
