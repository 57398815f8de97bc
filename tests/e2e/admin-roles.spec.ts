import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminList } from '../support/admin-console.js';
import { answerDialog, chooseChips, chooseOption, openPopup } from '../support/popups.js';

interface UserDto {
  email: string;
  roles: { name: string }[];
}

const rolesOf = async (api: AdminApi, email: string) =>
  (await api.get<UserDto[]>('users/roles/csv'))
    .find((user) => user.email === email)
    ?.roles.map((r) => r.name) ?? [];

test.describe('admin console: user roles', () => {
  test('assigns a role and removes it, lists by role, and exports every assignment as CSV', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const admin = new AdminConsole(page);
    const list = new AdminList(page);
    await admin.signIn('admin@portal.test', '/admin/user-roles');

    // Assign through the generated create form: an email and roles from the role names.
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('customer@portal.test');
    await chooseChips(page.locator('.ra-input-roles'), ['Support']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rolesOf(api, 'customer@portal.test')).toEqual(['Support']);

    // The list by role asks users/roles?role=…
    await page.goto('/admin/user-roles');
    const byRole = page.waitForResponse((r) => r.url().includes('/api/v1/users/roles?role=Support'));
    await chooseOption(page.getByRole('combobox', { name: 'Role' }), 'Support');
    expect((await byRole).status()).toBe(200);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row('customer@portal.test')).toBeVisible();

    // Remove it from its chip, after a confirmation.
    const dialog = page.getByRole('dialog', { name: 'Remove the role Support?' });
    await openPopup(
      page.getByRole('button', { name: 'Remove role Support from customer@portal.test' }),
      dialog,
    );
    await answerDialog(dialog, 'Remove role');
    await expect(page.getByText('The role Support was removed from customer@portal.test.')).toBeVisible();
    await expect.poll(() => rolesOf(api, 'customer@portal.test')).toEqual([]);

    // CSV of every assignment, made by the server.
    await page.goto('/admin/user-roles');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('user-roles.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,username,givenName,familyName,roles');
    expect(csv).toMatch(/^admin@portal\.test,.*,Admin$/m);
    expect(csv).toMatch(/^csa@portal\.test,.*,Company Space Admin$/m);
  });

  test("removes one of the admin's own roles only after the separate confirmation", async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    await api.post('users/roles', { role: 'Support', user: 'admin@portal.test' });
    const admin = new AdminConsole(page);
    await admin.signIn('admin@portal.test', '/admin/user-roles');

    // The API refuses the removal of one's own role without the confirmation.
    const refused = await page.evaluate(async () => {
      const token = Object.keys(sessionStorage)
        .filter((key) => key.startsWith('oidc.user:'))
        .map((key) => (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token)[0];
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/api/v1/users/roles', {
        method: 'DELETE',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({ role: 'Support', user: 'admin@portal.test' }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { errors: { errorCode: string }[] },
      };
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]!.errorCode).toBe('confirmation_required');

    const dialog = page.getByRole('dialog', { name: 'Remove your own role Support?' });
    await openPopup(page.getByRole('button', { name: 'Remove role Support from admin@portal.test' }), dialog);
    await expect(dialog.getByText('You are removing one of your own roles.')).toBeVisible();
    const remove = dialog.getByRole('button', { name: 'Remove my role' });
    await expect(remove).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I understand that I remove my own role' }).check();
    const call = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/users/roles') && r.method() === 'DELETE',
    );
    await answerDialog(dialog, 'Remove my role');
    expect((await call).postDataJSON()).toEqual({
      role: 'Support',
      user: 'admin@portal.test',
      confirmOwnRole: true,
    });
    await expect.poll(() => rolesOf(api, 'admin@portal.test')).toEqual(['Admin']);
  });
});
