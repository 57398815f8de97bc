import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { planned } from '../../app/planned-route';
import type { RouteHandle } from '../../app/route-handle';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';

/** Projects and registration: signed-in, verified users (spec product §2.2). */
export function projectSignedInRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    planned(paths.qrCodeScan, { title: 'page.qrCodeScan' }),
    {
      path: paths.myProjects,
      handle: { title: 'page.myProjects' } satisfies RouteHandle,
      lazy: lazyPage(
        () => import('./my-projects-page'),
        (m) => m.MyProjectsPage,
      ),
    },
    planned(paths.createProject, { title: 'page.createProject' }),
    planned(paths.createEsimProject, { title: 'page.createEsimProject' }),
  ];
}

/** One project and its sub-pages: behind the secure-project guard (multi-factor sign-in for secure projects). */
export function secureProjectRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    planned(paths.project, { title: 'page.project' }),
    planned(paths.editProject, { title: 'page.editProject' }),
    planned(paths.manageMembers, { title: 'page.manageMembers' }),
    planned(paths.addMembers, { title: 'page.addMembers' }),
    planned(paths.manageNotifications, { title: 'page.manageNotifications' }),
  ];
}

/** `/invitation/{invitationUuid}`, behind the invitation guard; the router adds path and loader. */
export function invitationPage(_deps: GuardDeps): Pick<RouteObject, 'handle' | 'lazy'> {
  return planned(paths.invitation, { title: 'page.invitation' });
}
