import { expect, type Page, type Request } from '@playwright/test';

/**
 * The requests a page makes from now on: the paths under /api/v1 it calls, and a wait until none is in flight.
 */
export function watchRequests(page: Page) {
  const apiPaths: string[] = [];
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) apiPaths.push(url.pathname.slice('/api/v1/'.length));
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    apiPaths,
    /** Until no request has been in flight for `quietMs`. */
    settled: (quietMs: number) =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { intervals: [100] })
        .toBe(true),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** How long no request may be in flight before a page counts as having made every call it makes. */
const QUIET_MS = 500;

/**
 * The quiet that is enough once the page a move leads to shows: a page drawn after its calls (the console's
 * access-denied page) has made them, and this still catches a call it would make once shown.
 */
export const SHOWN_QUIET_MS = 250;

/**
 * Opens `path` through the app's router, so its scripts load once per tab, then waits until the network and the
 * progress bar are quiet, as `networkidle` would; with `shown` (a wait for the page the move leads to), until it
 * shows and a shorter quiet has passed.
 * Returns the API paths the move called.
 */
export async function followInApp(
  page: Page,
  path: string,
  { shown }: { shown?: () => Promise<unknown> } = {},
): Promise<string[]> {
  const requests = watchRequests(page);
  try {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await shown?.();
    await requests.settled(shown ? SHOWN_QUIET_MS : QUIET_MS);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    return requests.apiPaths;
  } finally {
    requests.stop();
  }
}
