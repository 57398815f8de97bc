import { expect, test } from '../support/test.js';
import { expectNoSeriousA11yFindings } from '../support/axe.js';
import { followInApp } from '../support/in-app.js';
import { signInAt } from '../support/saved-sign-in.js';
import { CartPage, ToolPage, expectCartCount } from './commerce-pages.js';
import { answerDialog, openPopup } from '../support/popups.js';

const check = expectNoSeriousA11yFindings;

const PUBLIC_PAGES: readonly [path: string, heading: string][] = [
  ['/assets', 'Software and tools'],
  ['/assets/software?categories=tool', 'Software'],
  ['/assets/software-bundles', 'Software bundles'],
  ['/documents?q=nx', 'Documents'],
  ['/assets/nx-flash-programmer', 'NX Flash Programmer'],
  ['/assets/secureboot-signer', 'SecureBoot Signing Tool'],
  ['/assets/nx-motor-control-lib', 'NX Motor Control Library'],
  ['/document/doc-flash-programmer-manual', 'NX Flash Programmer User Manual'],
  ['/software-bundles/BND-MOTOR-STARTER', 'Motor Control Starter Bundle'],
  ['/assets/no-such-tool', 'Tool details'],
  ['/cart/00000000-0000-4000-8000-000000000000/checkout-result?status=success', 'Checkout result'],
];

test.describe('accessibility of the commerce pages (axe, WCAG 2.1 AA)', () => {
  // Many pages, each scanned by axe, on two shared cores.
  test.describe.configure({ timeout: 240_000 });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    test(`catalogue, tool, document and bundle pages on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/welcome');
      for (const [path, heading] of PUBLIC_PAGES) {
        await followInApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
        await check(page, `${path} ${viewport.name}`);
      }
      await followInApp(page, '/assets/software-bundles');
      const dialog = page.getByRole('dialog', { name: 'Build a custom bundle' });
      await openPopup(page.getByRole('button', { name: 'Build a custom bundle' }), dialog);
      await answerDialog(dialog, 'Add to cart', () => dialog.getByText('Name is required').isVisible());
      await check(page, `custom bundle dialog ${viewport.name}`);
    });
  }

  test('cart, questionnaire, summary, orders, assets and installers, signed in', async ({ page }) => {
    // Filled as a guest (what a signed-in user may already have is not offered to add), then signed in.
    await page.goto('/assets/sensor-fusion-studio');
    await new ToolPage(page).addToCart('Request', '0.9.0');
    await page.goto('/assets/nx-motor-control-lib');
    await new ToolPage(page).addToCart('Buy', '4.0.0');
    await expectCartCount(page, 2);
    await signInAt(page, '/cart', 'csa@portal.test');
    await expect(new CartPage(page).entries('To buy')).toHaveCount(1);
    await check(page, 'cart without billing information');

    const billing = page.getByRole('region', { name: 'Billing information' });
    await billing.getByRole('button', { name: 'Edit' }).click();
    await billing.getByLabel('Country').fill('Austria');
    await billing.getByRole('button', { name: 'Save' }).click();
    await expect(billing.getByText('Choose a country by its two-letter code, such as DE.')).toBeVisible();
    await check(page, 'billing form with errors');
    await billing.getByLabel('Street and number').fill('Ringstrasse 1');
    await billing.getByLabel('Postal code').fill('1010');
    await billing.getByLabel('City').fill('Vienna');
    await billing.getByLabel('Country').fill('AT');
    await billing.getByLabel('Tax ID').fill('ATU12345678');
    await billing.getByRole('button', { name: 'Save' }).click();
    await expect(billing).toContainText('Ready for purchases');

    await page.getByRole('link', { name: 'Continue to the questionnaire' }).click();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please check' })).toBeVisible();
    await check(page, 'questionnaire with errors');
    await page.getByRole('textbox', { name: /What will you build/ }).fill('A smart thermostat');
    await page.getByRole('radio', { name: 'Evaluation' }).check();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByText('One step left: payment')).toBeVisible();
    await check(page, 'checkout summary');
    const summary = page.url();
    await page.goto(summary.replace('/summary', '/checkout-result?status=canceled'));
    await expect(page.getByRole('button', { name: /^Resume payment/ })).toBeVisible();
    await check(page, 'checkout result canceled');

    for (const [path, heading] of [
      ['/my/orders', 'My orders'],
      ['/my/assets', 'My assets'],
      ['/my/assets?view=installation-keys', 'My assets'],
      ['/my/installers', 'Installers'],
    ] as const) {
      await followInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      await check(page, path);
    }
  });
});
