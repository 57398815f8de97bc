import { createApiClient, type ApiClient, type Session } from '@portal/data-provider';
import type { User } from '@portal/resources';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { loadedQueryClient } from '../app/query-client-loader';
import { NotificationStore } from '../notifications/notification-store';
import type { GuardDeps } from '../session/guards';

export interface FakeSessionState {
  authenticated: boolean;
  mfa: boolean;
}

/** The parts of the session the guards ask. */
export function fakeSession(state: FakeSessionState): Session {
  return {
    isAuthenticated: () => state.authenticated,
    isMfa: () => state.authenticated && state.mfa,
    getAccessToken: () => (state.authenticated ? 'token' : null),
  } as unknown as Session;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '5f0c3c55-6c43-4d5b-9a53-7a7f0c1a1d11',
    username: 'chris',
    email: 'chris@portal.test',
    givenName: 'Chris',
    familyName: 'Customer',
    company: 'Initech',
    country: 'Netherlands',
    emailVerified: true,
    roles: [],
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown };

/** A stubbed HTTP server: answers by path under the API root; unknown paths fail the test loudly. */
export function stubFetch(answers: Record<string, Answer | (() => Answer)>) {
  return vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const entry = answers[path];
    if (!entry) throw new Error(`unexpected request ${url.pathname}`);
    const { status, body } = typeof entry === 'function' ? entry() : entry;
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

export function guardDeps(
  session: Session,
  fetchStub: typeof fetch,
  extra: Partial<GuardDeps> = {},
): GuardDeps {
  const api: ApiClient = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => session.getAccessToken(),
    fetch: fetchStub,
  });
  return {
    session,
    api,
    queryClient: loadedQueryClient(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
    notifications: new NotificationStore(),
    leavingLocation: () => null,
    ...extra,
  };
}

/** Shows where the router ended up, and the error boundary's error. */
export function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </div>
  );
}

function ErrorShown() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'error'}</p>;
}

/** Guard targets and a start page with links, around the routes under test. */
export function renderRoutes(routes: RouteObject[], initialPath: string, deps?: GuardDeps) {
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorShown,
        children: [
          {
            path: '/start',
            element: (
              <>
                <Where name="Start" />
                <Link to="/my/projects/p-1">open project</Link>
                <Link to="/invitation/i-1">open invitation</Link>
              </>
            ),
          },
          { path: '/login', element: <Where name="Login" /> },
          { path: '/forbidden', element: <Where name="Forbidden" /> },
          { path: '/not-found', element: <Where name="Not found" /> },
          { path: '/user-not-verified', element: <Where name="Not verified" /> },
          { path: '/internal-use-only', element: <Where name="Internal use only" /> },
          { path: '/browser-outdated', element: <Where name="Outdated" /> },
          ...routes,
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  if (deps) {
    deps.leavingLocation = () => {
      if (!router.state.initialized) return null;
      const { pathname, search, hash } = router.state.location;
      return `${pathname}${search}${hash}`;
    };
  }
  return { router, ...render(<RouterProvider router={router} />) };
}
