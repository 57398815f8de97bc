import { paths } from '../../paths';

/**
 * The projects feature's paths in the shell's route tree; their definitions (`routes.ts`, `project-routes.ts`) load
 * with the first visit of one of them. app/route-queries.test.tsx holds the two to the same paths.
 */
export const projectListPaths = [paths.myProjects];

export const projectSignedInPaths = [paths.qrCodeScan, paths.createProject, paths.createEsimProject];

export const secureProjectPaths = [
  paths.project,
  paths.editProject,
  paths.manageMembers,
  paths.addMembers,
  paths.manageNotifications,
];
