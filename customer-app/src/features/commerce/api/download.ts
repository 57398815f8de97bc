import { ApiError } from '@portal/data-provider';

/**
 * Downloads a catalogue file. Files that need sign-in, a purchase or export approval are served only to a bearer
 * token, which a plain link cannot send: the file is fetched with the token and handed to the browser as a
 * blob. Refusals come back as the API's errors (401, 403 `purchase_required`, `export_controlled`, …).
 */
export async function downloadFile(url: string, fileName: string, accessToken: string | null): Promise<void> {
  const headers = new Headers({ Accept: 'application/octet-stream' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch (cause) {
    throw new ApiError(
      { status: 0, type: 'network_error', errors: [] },
      { message: 'The server could not be reached. Check your connection and try again.', cause },
    );
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const errors =
      typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
        ? ((body as { errors: ApiError['errors'] }).errors ?? [])
        : [];
    throw new ApiError({ status: response.status, type: 'download_failed', errors });
  }
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
