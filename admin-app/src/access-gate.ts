import type { PortalAuthProvider, Session } from '@portal/data-provider';
import { ADMIN_CONSOLE_ROLES, hasAnyRouteRole } from '@portal/resources';

export type AdminAccess = 'anonymous' | 'denied' | 'granted';

/**
 * Decided before <Admin> renders (spec product §2.3: /admin is for Admin and Company Space
 * Admin). This mirrors the server for navigation only; the API still refuses others.
 */
export async function resolveAdminAccess(
  session: Pick<Session, 'isAuthenticated'>,
  authProvider: Pick<PortalAuthProvider, 'getPermissions'>,
): Promise<AdminAccess> {
  if (!session.isAuthenticated()) return 'anonymous';
  const roles: string[] = await authProvider.getPermissions({});
  return hasAnyRouteRole({ roles: roles.map((name) => ({ name })) }, ADMIN_CONSOLE_ROLES)
    ? 'granted'
    : 'denied';
}

/** The customer app's login, coming back to the page that was asked for. */
export function loginUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
}
