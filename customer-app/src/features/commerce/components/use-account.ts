import { isVerified } from '@portal/resources';
import { useCurrentUser } from '../../../session/current-user';
import { useSessionUser } from '../../../session/use-session-user';

export interface Account {
  signedIn: boolean;
  /** Verified email (spec §5); unknown (false) until the user is known. */
  verified: boolean;
  user: ReturnType<typeof useCurrentUser>['data'];
}

/** Who is using the page: anonymous, signed in, verified. Buying and requesting need all of it (spec §6). */
export function useAccount(): Account {
  const sessionUser = useSessionUser();
  const { data: user } = useCurrentUser();
  const signedIn = sessionUser !== null;
  const verified =
    signedIn && (user ? isVerified(user.emailVerified) : isVerified(sessionUser.profile.email_verified));
  return { signedIn, verified, user };
}
