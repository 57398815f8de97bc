import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';
import { page } from './routes';

// Apart from the list's table: /my/projects does not load the preload lists of these pages.

/** Registration: signed-in, verified users (spec product §2.2). */
export function projectSignedInRoutes(_deps: GuardDeps): RouteObject[] {
  return [
    page(
      paths.qrCodeScan,
      'page.qrCodeScan',
      () => import('./pages/qr-code-scan-page'),
      (m) => m.QrCodeScanPage,
    ),
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
