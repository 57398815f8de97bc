export interface XhrUpload {
  url: string;
  method: string;
  headers: Headers;
  file: Blob;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal | null;
  /** What a failed connection rejects with (the client's ApiError). */
  networkError: () => Error;
}

/**
 * The bytes of a file with the upload's progress (`fetch` cannot report how much of a body has gone out), through
 * the given XMLHttpRequest. Its own module: the API client loads it on the first upload only.
 */
export function sendWithProgress(
  xhr: XMLHttpRequest,
  { url, method, headers, file, onProgress, signal, networkError }: XhrUpload,
): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    xhr.open(method, url);
    // Bytes go as bytes, whatever type the browser guessed for the file (the upload routes take only this).
    headers.set('Content-Type', 'application/octet-stream');
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (done: () => void) => () => {
      signal?.removeEventListener('abort', abort);
      done();
    };
    xhr.onload = settle(() =>
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText }),
    );
    xhr.onerror = settle(() => reject(networkError()));
    xhr.onabort = settle(() => reject(aborted()));
    xhr.send(file);
  });
}
