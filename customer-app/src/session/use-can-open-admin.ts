import { ADMIN_CONSOLE_ROLES, hasAnyRouteRole } from '@portal/resources';
import { useCurrentUser } from './current-user';
import { useSessionUser } from './use-session-user';

/** Who sees the Admin link (spec product §2.4): admins and company space admins. */
export function useCanOpenAdmin(): boolean {
  const sessionUser = useSessionUser();
  const { data: user } = useCurrentUser();
  return sessionUser !== null && user !== undefined && hasAnyRouteRole(user, ADMIN_CONSOLE_ROLES);
}
