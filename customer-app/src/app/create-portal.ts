import { createApiClient, createSession, type PortalConfig } from '@portal/data-provider';
import type { QueryClient } from '@tanstack/react-query';
import type { PortalServices } from '../lib/portal-context';
import { paths } from '../paths';
import { createQueryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';

export interface Portal {
  services: PortalServices;
  queryClient: QueryClient;
  router: AppRouter;
}

/** Wires session, API client, query cache and router together once the configuration is known. */
export async function createPortal(config: PortalConfig): Promise<Portal> {
  const session = await createSession(config);
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseUrl: config.apiUrl,
    getAccessToken: () => session.getAccessToken(),
    onUnauthorized: () => {
      // Spec §4: a 401 goes to the index page. The refused token is of no further use, so drop it.
      void session.clear().then(() => router.navigate(paths.root));
    },
  });

  // Logout resets every state store (spec §4): no cached answer may outlive the user it was for.
  session.on('logoutCompleted', () => queryClient.clear());
  session.on('loginFailed', () => queryClient.clear());
  // A new sign-in may be another user, or the same one verified or stepped up: drop answers (and requests in
  // flight) made with the previous token.
  session.on('loginCompleted', () => queryClient.clear());

  // Declared after the API client on purpose: onUnauthorized only runs once requests are made.
  const router = createAppRouter({ session, api, queryClient });
  return { services: { config, session, api }, queryClient, router };
}
