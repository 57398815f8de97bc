import type { ApiClient } from '@portal/data-provider';

/**
 * Downloads a catalogue file through the api client and hands it over as a blob, since a plain link cannot send the
 * bearer token that protected files need. Refusals are the API's errors (401, 403 `purchase_required`, …).
 */
export async function downloadFile(api: ApiClient, url: string, fileName: string): Promise<void> {
  const response = await api.fetchFile(url, {
    headers: { Accept: 'application/octet-stream, application/json' },
  });
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
