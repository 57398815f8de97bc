import {
  Role,
  hasRole,
  type DipAsset,
  type DipProcess,
  type DipResolverRole,
  type HasRoles,
  type ProjectRoleName,
  type ProjectStatus,
} from '@portal/resources';

/** Who looks at the process: their global roles, email and roles in the project. */
export interface DipViewer extends HasRoles {
  email: string;
  projectRoles: readonly ProjectRoleName[];
}

/**
 * Whether the viewer may delete a file now, mirroring the server (which decides): its uploader, the owner, the
 * substitute or an admin, on a project that is not cancelled, and under the `before_resolve` policy only while
 * the file's step is not submitted.
 */
export function canDeleteAsset(
  asset: Pick<DipAsset, 'uploadedBy' | 'stepId'>,
  process: Pick<DipProcess, 'deletePolicy' | 'steps'>,
  viewer: DipViewer,
  projectStatus: ProjectStatus,
): boolean {
  if (projectStatus === 'cancelled') return false;
  const allowed =
    hasRole(viewer, Role.Admin) ||
    viewer.projectRoles.includes('owner') ||
    viewer.projectRoles.includes('substitute') ||
    asset.uploadedBy.toLowerCase() === viewer.email.toLowerCase();
  if (!allowed) return false;
  if (process.deletePolicy === 'always') return true;
  const step = process.steps.find((candidate) => candidate.id === asset.stepId);
  return !step?.result?.resolvedAt;
}

/** Who confirms a submitted step: its completer, or the provider (FAE) when none is set (as the server decides). */
export function confirmerOf(step: { completer: DipResolverRole | null }): DipResolverRole {
  return step.completer && step.completer !== 'nobody' ? step.completer : 'fae';
}
