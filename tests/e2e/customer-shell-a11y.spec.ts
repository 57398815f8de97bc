import { expect, test } from '../support/test.js';
import { expectNoSeriousA11yFindings } from '../support/axe.js';
import {
  Notifications,
  ShellHeader,
  serviceAccountToken,
  setMaintenance,
} from '../support/customer-shell.js';
import { followInApp } from '../support/in-app.js';
import { openPopup } from '../support/popups.js';
import { signInThroughLoginAt } from '../support/saved-sign-in.js';

/** Every page of the shell a visitor can open without signing in, and what each shows. */
const PUBLIC_PAGES: readonly [path: string, heading: string][] = [
  ['/welcome', 'Welcome to the Developer Portal'],
  ['/assets', 'Software and tools'],
  ['/assets/software-bundles', 'Software bundles'],
  ['/documents', 'Documents'],
  ['/assets/some-tool', 'Tool details'],
  ['/document/some-document', 'Document'],
  ['/software-bundles/7d2b1c9e-0000-4000-8000-000000000001', 'Software bundle'],
  ['/cart/c-1/checkout-result', 'Checkout result'],
  ['/forbidden', 'Access denied'],
  ['/not-found', 'Page not found'],
  ['/no/such/page', 'Page not found'],
  ['/browser-outdated', 'Your browser is out of date'],
  ['/auth/callback-error?error=access_denied&error_description=The+user+cancelled', 'Sign-in failed'],
  ['/user-not-verified', 'Please verify your email address'],
];

const SIGNED_IN_PAGES: readonly [path: string, heading: string][] = [
  ['/my/projects', 'My projects'],
  ['/my/orders', 'My orders'],
  ['/my/assets', 'My assets'],
  ['/my/installers', 'Installers'],
  ['/cart', 'Cart'],
  ['/my/projects/create', 'Register product'],
  ['/qr-code-scan', 'Scan a QR code'],
];

test.describe('accessibility of the customer shell (axe, WCAG 2.1 AA)', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 740 },
  ]) {
    test(`public pages on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/welcome');
      for (const [path, heading] of PUBLIC_PAGES) {
        await followInApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expectNoSeriousA11yFindings(page, `${path} (${viewport.name})`);
      }
    });
  }

  test('signed-in pages, the open menus and a notification', async ({ page }) => {
    // Through the login page: its "signed in" notification is one of the things checked.
    await signInThroughLoginAt(page, '/my/projects', 'admin@portal.test');
    await expect(new Notifications(page).entry('You are signed in.')).toBeVisible();
    await expectNoSeriousA11yFindings(page, '/my/projects with a notification');

    for (const [path, heading] of SIGNED_IN_PAGES) {
      await followInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expectNoSeriousA11yFindings(page, path);
    }

    const header = new ShellHeader(page);
    await header.openProfileMenu('Ada Admin');
    await expectNoSeriousA11yFindings(page, 'profile menu');
    await header.closeMenu();
    await header.openMySpace();
    await expectNoSeriousA11yFindings(page, 'my space menu');
    await header.closeMenu();

    await openPopup(
      page.getByRole('button', { name: 'Cookie settings' }),
      page.getByRole('dialog', { name: 'Cookie settings' }),
    );
    await expectNoSeriousA11yFindings(page, 'cookie settings dialog');
  });

  test('the phone navigation menu and the maintenance banner', async ({ page, baseURL }) => {
    const token = await serviceAccountToken(baseURL!);
    await setMaintenance(baseURL!, token, {
      text: 'Planned maintenance tonight, 22:00–23:00 UTC.',
      show: true,
    });
    try {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/welcome');
      await expect(page.getByRole('region', { name: 'Maintenance notice' })).toBeVisible();
      await expectNoSeriousA11yFindings(page, '/welcome with the maintenance banner (phone)');
      await openPopup(page.getByRole('button', { name: 'Open the navigation menu' }), page.getByRole('menu'));
      await expectNoSeriousA11yFindings(page, 'phone navigation menu');
    } finally {
      await setMaintenance(baseURL!, token, { text: '', show: false });
    }
  });

  test('the check itself finds a planted serious finding, also on a page reached in the app', async ({
    page,
  }) => {
    await page.goto('/welcome');
    await expectNoSeriousA11yFindings(page, '/welcome before the plant');
    await followInApp(page, '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents', exact: true })).toBeVisible();
    // A button without a name: axe's button-name rule, critical.
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
    const error = await expectNoSeriousA11yFindings(page, '/documents with a planted button').catch(
      (caught: Error) => caught,
    );
    expect(String(error)).toContain('critical button-name');
  });

  test('reaches every control of the header in order with the keyboard', async ({ page }) => {
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { name: 'Welcome to the Developer Portal' })).toBeVisible();
    const names: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      await page.keyboard.press('Tab');
      names.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        }),
      );
    }
    expect(names).toEqual([
      'Skip to main content',
      'Developer Portal home',
      'Assets',
      'Documents',
      'Support (opens in a new tab)',
      'Cart',
      'Login',
      'Register',
      'Login',
    ]);
  });
});
