import {
  Role,
  dipAssetLocked,
  dipConfirmerOf,
  hasRole,
  mayDeleteDipAsset,
  sameEmail,
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
 * Whether the viewer may delete a file now, by the rules the server decides with: its uploader, the owner, the
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
  const isUploader = sameEmail(asset.uploadedBy, viewer.email);
  if (!mayDeleteDipAsset(viewer.projectRoles, { isAdmin: hasRole(viewer, Role.Admin), isUploader }))
    return false;
  const step = process.steps.find((candidate) => candidate.id === asset.stepId);
  return !dipAssetLocked(process.deletePolicy, !!step?.result?.resolvedAt);
}

/** Who confirms a submitted step: its completer, or the provider (FAE) when none is set (as the server decides). */
export const confirmerOf = (step: { completer: DipResolverRole | null }): DipResolverRole =>
  dipConfirmerOf(step.completer);
