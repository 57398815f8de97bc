import type { ApiClient, Session } from '@portal/data-provider';
import { isVerified } from '@portal/resources';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath, paths } from '../paths';
import { currentUserQuery } from './current-user';

export interface GuardDeps {
  session: Session;
  api: ApiClient;
  queryClient: QueryClient;
}

/**
 * Loader of the signed-in routes (spec product §2.5): anonymous visitors go to login with
 * redirectTo, unverified users to /user-not-verified. Prefetches users/me for the pages.
 */
export function requireVerifiedUser({ session, api, queryClient }: GuardDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (!session.isAuthenticated()) {
      throw redirect(loginPath({ redirectTo: `${url.pathname}${url.search}` }));
    }
    const user = await queryClient.ensureQueryData(currentUserQuery(api));
    if (!isVerified(user.emailVerified)) {
      throw redirect(paths.userNotVerified);
    }
    return null;
  };
}
