import { ApiError, type ApiClient } from '@portal/data-provider';
import type { DipAsset, DipResolvePayload } from '@portal/resources';
import { queryOptions } from '@tanstack/react-query';
import { projectKeys } from '../../api/query-keys';

const dipPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/dip`;

/** The keys of the design-in process, under the project's own so that dropping the project drops them too. */
export const dipKeys = {
  process: (projectId: string) => [...projectKeys.detail(projectId), 'dip'] as const,
  assets: (projectId: string) => [...projectKeys.detail(projectId), 'dip', 'assets'] as const,
};

/** `GET projects/{id}/dip`: the steps with their states, who they wait for and what the caller may do. */
export function dipProcessQuery(api: ApiClient, projectId: string) {
  return queryOptions({
    queryKey: dipKeys.process(projectId),
    queryFn: ({ signal }) => api.call('GET /projects/:id/dip', { params: { id: projectId }, signal }),
  });
}

/** `GET projects/{id}/dip/assets`: every file of the process, oldest first. */
export function dipAssetsQuery(api: ApiClient, projectId: string) {
  return queryOptions({
    queryKey: dipKeys.assets(projectId),
    queryFn: ({ signal }) => api.call('GET /projects/:id/dip/assets', { params: { id: projectId }, signal }),
  });
}

/** A 404 of `GET projects/{id}/dip` naming `dip`: the project's board has no design-in process. */
export const isNoProcess = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 404 &&
  error.errors.some((item) => item.resources.includes('dip'));

/** `POST projects/{id}/dip/steps/{stepId}/resolve` with the input of the step's completion type. */
export const resolveStep = (api: ApiClient, projectId: string, stepId: string, payload: DipResolvePayload) =>
  api.call('POST /projects/:id/dip/steps/:stepId/resolve', {
    params: { id: projectId, stepId },
    body: payload,
  });

/** `POST projects/{id}/dip/steps/{stepId}/complete`: confirms a submitted step. */
export const completeStep = (api: ApiClient, projectId: string, stepId: string) =>
  api.call('POST /projects/:id/dip/steps/:stepId/complete', { params: { id: projectId, stepId } });

/** `POST projects/{id}/dip/reset`: back to a completed or the active step, discarding its and later results. */
export const resetProcess = (api: ApiClient, projectId: string, stepId: string) =>
  api.call('POST /projects/:id/dip/reset', { params: { id: projectId }, body: { stepId } });

/** `DELETE projects/{id}/dip/assets/{assetId}`. */
export const deleteAsset = (api: ApiClient, projectId: string, assetId: string) =>
  api.call('DELETE /projects/:id/dip/assets/:assetId', { params: { id: projectId, assetId } });

/**
 * Downloads a file of the process. The content needs the bearer token, which a plain link cannot send, so it is
 * fetched through the api client (`fetchFile`: token, the spec's error body, 401 handling) and handed to the browser
 * as a blob under its file name. A file with malware is refused (409 `malware_detected`), a file of another
 * project is 404.
 */
export async function downloadAsset(
  api: ApiClient,
  projectId: string,
  asset: Pick<DipAsset, 'id' | 'filename'>,
): Promise<void> {
  const response = await api.fetchFile(
    `${dipPath(projectId)}/assets/${encodeURIComponent(asset.id)}/content`,
    {
      headers: { Accept: 'application/octet-stream, application/xml, application/json' },
    },
  );
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = asset.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
