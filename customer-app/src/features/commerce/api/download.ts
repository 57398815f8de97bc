import type { ApiClient } from '@portal/data-provider';

/**
 * Downloads a catalogue file. Files that need sign-in, a purchase or export approval are served only to a bearer
 * token, which a plain link cannot send: the file is fetched through the api client (`fetchFile`: the token, the
 * spec's error body) and handed to the browser as a blob. Refusals come back as the API's errors (401, 403
 * `purchase_required`, `export_controlled`, …).
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
