import { ApiError, Session, createApiClient, type PortalConfig } from '@portal/data-provider';
import type { HydrationState } from 'react-router';
import type { PortalServices } from '../lib/portal-context';
import { NotificationStore, key } from '../notifications/notification-store';
import { notifyError } from '../notifications/notify-error';
import { keepLogoutNotice, takeLogoutNotice } from '../notifications/pending-notice';
import { paths } from '../paths';
import { fetchCurrentUser } from '../session/current-user';
import { shellCacheOf } from '../session/shell-cache';
import { ToolApiVersionStore } from '../session/tool-api-version';
import { QueryClientLoader, setPagesQueryClient } from './query-client-loader';
import { createAppRouter, type AppRouter } from './router';

export interface Portal {
  services: PortalServices;
  queryClient: QueryClientLoader;
  router: AppRouter;
}

/** Wires session, API client, stores, query cache and router together once the configuration is known. */
export async function createPortal(
  config: PortalConfig,
  { hydrationData }: { hydrationData?: HydrationState } = {},
): Promise<Portal> {
  const notifications = new NotificationStore();
  const toolApiVersion = new ToolApiVersionStore(window.localStorage);
  const queryClient = new QueryClientLoader(() =>
    import('./query-client').then(({ createQueryClient }) => createQueryClient(notifications)),
  );
  setPagesQueryClient(queryClient);
  // Events can arrive before the router exists (an expired sign-in at start-up); they find it here once it does.
  const routerRef: { current?: AppRouter } = {};

  const session = new Session(config, {
    // Spec §4: after the callback (and at start-up for a profile without email) the user comes from the
    // server. A new sign-in may be another user, or the same one verified or stepped up: answers made with
    // the previous token are dropped first.
    loadCurrentUser: async () => {
      await queryClient.current()?.cancelQueries();
      queryClient.current()?.clear();
      return fetchCurrentUser(api, { fresh: true, handleUnauthorized: false });
    },
  });
  const api = createApiClient({
    baseUrl: config.apiUrl,
    getAccessToken: () => session.getAccessToken(),
    // The stored choice as it is: the server decides whether the caller may have it (internal users only).
    getToolApiVersion: () => toolApiVersion.getSnapshot().version,
    onUnauthorized: () => {
      // Spec §4: a 401 goes to the index page. The refused token is of no further use, so drop it.
      void session.clear().then(() => routerRef.current?.navigate(paths.root));
    },
  });

  // Logout resets every state store (spec §4): no cached answer or choice may outlive the user it was for.
  const resetStores = () => {
    queryClient.current()?.clear();
    shellCacheOf(api).clear();
    toolApiVersion.reset();
  };
  session.on('loginCompleted', ({ type }) => {
    notifications.notify({
      kind: 'success',
      title: key(type === 'MFA' ? 'notifications.loggedInMfa' : 'notifications.loggedIn'),
    });
  });
  session.on('loginFailed', ({ error }) => {
    resetStores();
    void notifyError(notifications, error, (notice) => ({
      ...notice,
      title: key('notifications.loginFailed'),
      message: error instanceof ApiError ? notice.title : notice.message,
    }));
  });
  session.on('logoutCompleted', ({ reason }) => {
    resetStores();
    if (reason === 'signedOut') keepLogoutNotice();
    if (reason === 'expired') {
      notifications.notify({ kind: 'warning', title: key('notifications.sessionExpired') });
      // The guards run again: a signed-in page sends the visitor to sign in.
      void routerRef.current?.revalidate();
    }
  });
  session.on('silentRenewError', () => {
    notifications.notify({ kind: 'warning', title: key('notifications.renewFailed') });
  });

  await session.start();
  if (takeLogoutNotice()) notifications.notify({ kind: 'success', title: key('notifications.loggedOut') });
  reportGlobalErrors(notifications);

  const router = createAppRouter(
    {
      session,
      api,
      queryClient,
      notifications,
      leavingLocation: () => {
        if (!router.state.initialized) return null;
        const { pathname, search, hash } = router.state.location;
        return `${pathname}${search}${hash}`;
      },
    },
    { hydrationData },
  );
  routerRef.current = router;
  // The tool API version flag counts navigations, the first load included.
  toolApiVersion.navigated();
  let lastKey = router.state.location.key;
  router.subscribe(({ location }) => {
    if (location.key === lastKey) return;
    lastKey = location.key;
    toolApiVersion.navigated();
  });

  return { services: { config, session, api, notifications, toolApiVersion }, queryClient, router };
}

/** "Global errors go to the notification store" (spec calls §8.5): promises nobody awaited, uncaught errors. */
function reportGlobalErrors(notifications: NotificationStore): void {
  window.addEventListener('unhandledrejection', (event) => {
    void notifyError(notifications, event.reason);
  });
  window.addEventListener('error', (event) => {
    // Errors without an Error object (a browser extension's, a ResizeObserver loop notice) are not ours to tell.
    if (event.error instanceof Error) void notifyError(notifications, event.error);
  });
}
