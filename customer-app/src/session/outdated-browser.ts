import { USE_OUTDATED_BROWSER_KEY, isOutdatedBrowser } from '@portal/resources';

export { USE_OUTDATED_BROWSER_KEY, isOutdatedBrowser };

/** Whether the outdated-browser page should be shown instead of the one asked for. */
export function mustShowOutdatedBrowserPage(userAgent: string, storage: Storage): boolean {
  return isOutdatedBrowser(userAgent) && storage.getItem(USE_OUTDATED_BROWSER_KEY) !== 'true';
}
