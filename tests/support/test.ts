import { test as base, type Page } from '@playwright/test';

export { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * After `goto` to a page the server rendered (issue 48), waits until the app has hydrated it (`data-ready`): its
 * buttons show before their script runs, and a click then is lost. Every page of a spec's context gets it.
 */
function awaitHydrationAfterGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && (await page.locator('script#portal-server-data').count()) > 0)
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    return response;
  };
}

/** Playwright's `test`, whose pages wait for hydration after `goto` where scripts run. */
export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on('page', awaitHydrationAfterGoto);
    await use(context);
  },
});
