import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole } from '../support/admin-console.js';

async function seriousFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('admin console accessibility', () => {
  test('has no serious or critical axe findings on the main pages, light and dark', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await AdminApi.signIn(request);
    const [board] = await api.get<{ id: string }[]>('boards?range=[0,0]');
    const [order] = await api.get<{ id: string }[]>('orders?range=[0,0]');
    const admin = new AdminConsole(page);
    await admin.signIn('admin@portal.test');
    const pages: [string, string][] = [
      ['/admin', 'Board overview'],
      ['/admin/boards', 'Boards'],
      ['/admin/partners/add', 'Create Partner'],
      ['/admin/user-roles', 'User roles'],
      ['/admin/service-accounts', 'Service accounts'],
      ['/admin/company-spaces', 'Company spaces'],
      ['/admin/feature-flags/create', 'Create Feature flag'],
      ['/admin/maintenance', 'Maintenance banner'],
      [`/admin/boards/${board!.id}`, 'Board pages'],
      [`/admin/boards/${board!.id}/serialnumbers/edit`, 'Serial numbers of'],
      [`/admin/boards/${board!.id}/restrictions`, 'Users and restrictions of'],
      [`/admin/boards/${board!.id}/dip`, 'Design-in process of'],
      [`/admin/boards/${board!.id}/next`, 'Follow-up process of'],
      [`/admin/boards/${board!.id}/secure-workflow`, 'Secure workflow of'],
      [`/admin/boards/${board!.id}/validation`, 'XML validation of'],
      ['/admin/orders', 'Orders'],
      [`/admin/orders/${order!.id}/show`, 'Positions'],
      ['/admin/export-access-requests', 'Export access requests'],
    ];
    for (const [path, text] of pages) {
      await page.goto(path);
      await expect(page.getByText(text).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousFindings(page), path).toEqual([]);
    }

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(49, 49, 49)');
    for (const path of [
      '/admin',
      '/admin/partners/add',
      `/admin/boards/${board!.id}`,
      `/admin/boards/${board!.id}/dip`,
      `/admin/orders/${order!.id}/show`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousFindings(page), `${path} (dark)`).toEqual([]);
    }
  });
});
