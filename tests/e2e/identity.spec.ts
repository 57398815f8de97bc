import { expect, test } from '../support/test.js';
import { ShellHeader, freshTotpCode } from '../support/customer-shell.js';
import { latestMailTo } from '../support/outbox.js';
import { LoginPage } from '../support/pages.js';

test.describe('sign-in flows of the embedded provider', () => {
  test('registers, signs in, is held at user-not-verified, verifies through the mailed link and signs in again', async ({
    page,
  }) => {
    const email = `nora.${Date.now()}@example.com`;
    await page.goto('/welcome');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Register' })
      .or(page.getByRole('banner').getByRole('button', { name: 'Register' }))
      .click();

    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Given name').fill('Nora');
    await page.getByLabel('Family name').fill('Newcomer');
    await page.getByLabel('Company').fill('Initech');
    await page.getByLabel('Country').fill('Netherlands');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 10 characters.')).toBeVisible();
    await expect(page.getByLabel('Given name')).toHaveValue('Nora');

    await page.getByLabel('Password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same answer whether the address is new or taken: only the mail says which.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await new LoginPage(page).signIn(email, 'a-long-password');
    await expect(page).toHaveURL(/\/user-not-verified$/);
    await expect(page.getByRole('heading', { name: 'Please verify your email address' })).toBeVisible();

    const mail = await latestMailTo(email);
    const link = /(http:\/\/localhost:\d+\/oidc\/verify-email\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(page.getByText('Welcome, Nora Newcomer')).toBeVisible();
  });

  test('steps up with a TOTP code, then logs out of the provider too', async ({ page }) => {
    await page.goto('/my/projects');
    await new LoginPage(page).signIn('promoted@portal.test');
    await expect(page.getByText('Welcome, Pat Promoted')).toBeVisible();

    const header = new ShellHeader(page);
    await header.chooseLeavingProfileItem('Pat Promoted', 'Sign in with second factor');

    await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.locator('#totp-secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('The code is not correct. Try the current code.');

    // Later specs step up as this user too: they find the key (and the last step used) where this keeps it.
    await page.getByLabel('Authentication code').fill(await freshTotpCode('promoted@portal.test', secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(page.getByText('Welcome, Pat Promoted')).toBeVisible();
    await header.openProfileMenu('Pat Promoted');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign in with second factor' })).toHaveCount(0);
    await header.closeMenu();

    await header.logout('Pat Promoted');
    await expect(page).toHaveURL(/\/welcome$/);
    // The provider's session ended too: the password is asked again.
    await page.goto('/my/projects');
    await new LoginPage(page).expectShown();
  });
});
