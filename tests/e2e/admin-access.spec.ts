import { expect, test } from '@playwright/test';
import { AdminConsole, AdminList } from '../support/admin-console.js';
import { accessTokenOf } from '../support/pages.js';

test.describe('admin console: a company space admin', () => {
  test('sees only the sections the definitions give them, only their own company space, and is refused the rest', async ({
    page,
  }) => {
    const admin = new AdminConsole(page);
    await admin.signIn('csa@portal.test');
    expect(await admin.menuNames()).toEqual([
      'Dashboard',
      'Company spaces',
      'Board links to company space viewers',
    ]);
    // No board overview on their dashboard.
    await expect(page.getByRole('heading', { name: 'Board overview' })).toHaveCount(0);

    await admin.menuItems().filter({ hasText: 'Company spaces' }).click();
    const list = new AdminList(page);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row('Acme Devices')).toBeVisible();

    for (const path of ['/admin/boards', '/admin/user-roles', '/admin/partners/add', '/admin/statistics']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access denied', level: 1 }), path).toBeVisible();
      await expect(list.rows()).toHaveCount(0);
    }

    // The API refuses them too: the console only mirrors it.
    const token = await accessTokenOf(page);
    const status = await page.evaluate(
      async (t) => (await fetch('/api/v1/boards', { headers: { authorization: `Bearer ${t}` } })).status,
      token,
    );
    expect(status).toBe(403);
  });
});
