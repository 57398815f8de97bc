import { createApiClient, type PortalConfig, type Session } from '@portal/data-provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { PortalProvider } from '../lib/portal-context';
import { NotificationStore } from '../notifications/notification-store';
import { ToolApiVersionStore } from '../session/tool-api-version';

/** A session as the commerce pages read it: signed in and verified, or nobody. */
export function testSession(signedIn: boolean): Session {
  const user = signedIn ? { profile: { email_verified: true } } : null;
  return {
    getActiveUser: () => user,
    subscribe: () => () => undefined,
    isAuthenticated: () => signedIn,
    getAccessToken: () => (signedIn ? 'token' : null),
  } as unknown as Session;
}

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders commerce routes with the portal's services over a stubbed `fetch`, and records every request the
 * pages make (method, path under the API root, JSON body).
 */
export function renderWithPortal(
  routes: RouteObject[],
  initialPath: string,
  { fetch, signedIn = true }: { fetch: typeof globalThis.fetch; signedIn?: boolean },
) {
  const sent: SentRequest[] = [];
  const recording: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\//, '') + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return fetch(input, init);
  };
  const session = testSession(signedIn);
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => session.getAccessToken(),
    fetch: recording,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const notifications = new NotificationStore();
  const services = {
    config: {} as PortalConfig,
    session,
    api,
    notifications,
    toolApiVersion: new ToolApiVersionStore(localStorage),
  };
  render(
    <PortalProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PortalProvider>,
  );
  return { sent, router, notifications };
}
