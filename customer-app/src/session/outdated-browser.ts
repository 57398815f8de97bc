/** Session storage flag a visitor of an old browser sets with "continue anyway" (spec product §2.5). */
export const USE_OUTDATED_BROWSER_KEY = 'useOutdatedBrowser';

/** Internet Explorer, by its MSIE (up to 10) or Trident (11) token. */
export function isOutdatedBrowser(userAgent: string): boolean {
  return /\bMSIE \d|\bTrident\//.test(userAgent);
}

/** Whether the outdated-browser page should be shown instead of the one asked for. */
export function mustShowOutdatedBrowserPage(userAgent: string, storage: Storage): boolean {
  return isOutdatedBrowser(userAgent) && storage.getItem(USE_OUTDATED_BROWSER_KEY) !== 'true';
}
