import type { ApiClient, UploadProgress } from '@portal/data-provider';

export interface UploadRequest {
  projectId: string;
  stepId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * `POST projects/{id}/dip/steps/{stepId}/assets?name=…`: one file as its raw bytes, with the upload's progress,
 * through the api client's `upload` (bearer token, CSRF header, the spec's error body, 401 handling), answered
 * with the asset as the contract types it. Refusals are an `ApiError` whose item lists name the file; an abort
 * rejects with an `AbortError`.
 */
export const uploadFile = (api: ApiClient, { projectId, stepId, file, onProgress, signal }: UploadRequest) =>
  api.upload('POST /projects/:id/dip/steps/:stepId/assets', {
    params: { id: projectId, stepId },
    query: { name: file.name },
    file,
    onProgress,
    signal,
  });
