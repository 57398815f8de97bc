import { MESSAGES } from '@portal/resources';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { callbackErrorPath, isAdminPath, paths } from '../../paths';
import { currentUserQuery } from '../../session/current-user';
import type { GuardDeps } from '../../session/guards';

export const FAILED_TO_FETCH_USER = MESSAGES.failedToFetchUser;

/**
 * /auth/callback (spec calls-auth-errors §4): completes the sign-in with the manager of the
 * stored type, loads users/me and goes to the stored target. Every exit replaces the history
 * entry, so the used `?code=` never stays behind the Back button.
 */
export function authCallbackLoader({ session, api, queryClient }: GuardDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const providerError = url.searchParams.get('error');
    if (providerError) {
      return replace(
        callbackErrorPath(providerError, url.searchParams.get('error_description') ?? undefined),
      );
    }
    if (!url.searchParams.has('code')) {
      // Reached without a sign-in answer, e.g. through Back.
      return replace(session.isAuthenticated() ? paths.myProjects : paths.welcome);
    }

    let target: string;
    try {
      target = await session.handleCallback(request.url);
    } catch (error) {
      return replace(callbackErrorPath('sign_in_failed', error instanceof Error ? error.message : undefined));
    }

    try {
      await queryClient.fetchQuery(currentUserQuery(api, { handleUnauthorized: false }));
    } catch (cause) {
      await session.clear({ error: new Error(FAILED_TO_FETCH_USER, { cause }) });
      return replace(callbackErrorPath('user_fetch_failed', FAILED_TO_FETCH_USER));
    }

    if (isAdminPath(target)) {
      // The admin console is another app: strip the code from this entry, then load the console.
      window.history.replaceState(window.history.state, '', paths.authCallback);
      window.location.assign(target);
      return new Promise<never>(() => {});
    }
    return replace(target);
  };
}
