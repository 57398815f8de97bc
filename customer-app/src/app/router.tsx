import { createBrowserRouter, replace } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { PageLoader } from '../components/page-loader';
import { authCallbackLoader } from '../features/auth/callback-loader';
import { SigningIn } from '../features/auth/signing-in';
import { ForbiddenPage } from '../features/system/forbidden-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { welcomeLoader } from '../features/welcome/welcome-loader';
import { paths } from '../paths';
import { requireVerifiedUser, type GuardDeps } from '../session/guards';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './route-error-page';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Routes of spec product §2.1–2.2 built so far. Pages load lazily; the small guard targets
 * (forbidden, not found) are eager because the error boundary renders them too.
 */
export function createAppRouter(deps: GuardDeps): AppRouter {
  return createBrowserRouter([
    {
      Component: AppLayout,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          HydrateFallback: PageLoader,
          children: [
            { index: true, loader: () => replace(paths.welcome), Component: PageLoader },
            {
              path: paths.welcome,
              loader: welcomeLoader,
              lazy: lazyPage(
                () => import('../features/welcome/welcome-page'),
                (m) => m.WelcomePage,
              ),
            },
            {
              path: paths.login,
              lazy: lazyPage(
                () => import('../features/auth/login-page'),
                (m) => m.LoginPage,
              ),
            },
            {
              path: paths.authCallback,
              loader: authCallbackLoader(deps),
              Component: SigningIn,
              HydrateFallback: SigningIn,
            },
            {
              path: paths.authCallbackError,
              lazy: lazyPage(
                () => import('../features/auth/callback-error-page'),
                (m) => m.CallbackErrorPage,
              ),
            },
            { path: paths.forbidden, Component: ForbiddenPage },
            {
              path: paths.userNotVerified,
              lazy: lazyPage(
                () => import('../features/system/user-not-verified-page'),
                (m) => m.UserNotVerifiedPage,
              ),
            },
            { path: paths.notFound, Component: NotFoundPage },
            {
              // Signed-in, verified users only.
              loader: requireVerifiedUser(deps),
              HydrateFallback: PageLoader,
              children: [
                {
                  path: paths.myProjects,
                  lazy: lazyPage(
                    () => import('../features/projects/my-projects-page'),
                    (m) => m.MyProjectsPage,
                  ),
                },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ]);
}
