import { createApiClient } from '@portal/data-provider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { commercePublicPaths, commerceSignedInPaths } from '../features/commerce/route-paths';
import { commercePublicRoutes } from '../features/commerce/routes';
import { commerceSignedInRoutes } from '../features/commerce/signed-in-routes';
import { testSession } from '../test/portal';
import { projectListPaths, projectSignedInPaths, secureProjectPaths } from '../features/projects/route-paths';
import { projectListRoutes } from '../features/projects/routes';
import {
  invitationRoutes,
  projectSignedInRoutes,
  secureProjectRoutes,
} from '../features/projects/project-routes';
import { paths } from '../paths';
import { lazyFeatureRoutes } from './feature-routes';
import { PortalProvider } from '../lib/portal-context';
import { loadedQueryClient } from './query-client-loader';
import { NotificationStore } from '../notifications/notification-store';
import type { GuardDeps } from '../session/guards';
import { ToolApiVersionStore } from '../session/tool-api-version';
import type { PortalConfig } from '@portal/data-provider';

/** The services of the real routes over a stubbed `fetch` that answers every list with one item. */
function setUp({ signedIn }: { signedIn: boolean }) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    sent.push(url.pathname.replace(/^\/api\/v1\//, '') + url.search);
    if (url.pathname.endsWith('/catalogue')) {
      const item = {
        id: crypto.randomUUID(),
        kind: 'tool',
        category: 'software',
        key: 'nx-lib',
        name: 'NX Library',
      };
      return new Response(
        JSON.stringify([{ ...item, description: null, icon: null, latestVersion: '1.0.0', tags: [] }]),
        { status: 200, headers: { 'Content-Range': 'catalogue 0-0/1' } },
      );
    }
    return new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Range': 'items */0' } });
  };
  const session = testSession(signedIn);
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => session.getAccessToken(),
    fetch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const deps = {
    session,
    api,
    queryClient: loadedQueryClient(queryClient),
    notifications: new NotificationStore(),
  } as unknown as GuardDeps;
  return { sent, deps, queryClient };
}

const loaderOf = (routes: RouteObject[], path: string) => {
  const loader = routes.find((route) => route.path === path)?.loader;
  if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
  return (url: string) =>
    loader({ request: new Request(url), params: {}, context: undefined } as Parameters<typeof loader>[0]);
};

describe(
  'route loaders start the first query while the page code loads (issue 20)',
  { timeout: 20_000 },
  () => {
    it('a catalogue view: its list query, with the view and the URL search, before the page renders', async () => {
      const { sent, deps, queryClient } = setUp({ signedIn: false });
      const routes = commercePublicRoutes(deps);
      await loaderOf(routes, '/assets/software')('http://portal.test/assets/software?q=nx&sort=updatedAt');
      expect(sent).toHaveLength(1);
      const query = new URLSearchParams(sent[0]!.split('?')[1]);
      expect(sent[0]!.startsWith('catalogue?')).toBe(true);
      expect(JSON.parse(query.get('filter')!)).toMatchObject({ q: 'nx' });
      expect(JSON.parse(query.get('sort')!)).toEqual(['updatedAt', 'DESC']);

      // The page renders, through the shell's lazy route tree, with what the loader started: no second request.
      const tree = lazyFeatureRoutes(commercePublicPaths, async () => routes);
      const router = createMemoryRouter(tree, { initialEntries: ['/assets/software?q=nx&sort=updatedAt'] });
      render(
        <PortalProvider
          services={{
            config: {} as PortalConfig,
            session: deps.session,
            api: deps.api,
            notifications: deps.notifications,
            toolApiVersion: new ToolApiVersionStore(localStorage),
          }}
        >
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </PortalProvider>,
      );
      expect(await screen.findByRole('heading', { name: 'NX Library' })).toBeTruthy();
      expect(sent.filter((path) => path.startsWith('catalogue?'))).toHaveLength(1);
    });

    it('the tool and document pages: their detail query by the id in the path', async () => {
      const { sent, deps } = setUp({ signedIn: false });
      const routes = commercePublicRoutes(deps);
      for (const path of ['/assets/:featureId', '/document/:featureId']) {
        const loader = routes.find((route) => route.path === path)!.loader as (
          args: unknown,
        ) => Promise<unknown>;
        await loader({ request: new Request('http://portal.test/x'), params: { featureId: 'nx-lib' } });
      }
      expect(sent).toEqual(['catalogue/tools/nx-lib', 'catalogue/documents/nx-lib']);
    });

    it('/my/projects: the list, the secure flag and the groups with a session, nothing without one', async () => {
      const anonymous = setUp({ signedIn: false });
      await loaderOf(projectListRoutes(anonymous.deps), '/my/projects')('http://portal.test/my/projects');
      expect(anonymous.sent).toEqual([]);

      const signedIn = setUp({ signedIn: true });
      await loaderOf(
        projectListRoutes(signedIn.deps),
        '/my/projects',
      )('http://portal.test/my/projects?q=radar');
      expect(signedIn.sent.map((path) => path.split('?')[0]).sort()).toEqual([
        'projects/groups/user',
        'projects/user',
        'projects/user/secure',
      ]);
      const list = signedIn.sent.find((path) => path.startsWith('projects/user?'))!;
      expect(JSON.parse(new URLSearchParams(list.split('?')[1]).get('filter')!)).toMatchObject({
        q: 'radar',
      });
    });
  },
);

describe('the shell names each feature route by its path only (issue 20)', () => {
  it("holds every path of the features' route tables, and no other", () => {
    const { deps } = setUp({ signedIn: false });
    const pathsOf = (routes: RouteObject[]) => routes.map((route) => route.path);
    expect(pathsOf(commercePublicRoutes(deps))).toEqual(commercePublicPaths);
    expect(pathsOf(commerceSignedInRoutes(deps))).toEqual(commerceSignedInPaths);
    expect(pathsOf(projectListRoutes(deps))).toEqual(projectListPaths);
    expect(pathsOf(projectSignedInRoutes(deps))).toEqual(projectSignedInPaths);
    expect(pathsOf(secureProjectRoutes(deps))).toEqual(secureProjectPaths);
    expect(pathsOf(invitationRoutes(deps))).toEqual([paths.invitation]);
  });
});
