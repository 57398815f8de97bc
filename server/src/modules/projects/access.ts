import { isViewOnly, projectRolesAllow, type ProjectNeed, type ProjectRoleName } from '@portal/resources';
import { ApiError, forbidden, notFound } from '../../transport/errors.js';
import type { Executor } from '../../crud/repository.js';
import { assertOpensSecure, callerSpaceRoles, type ProjectCaller } from './caller.js';
import { findProject, type ProjectWithBoard } from './records.js';

export const PROJECT_NOT_FOUND = 'Project not found.';
export const projectNotFound = () => notFound(PROJECT_NOT_FOUND, ['project']);

/** A project as one caller stands towards it. */
export interface ReachedProject extends ProjectWithBoard {
  /** The caller's roles in it: the explicit one, then company space roles. */
  roles: ProjectRoleName[];
}

/**
 * What a caller may do with a project (spec product §6). Owner and substitute manage it (the substitute acts as
 * the owner); admins manage every project. Everyone with a role may look, and set their own notifications;
 * a caller whose only role is company space viewer only looks.
 */
export type { ProjectNeed };

export const allows = (
  caller: ProjectCaller,
  roles: readonly ProjectRoleName[],
  need: ProjectNeed,
): boolean => projectRolesAllow(roles, need, caller.isAdmin);

/** The caller's roles in a project: the explicit one, then company space roles. */
export function rolesIn(caller: ProjectCaller, found: ProjectWithBoard): ProjectRoleName[] {
  const explicit = found.members.find((member) => member.id === caller.user.id);
  return [...(explicit ? [explicit.role] : []), ...callerSpaceRoles(caller, found.project)];
}

/**
 * The project a call is about, after the caller's rights: 404 when it does not exist, 403 when the caller holds
 * no role that allows `need` (view-only viewers are told so), and for a secure project the second-factor rule.
 * With `lock`, the project row is locked for the rest of the transaction so concurrent changes queue.
 */
export async function reachProject(
  db: Executor,
  caller: ProjectCaller,
  id: string,
  need: ProjectNeed,
  options: { lock?: boolean } = {},
): Promise<ReachedProject> {
  const found = await findProject(db, id, options);
  if (!found) throw projectNotFound();
  const roles = rolesIn(caller, found);
  if (!allows(caller, roles, need)) {
    if (roles.length && isViewOnly({ roles })) {
      throw ApiError.of(403, 'forbidden', 'You can view this project but not change it.', ['project']);
    }
    throw roles.length
      ? ApiError.of(403, 'forbidden', 'Only the project owner or substitute may do this.', ['project'])
      : forbidden('You are not a member of this project.');
  }
  if (found.project.secure) assertOpensSecure(caller);
  return { ...found, roles };
}

/**
 * Whether a project is secure, asked before opening it, so without the second-factor rule: 404 unknown, 403 for a
 * caller without a role in it.
 */
export async function projectIsSecure(db: Executor, caller: ProjectCaller, id: string): Promise<boolean> {
  const found = await findProject(db, id);
  if (!found) throw projectNotFound();
  if (!allows(caller, rolesIn(caller, found), 'view')) {
    throw ApiError.of(403, 'forbidden', 'You are not a member of this project.', ['project']);
  }
  return found.project.secure;
}

/** Changes other than leaving, deleting and member removal are refused on a cancelled project. */
export function assertNotCancelled(found: ProjectWithBoard): void {
  if (found.project.status === 'cancelled') {
    throw ApiError.of(409, 'conflict', 'This project is cancelled and can no longer be changed.', ['status']);
  }
}
