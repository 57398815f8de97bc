import { expect, test } from '../support/test.js';
import { PUBLIC_PAGES } from './public-pages';

// Issue 48 #3: the public pages as a visitor without JavaScript (and a crawler) gets them from the server.
test.use({ javaScriptEnabled: false });

test.describe('public pages without JavaScript', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} shows its content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('Loading the Developer Portal')).toHaveCount(0);
      await expect(page).toHaveTitle(
        `${heading === 'Welcome to the Developer Portal' ? 'Welcome' : heading} | Developer Portal`,
      );
    });
  }

  test('the links lead from the catalogue to a tool, a document and back', async ({ page }) => {
    await page.goto('/assets');
    await page
      .getByRole('link', { name: /NX Flash Programmer/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/assets\/nx-flash-programmer$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NX Flash Programmer');
    await page.getByRole('main').getByRole('link', { name: 'Software and tools' }).click();
    await expect(page).toHaveURL(/\/assets\/software$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Software');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await page
      .getByRole('link', { name: /NX240 Datasheet/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NX240 Datasheet');
  });

  test('a download that needs an account links to sign-in, and back to the page', async ({ page }) => {
    await page.goto('/assets/nx-motor-control-lib');
    const downloads = page.getByRole('region', { name: 'Downloads' });
    await expect(downloads.getByText('Sign in to download this version.')).toBeVisible();
    await expect(downloads.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fassets%2Fnx-motor-control-lib',
    );
  });

  test('an unknown tool is a 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/assets/no-such-tool');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found | Developer Portal');
  });
});
