import type { DipResolverRole } from '../entities/dip.js';
import type { AssetDeletePolicy } from '../entities/secure-workflow.js';
import { ProjectRole, type ProjectRoleName } from './project-members.js';

/**
 * What the roles in a project allow (spec product §6, §3, §5): the one place the server decides it and the apps
 * offer it. Admins (a global role) may do everything; their callers pass `isAdmin`.
 */
type Roles = readonly ProjectRoleName[];

/** What a call needs: to look, to manage the project, or to act as the provider. */
export type ProjectNeed = 'view' | 'manage' | 'provider';

/**
 * Everyone with a role looks; owner and substitute manage (the substitute acts as the owner); the provider side,
 * which accepts or rejects a requested cancellation, is the project's FAE. Admins may do all three.
 */
export function projectRolesAllow(roles: Roles, need: ProjectNeed, isAdmin = false): boolean {
  if (isAdmin) return true;
  switch (need) {
    case 'view':
      return roles.length > 0;
    case 'manage':
      return roles.includes(ProjectRole.Owner) || roles.includes(ProjectRole.Substitute);
    case 'provider':
      return roles.includes(ProjectRole.Fae);
  }
}

/** Members, the substitute and the FAE may leave a project; the owner transfers the ownership first. */
export const mayLeaveProject = (roles: Roles) =>
  roles.some(
    (role) => role === ProjectRole.Member || role === ProjectRole.Substitute || role === ProjectRole.Fae,
  );

/** Members and the substitute keep a project from being deleted (they are removed first). */
export const blocksProjectDeletion = (roles: Roles) =>
  roles.includes(ProjectRole.Member) || roles.includes(ProjectRole.Substitute);

/**
 * Whether these project roles act as a design-in step's resolver role (the substitute acts like the owner, a
 * company space FAE as FAE; nobody is the system). Admins act as anyone: their callers check that.
 */
export function actsAsDipRole(roles: Roles, role: DipResolverRole): boolean {
  switch (role) {
    case 'project-owner':
      return projectRolesAllow(roles, 'manage');
    case 'project-member':
      return projectRolesAllow(roles, 'manage') || roles.includes(ProjectRole.Member);
    case 'fae':
      return roles.includes(ProjectRole.Fae) || roles.includes(ProjectRole.CompanySpaceFae);
    case 'csa':
      return roles.includes(ProjectRole.CompanySpaceAdmin);
    case 'nobody':
      return false;
  }
}

/** Who confirms a submitted step: its completer, or the provider (FAE) when none is set. */
export const dipConfirmerOf = (completer: DipResolverRole | null): DipResolverRole =>
  completer && completer !== 'nobody' ? completer : 'fae';

/** A design-in file is deleted by its uploader, the owner, the substitute or an admin. */
export const mayDeleteDipAsset = (roles: Roles, { isAdmin = false, isUploader = false } = {}) =>
  isUploader || projectRolesAllow(roles, 'manage', isAdmin);

/** Under the `before_resolve` policy the files of a submitted step stay; under `always` they may go at any time. */
export const dipAssetLocked = (policy: AssetDeletePolicy, stepSubmitted: boolean) =>
  policy === 'before_resolve' && stepSubmitted;
