import { expect, test, type Page } from '../support/test.js';
import { restoreSignIn } from '../support/saved-sign-in';
import { PUBLIC_PAGES } from './public-pages';

// Issue 48 #1: the browser hydrates the server's HTML without a mismatch and without rendering it anew.
const MISMATCH = /hydrat|did not match/i;

declare global {
  interface Window {
    /** The heading the server sent, taken before any script ran. */
    __serverHeading?: Element | null;
  }
}

/** Console errors and warnings about hydration, and script errors, from the page's first byte on. */
async function watchHydration(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && MISMATCH.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__serverHeading = document.querySelector('main h1');
    });
  });
  return problems;
}

/** Hydrated: the app answers (a client-side link works) and the server's heading element is still the one shown. */
async function expectHydrated(page: Page, heading: string) {
  // The app marks the document once it has hydrated it; a refused or failed script leaves it unmarked.
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__serverHeading === document.querySelector('main h1'))).toBe(true);
  // The server's head tags give way to the app's own: each once, never the server's beside the app's.
  const heads = await page.evaluate(() =>
    [
      'title',
      'meta[name="description"]',
      'meta[name="robots"]',
      'link[rel="canonical"]',
      'meta[property="og:title"]',
    ].map((selector) => `${selector} ${document.head.querySelectorAll(selector).length}`),
  );
  for (const line of heads) expect(line).toMatch(/ [01]$/);
  expect(heads[0]).toBe('title 1');
}

test.describe('public pages hydrate', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} without a mismatch`, async ({ page }) => {
      const problems = await watchHydration(page);
      await page.goto(path);
      await expectHydrated(page, heading);
      expect(problems).toEqual([]);
    });
  }

  test('a signed-in visitor gets the anonymous page first, then their own header', async ({ page }) => {
    await restoreSignIn(page, 'internal@portal.test');
    const problems = await watchHydration(page);
    await page.goto('/assets/nx-flash-programmer');
    await expectHydrated(page, 'NX Flash Programmer');
    await expect(page.getByRole('button', { name: 'My space' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a reload answered 304 from the browser cache hydrates again: its policy still admits the loader', async ({
    page,
  }) => {
    const problems = await watchHydration(page);
    await page.goto('/documents');
    await expectHydrated(page, 'Documents');
    const revalidated = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/documents' && response.request().isNavigationRequest(),
    );
    await page.reload();
    // Asked with the stored page's tag: the server answers 304 and Chromium shows its stored page.
    const response = await revalidated;
    const asked = await response.request().allHeaders();
    expect(asked['if-none-match'], JSON.stringify(asked)).toBeTruthy();
    await expectHydrated(page, 'Documents');
    expect(problems).toEqual([]);
  });

  test('after hydration, links navigate inside the app', async ({ page }) => {
    await watchHydration(page);
    await page.goto('/assets');
    await expectHydrated(page, 'Software and tools');
    // A full page load would drop this; an in-app navigation keeps it.
    await page.evaluate(() => (window.__serverHeading = null));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documents');
    expect(await page.evaluate(() => window.__serverHeading)).toBeNull();
  });
});
