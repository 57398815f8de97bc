import {
  Role,
  hasRole,
  isViewOnly,
  mayLeaveProject,
  projectRolesAllow,
  type HasRoles,
  type Project,
  type ProjectRoleName,
} from '@portal/resources';
import { rolesInProject, type Viewer } from './project-roles';

/** The entries of a project's actions dropdown (spec product §2.2, §6). */
const PROJECT_ACTIONS = [
  'edit',
  'manageMembers',
  'transferOwnership',
  'notifications',
  'requestCancellation',
  'acceptCancellation',
  'rejectCancellation',
  'leave',
  'delete',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

export type { Viewer } from './project-roles';
export { rolesInProject } from './project-roles';

/** Owner and substitute manage a project (the substitute acts as the owner); admins manage every project. */
export function managesProject(roles: readonly ProjectRoleName[], viewer: HasRoles): boolean {
  return projectRolesAllow(roles, 'manage', hasRole(viewer, Role.Admin));
}

/** A viewer whose only project role is company space viewer looks but does not act (spec §6). */
export function isViewOnlyIn(roles: readonly ProjectRoleName[], viewer: HasRoles): boolean {
  return !hasRole(viewer, Role.Admin) && isViewOnly({ roles });
}

/**
 * The actions the dropdown offers, in menu order, by the rules the server decides with (`projectRolesAllow`), so
 * the menu never offers what the server would refuse.
 */
export function projectActions(
  project: Pick<Project, 'members' | 'status'>,
  viewer: Viewer,
): ProjectAction[] {
  const roles = rolesInProject(project, viewer);
  const isAdmin = hasRole(viewer, Role.Admin);
  if (!isAdmin && roles.length === 0) return [];
  if (isViewOnlyIn(roles, viewer)) return ['notifications'];
  const manages = managesProject(roles, viewer);
  const open = project.status !== 'cancelled';
  const provider = projectRolesAllow(roles, 'provider', isAdmin);
  const allowed: Record<ProjectAction, boolean> = {
    edit: manages && open,
    manageMembers: manages && open,
    transferOwnership: manages && open,
    notifications: true,
    requestCancellation: manages && project.status === 'active',
    acceptCancellation: provider && project.status === 'cancellation-requested',
    rejectCancellation: provider && project.status === 'cancellation-requested',
    leave: mayLeaveProject(roles),
    delete: manages,
  };
  return PROJECT_ACTIONS.filter((action) => allowed[action]);
}
