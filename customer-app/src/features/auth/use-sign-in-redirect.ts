import { DEFAULT_REDIRECT_AFTER_LOGIN, toSafeRedirectTarget } from '@portal/data-provider';
import { isVerified } from '@portal/resources';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePortal } from '../../lib/portal-context';
import { isAdminPath, type LoginQuery } from '../../paths';

/**
 * Starts the sign-in redirect once (StrictMode runs effects twice) and exposes its failure.
 * Someone already signed in with what they ask for goes straight to the target; an unverified user signs in
 * again, since only a fresh token carries the verified address.
 */
export function useSignInRedirect({ redirectTo, mfa = false, register = false }: LoginQuery) {
  const { session } = usePortal();
  const navigate = useNavigate();
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const startedAttempt = useRef(-1);

  useEffect(() => {
    if (startedAttempt.current === attempt) return;
    startedAttempt.current = attempt;

    const verified = isVerified(session.getActiveUser()?.profile.email_verified);
    const satisfied = verified && (mfa ? session.isMfa() : session.isAuthenticated() && !register);
    if (satisfied) {
      const target = toSafeRedirectTarget(redirectTo ?? DEFAULT_REDIRECT_AFTER_LOGIN);
      if (isAdminPath(target)) window.location.assign(target);
      else void navigate(target, { replace: true });
      return;
    }
    session.signIn({ redirectTo, mfa, register }).catch((cause: unknown) => {
      setError(cause instanceof Error ? cause : new Error(String(cause)));
    });
  }, [attempt, session, navigate, redirectTo, mfa, register]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((previous) => previous + 1);
  }, []);

  return { error, retry };
}
