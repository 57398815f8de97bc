import { paths } from '../../paths';
import { usePortal } from '../../lib/portal-context';

/**
 * Signs in again: the verified state travels in the token, so only a fresh sign-in (no password while the
 * provider's session lasts) brings it (spec §6: verify the email and log in again).
 */
export function useVerificationRecheck() {
  const { session } = usePortal();
  return () => void session.signIn({ redirectTo: paths.myProjects });
}
