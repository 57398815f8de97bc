import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { withTexts } from '../../i18n/i18n';
import type { RouteHandle } from '../../app/route-handle';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';

// The project page shows the design-in process, so the project texts come with the DIP's.
const texts = () =>
  Promise.all([import('../../i18n/en-us-projects'), import('../../i18n/en-us-dip')]).then(
    ([projects, dip]) => ({
      ...projects.projectTexts,
      ...dip.dipTexts,
    }),
  );

// The project list needs no design-in texts: a lighter first page.
const listTexts = () => import('../../i18n/en-us-project-list').then((m) => m.projectListTexts);

const page = <M>(
  path: string,
  title: RouteHandle['title'],
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
) =>
  ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyPage(withTexts(texts, load), pick),
  }) satisfies RouteObject;

/** Projects and registration: signed-in, verified users (spec product §2.2). */
export function projectSignedInRoutes(deps: GuardDeps): RouteObject[] {
  return [
    page(
      paths.qrCodeScan,
      'page.qrCodeScan',
      () => import('./pages/qr-code-scan-page'),
      (m) => m.QrCodeScanPage,
    ),
    {
      path: paths.myProjects,
      handle: { title: 'page.myProjects' } satisfies RouteHandle,
      lazy: lazyPage(
        withTexts(listTexts, () => import('./pages/my-projects-page')),
        (m) => m.MyProjectsPage,
      ),
      // Starts the list while the page's code loads; does not wait for it (a failed import is the page's too).
      loader: async (args: LoaderFunctionArgs) => {
        await import('./route-queries')
          .then((queries) => queries.prefetchMyProjects(deps, args))
          .catch(() => undefined);
        return null;
      },
    },
    page(
      paths.createProject,
      'page.createProject',
      () => import('./pages/create-project-page'),
      (m) => m.CreateProjectPage,
    ),
    page(
      paths.createEsimProject,
      'page.createEsimProject',
      () => import('./pages/create-esim-project-page'),
      (m) => m.CreateEsimProjectPage,
    ),
  ];
}

/** One project and its sub-pages: behind the secure-project guard (multi-factor sign-in for secure projects). */
export function secureProjectRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    page(
      paths.project,
      'page.project',
      () => import('./pages/project-page'),
      (m) => m.ProjectPage,
    ),
    page(
      paths.editProject,
      'page.editProject',
      () => import('./pages/edit-project-page'),
      (m) => m.EditProjectPage,
    ),
    page(
      paths.manageMembers,
      'page.manageMembers',
      () => import('./pages/manage-members-page'),
      (m) => m.ManageMembersPage,
    ),
    page(
      paths.addMembers,
      'page.addMembers',
      () => import('./pages/add-members-page'),
      (m) => m.AddMembersPage,
    ),
    page(
      paths.manageNotifications,
      'page.manageNotifications',
      () => import('./pages/manage-notifications-page'),
      (m) => m.ManageNotificationsPage,
    ),
  ];
}

/** `/invitation/{invitationUuid}`, behind the invitation guard, which the route tree sets. */
export function invitationRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    page(
      paths.invitation,
      'page.invitation',
      () => import('./pages/invitation-page'),
      (m) => m.InvitationPage,
    ),
  ];
}
