import { ApiError, type ApiClient, type Session } from '@portal/data-provider';
import { Role, hasAnyRouteRole, hasRole, isVerified, type RouteRole, type User } from '@portal/resources';
import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { key, type NotificationStore } from '../notifications/notification-store';
import { notifyError } from '../notifications/notify-error';
import { statusTitleKey } from '../notifications/status-title';
import { browserOutdatedPath, internalUseOnlyPath, loginPath, pathWithSearch, paths } from '../paths';
import type { QueryClientLoader } from '../app/query-client-loader';
import { fetchCurrentUser } from './current-user';
import { mustShowOutdatedBrowserPage } from './outdated-browser';

export interface GuardDeps {
  session: Session;
  api: ApiClient;
  /** The query client, loaded by the route loaders that start a page's queries. */
  queryClient: QueryClientLoader;
  notifications: NotificationStore;
  /**
   * The page a navigation is leaving (path, query and hash), or null on the first load. A guard that
   * "aborts the navigation" sends the browser back there.
   */
  leavingLocation: () => string | null;
  /** The browser's user agent and session storage; injectable for tests. */
  userAgent?: string;
  sessionStorage?: Storage;
}

const requestPath = (request: Request) => pathWithSearch(new URL(request.url));

/**
 * Spec product §2.5: anonymous visitors go to login with redirectTo, unverified users to /user-not-verified.
 * Answers the portal's user (users/me, shared with the header and the pages through the shell's cache).
 */
async function ensureVerifiedUser(
  { session, api }: Pick<GuardDeps, 'session' | 'api'>,
  request: Request,
): Promise<User> {
  if (!session.isAuthenticated()) {
    throw redirect(loginPath({ redirectTo: requestPath(request) }));
  }
  const user = await fetchCurrentUser(api);
  if (!isVerified(user.emailVerified)) throw redirect(paths.userNotVerified);
  return user;
}

/** Loader of the signed-in routes. */
export function requireVerifiedUser(deps: GuardDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    await ensureVerifiedUser(deps, request);
    return null;
  };
}

/**
 * The role guard of spec §2.5: admitted when any required route role matches any of the user's roles; otherwise
 * forbidden, or the internal-use-only page (§2.4) for a route marked for internal users alone.
 */
export function requireRouteRoles(deps: GuardDeps, roles: readonly RouteRole[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await ensureVerifiedUser(deps, request);
    if (hasAnyRouteRole(user, roles)) return null;
    const internalOnly = roles.every((role) => role === 'INTERNAL_USER');
    throw redirect(internalOnly ? internalUseOnlyPath(requestPath(request)) : paths.forbidden);
  };
}

/**
 * Root loader: users of an outdated browser (MSIE/Trident) see /browser-outdated first, unless they chose to
 * continue this session (`useOutdatedBrowser`).
 */
export function outdatedBrowserGuard(deps: GuardDeps) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (url.pathname === paths.browserOutdated) return null;
    const userAgent = deps.userAgent ?? navigator.userAgent;
    if (mustShowOutdatedBrowserPage(userAgent, deps.sessionStorage ?? sessionStorage)) {
      throw replace(browserOutdatedPath(pathWithSearch(url)));
    }
    return null;
  };
}

export type SecureResource = 'project' | 'invitation';

/**
 * The secure guard of spec product §2.5 for projects and invitations (README, "Guards"): a secure one needs the
 * multi-factor sign-in, so a promoted user steps up and anyone else gets the 403 notice.
 */
export function requireSecureAccess(deps: GuardDeps, resource: SecureResource) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const user = await ensureVerifiedUser(deps, request);
    const id = (resource === 'project' ? params.uid : params.invitationUuid) ?? '';
    let secure: boolean;
    try {
      secure =
        resource === 'project' ? await deps.api.isProjectSecure(id) : await deps.api.isInvitationSecure(id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) throw redirect(paths.forbidden);
      if (error instanceof ApiError && error.status === 404) throw redirect(paths.notFound);
      throw await abortNavigation(deps, error);
    }
    if (!secure || deps.session.isMfa()) return null;
    if (hasRole(user, Role.PromotedUser)) {
      throw redirect(loginPath({ mfa: true, redirectTo: requestPath(request) }));
    }
    deps.notifications.notify({
      kind: 'error',
      title: key(statusTitleKey(403)),
      message: key('errorCode.forbidden'),
    });
    throw redirect(paths.forbidden);
  };
}

/**
 * "Aborts the navigation": the error is told in a notification and the browser stays on the page it was
 * leaving. On the first load there is no such page, so the error page shows it.
 */
async function abortNavigation(deps: GuardDeps, error: unknown): Promise<unknown> {
  const leaving = deps.leavingLocation();
  if (leaving === null) return error;
  await notifyError(deps.notifications, error);
  return replace(leaving);
}
