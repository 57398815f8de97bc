import { ApiError, toApiErrorBody } from '@portal/data-provider';
import type { DipAsset } from '@portal/resources';

/** The double-submit CSRF pair of data-provider's api client (`csrf.ts`): the cookie the server sets, echoed back. */
const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';

function csrfToken(cookies: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest {
  /** Absolute URL of `POST projects/{id}/dip/steps/{stepId}/assets?name=…`. */
  url: string;
  file: Blob;
  accessToken: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as its raw bytes (`application/octet-stream`), as the DIP API takes it, and reports the upload's
 * progress. `fetch` cannot tell how much of a request body has gone out (streamed request bodies need HTTP/2), so
 * this uses XMLHttpRequest, with the same headers data-provider's api client sends: the bearer token and the CSRF
 * header. Refusals become an `ApiError` in the spec's shape (their item lists name the file); an abort rejects
 * with an `AbortError`.
 */
export function uploadFile({ url, file, accessToken, onProgress, signal }: UploadRequest): Promise<DipAsset> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    const csrf = csrfToken();
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);

    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as DipAsset);
        return;
      }
      reject(new ApiError(toApiErrorBody(xhr.status, body, xhr.statusText)));
    };
    xhr.onerror = () => {
      done();
      reject(
        new ApiError(
          { status: 0, type: 'network_error', errors: [] },
          { message: 'The server could not be reached. Check your connection and try again.' },
        ),
      );
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(file);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
