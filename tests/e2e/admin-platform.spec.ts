import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminForm } from '../support/admin-console.js';
import { answerDialog, chooseChips, openPopup } from '../support/popups.js';

test.describe('admin console: service accounts, company spaces, maintenance banner', () => {
  test('creates a service account and shows its secret once; a rotated secret replaces it', async ({
    page,
    request,
  }) => {
    const clientId = `e2e-${Date.now().toString(36)}`;
    await new AdminConsole(page).signIn('admin@portal.test', '/admin/service-accounts/create');
    const form = new AdminForm(page);
    await form.field('Client ID').fill(clientId);
    await form.field('User email').fill(`${clientId}@example.com`);
    await chooseChips(page.locator('.ra-input-defaultRoles'), ['MFA User']);
    await form.save();

    const dialog = page.getByRole('dialog', { name: `Secret of ${clientId}` });
    const secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    const token = (s: string) =>
      request.post('/oidc/token', {
        form: { grant_type: 'client_credentials', scope: 'portal' },
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${s}`).toString('base64')}` },
      });
    expect((await token(secret)).status()).toBe(200);
    await answerDialog(dialog, 'I have copied it');
    await expect(page).toHaveURL(/\/admin\/service-accounts\/[\w-]+\/show$/);
    await expect(page.getByText(secret)).toHaveCount(0);

    const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${clientId}?` });
    await openPopup(page.getByRole('button', { name: 'Rotate secret' }), rotate);
    await answerDialog(rotate, 'Rotate secret');
    const rotated = await page
      .getByRole('dialog', { name: `Secret of ${clientId}` })
      .getByRole('textbox')
      .inputValue();
    expect(rotated).not.toBe(secret);
    expect((await token(secret)).status()).not.toBe(200);
    expect((await token(rotated)).status()).toBe(200);
  });

  test('adds and removes company space members, with the API message on the field', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const space = await api.post<{ uuid: string }>('company-spaces', {
      name: `E2E Space ${Date.now().toString(36)}`,
    });
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/company-spaces/${space.uuid}/show`);
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('textbox', { name: 'Email of the new member' }).fill('nobody@example.com');
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByText('User not found.')).toBeVisible();

    await members.getByRole('textbox', { name: 'Email of the new member' }).fill('internal@portal.test');
    await members.getByRole('button', { name: 'Add member' }).click();
    const remove = members.getByRole('button', { name: 'Remove member internal@portal.test' });
    await expect(remove).toBeVisible();
    await remove.click();
    await expect(members.getByText('No members yet.')).toBeVisible();
  });

  test('edits the maintenance banner, refusing a shown banner without text', async ({ page, request }) => {
    await new AdminConsole(page).signIn('admin@portal.test', '/admin/maintenance');
    const form = new AdminForm(page);
    await form.field('Text').fill('');
    await page.getByRole('switch', { name: 'Show the banner' }).check();
    await form.save();
    await expect(form.errorOf('Enter the banner text before showing the banner.')).toBeVisible();
    await form.field('Text').fill('Maintenance tonight from 22:00.');
    await form.save();
    await expect
      .poll(async () => (await (await request.get('/maintenance')).json()) as unknown)
      .toEqual({
        text: 'Maintenance tonight from 22:00.',
        show: true,
      });
    // Hide it again for the other suites.
    await page.getByRole('switch', { name: 'Show the banner' }).uncheck();
    await form.save();
    await expect
      .poll(async () => ((await (await request.get('/maintenance')).json()) as { show: boolean }).show)
      .toBe(false);
  });
});
