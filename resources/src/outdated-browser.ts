/**
 * Spec product §2.5: Internet Explorer (MSIE up to 10, Trident for 11) goes to /browser-outdated unless the
 * visitor chose "continue anyway" for the session. The server decides it for the first page load (IE runs no
 * module script, and the legacy build is not made for it); the customer app's guard for later navigations.
 */
export const OUTDATED_BROWSER_PATH = '/browser-outdated';

/** The session flag "continue anyway" sets: in session storage for the app, as a session cookie for the server. */
export const USE_OUTDATED_BROWSER_KEY = 'useOutdatedBrowser';

/** Internet Explorer, by its MSIE (up to 10) or Trident (11) token. */
export function isOutdatedBrowser(userAgent: string): boolean {
  return /\bMSIE \d|\bTrident\//.test(userAgent);
}

/** `/browser-outdated?redirectTo=…`: where "continue anyway" goes. */
export function outdatedBrowserPagePath(redirectTo: string): string {
  return `${OUTDATED_BROWSER_PATH}?${new URLSearchParams({ redirectTo })}`;
}
