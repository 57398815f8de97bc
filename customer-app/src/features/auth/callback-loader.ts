import { SignInError } from '@portal/data-provider';
import { replace, type LoaderFunctionArgs } from 'react-router';
import { callbackErrorPath, isAdminPath, paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';

/** The callback's page, loaded with its loader. */
export { SigningIn } from './signing-in';

/**
 * /auth/callback (spec calls-auth-errors §4): the session completes the sign-in with the manager of the stored
 * type, loads users/me and answers the stored target. Every exit replaces the history entry, so the used `?code=`
 * never stays behind the Back button.
 */
export function authCallbackLoader({ session }: Pick<GuardDeps, 'session'>) {
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
      if (error instanceof SignInError && error.code === 'user_fetch_failed') {
        return replace(callbackErrorPath('user_fetch_failed', error.message));
      }
      return replace(callbackErrorPath('sign_in_failed', error instanceof Error ? error.message : undefined));
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
