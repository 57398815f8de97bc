import type { ApiClient, UploadProgress } from '@portal/data-provider';

export interface UploadRequest {
  projectId: string;
  stepId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * `POST projects/{id}/dip/steps/{stepId}/assets?name=…`: one file as raw bytes, with progress, answered with the
 * asset. Refusals are an `ApiError` naming the file; an abort rejects with an `AbortError`.
 */
export const uploadFile = (api: ApiClient, { projectId, stepId, file, onProgress, signal }: UploadRequest) =>
  api.upload('POST /projects/:id/dip/steps/:stepId/assets', {
    params: { id: projectId, stepId },
    query: { name: file.name },
    file,
    onProgress,
    signal,
  });
