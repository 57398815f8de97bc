import {
  createBrowserRouter,
  replace,
  type DOMRouterOpts,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { PageLoader } from '../components/page-loader';
import { ForbiddenPage } from '../features/system/forbidden-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { welcomeLoader } from '../features/welcome/welcome-loader';
import { WelcomePage } from '../features/welcome/welcome-page';
import { paths } from '../paths';
import {
  outdatedBrowserGuard,
  requireSecureAccess,
  requireVerifiedUser,
  type GuardDeps,
} from '../session/guards';
import type { RouteHandle } from './route-handle';
import { lazyPage } from './lazy-page';
import { withShellPageTexts } from './shell-page-texts';
import { commercePublicPaths, commerceSignedInPaths } from '../features/commerce/route-paths';
import { projectListPaths, projectSignedInPaths, secureProjectPaths } from '../features/projects/route-paths';
import { lazyFeatureRoute, lazyFeatureRoutes } from './feature-routes';
import { RouteErrorPage } from './route-error-page';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `/projects/*` → the same path under `/my/projects` (spec product §2.2). */
function legacyProjectsLoader({ request, params }: LoaderFunctionArgs) {
  const rest = params['*'] ? `/${params['*']}` : '';
  return replace(`${paths.myProjects}${rest}${new URL(request.url).search}`);
}

/** The browser's router over {@link appRoutes}; `hydrationData` when the server rendered the page (app/ssr-data.ts). */
export function createAppRouter(deps: GuardDeps, options?: Pick<DOMRouterOpts, 'hydrationData'>): AppRouter {
  return createBrowserRouter(appRoutes(deps), options);
}

/**
 * Every route of spec product §2.1–2.2 at its exact path, with the guards of §2.5. Pages load lazily; the small
 * guard targets (forbidden, not found) are eager because the error boundary renders them too. The server renders
 * the public ones from the same table (src/entry-server.tsx).
 */
export function appRoutes(deps: GuardDeps): RouteObject[] {
  // The features' route tables load with their first page: the shell holds their paths only.
  const commerce = () => import('../features/commerce/routes');
  const projects = () => import('../features/projects/routes');
  const projectPages = () => import('../features/projects/project-routes');
  const publicRoutes: RouteObject[] = [
    { index: true, loader: () => replace(paths.welcome), Component: PageLoader },
    {
      // The entry page, and small: it ships with the app instead of costing a round trip before the first paint.
      path: paths.welcome,
      loader: welcomeLoader,
      handle: { title: 'page.welcome', description: 'meta.welcome' } satisfies RouteHandle,
      Component: WelcomePage,
    },
    {
      path: paths.login,
      lazy: lazyPage(
        withShellPageTexts(() => import('../features/auth/login-page')),
        (m) => m.LoginPage,
      ),
    },
    ...lazyFeatureRoutes(commercePublicPaths, () => commerce().then((m) => m.commercePublicRoutes(deps))),
    { path: paths.software, loader: () => replace(paths.assetsSoftware), Component: PageLoader },
    {
      path: paths.browserOutdated,
      lazy: lazyPage(
        withShellPageTexts(() => import('../features/system/browser-outdated-page')),
        (m) => m.BrowserOutdatedPage,
      ),
    },
    {
      path: paths.authCallback,
      // Its code loads with the callback itself (issue 20): no visitor's first page needs it.
      lazy: async () => {
        const callback = await import('../features/auth/callback-loader');
        return { loader: callback.authCallbackLoader(deps), Component: callback.SigningIn };
      },
      HydrateFallback: PageLoader,
    },
    {
      path: paths.authCallbackError,
      lazy: lazyPage(
        withShellPageTexts(() => import('../features/auth/callback-error-page')),
        (m) => m.CallbackErrorPage,
      ),
    },
    { path: paths.forbidden, Component: ForbiddenPage },
    {
      path: paths.userNotVerified,
      lazy: lazyPage(
        withShellPageTexts(() => import('../features/system/user-not-verified-page')),
        (m) => m.UserNotVerifiedPage,
      ),
    },
    {
      path: paths.internalUseOnly,
      lazy: lazyPage(
        withShellPageTexts(() => import('../features/system/internal-use-only-page')),
        (m) => m.InternalUseOnlyPage,
      ),
    },
    { path: paths.notFound, Component: NotFoundPage },
  ];

  const signedInRoutes: RouteObject = {
    // Signed-in, verified users only.
    loader: requireVerifiedUser(deps),
    HydrateFallback: PageLoader,
    children: [
      ...lazyFeatureRoutes(commerceSignedInPaths, () =>
        import('../features/commerce/signed-in-routes').then((m) => m.commerceSignedInRoutes(deps)),
      ),
      ...lazyFeatureRoutes(projectListPaths, () => projects().then((m) => m.projectListRoutes(deps))),
      ...lazyFeatureRoutes(projectSignedInPaths, () =>
        projectPages().then((m) => m.projectSignedInRoutes(deps)),
      ),
    ],
  };

  // Secure projects and invitations need the multi-factor sign-in; the guard checks sign-in first itself.
  const secureProjectGroup: RouteObject = {
    loader: requireSecureAccess(deps, 'project'),
    HydrateFallback: PageLoader,
    children: lazyFeatureRoutes(secureProjectPaths, () =>
      projectPages().then((m) => m.secureProjectRoutes(deps)),
    ),
  };
  const invitationRoute: RouteObject = {
    path: paths.invitation,
    loader: requireSecureAccess(deps, 'invitation'),
    ...lazyFeatureRoute(paths.invitation, () => projectPages().then((m) => m.invitationRoutes(deps))),
  };

  return [
    {
      Component: AppLayout,
      // Only for a failure of the layout itself; pages fail inside it, below.
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          HydrateFallback: PageLoader,
          loader: outdatedBrowserGuard(deps),
          // The browser check is cheap and must hold on every navigation.
          shouldRevalidate: () => true,
          children: [
            ...publicRoutes,
            signedInRoutes,
            secureProjectGroup,
            invitationRoute,
            { path: paths.legacyProjects, loader: legacyProjectsLoader, Component: PageLoader },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
