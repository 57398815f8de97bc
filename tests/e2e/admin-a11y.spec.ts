import { expect, test, type APIRequestContext, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole } from '../support/admin-console.js';
import { expectNoSeriousA11yFindings } from '../support/axe.js';
import { followInApp } from '../support/in-app.js';

/**
 * Opens each page in the console already loaded, waits for its calls, the end of its loading and its text, and
 * expects no serious or critical axe finding.
 */
async function expectNoSeriousFindings(page: Page, pages: [path: string, text?: string][], label = '') {
  for (const [path, text] of pages) {
    // The page as loaded, not its spinner (a page without its text to wait for can still be loading).
    await followInApp(page, path);
    if (text) await expect(page.getByText(text).first()).toBeVisible();
    await expectNoSeriousA11yFindings(page, `${path}${label}`);
  }
}

/** A board and an order of the demo data, for the pages that show one. */
async function ids(request: APIRequestContext) {
  const api = await AdminApi.signIn(request);
  const [board] = await api.get<{ id: string }[]>('boards?range=[0,0]');
  const [order] = await api.get<{ id: string }[]>('orders?range=[0,0]');
  return { board: board!.id, order: order!.id };
}

// Three tests rather than one: each stays well inside its timeout on a machine with both cores busy.
test.describe('admin console accessibility: no serious or critical axe findings', () => {
  test.beforeEach(() => test.setTimeout(180_000));

  test('on the console’s own pages', async ({ page }) => {
    await new AdminConsole(page).signIn('admin@portal.test');
    await expectNoSeriousFindings(page, [
      ['/admin', 'Board overview'],
      ['/admin/boards', 'Boards'],
      ['/admin/partners/add', 'Create Partner'],
      ['/admin/user-roles', 'User roles'],
      ['/admin/service-accounts', 'Service accounts'],
      ['/admin/company-spaces', 'Company spaces'],
      ['/admin/feature-flags/create', 'Create Feature flag'],
      ['/admin/maintenance', 'Maintenance banner'],
      ['/admin/export-access-requests', 'Export access requests'],
    ]);
  });

  test('on the pages of a board and an order', async ({ page, request }) => {
    const { board, order } = await ids(request);
    await new AdminConsole(page).signIn('admin@portal.test');
    await expectNoSeriousFindings(page, [
      [`/admin/boards/${board}`, 'Board pages'],
      [`/admin/boards/${board}/serialnumbers/edit`, 'Serial numbers of'],
      [`/admin/boards/${board}/restrictions`, 'Users and restrictions of'],
      [`/admin/boards/${board}/dip`, 'Design-in process of'],
      [`/admin/boards/${board}/next`, 'Follow-up process of'],
      [`/admin/boards/${board}/secure-workflow`, 'Secure workflow of'],
      [`/admin/boards/${board}/validation`, 'XML validation of'],
      ['/admin/orders', 'Orders'],
      [`/admin/orders/${order}/show`, 'Positions'],
    ]);
  });

  test('in the dark theme', async ({ page, request }) => {
    const { board, order } = await ids(request);
    await new AdminConsole(page).signIn('admin@portal.test');
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(49, 49, 49)');
    await expectNoSeriousFindings(
      page,
      [
        ['/admin'],
        ['/admin/partners/add'],
        [`/admin/boards/${board}`],
        [`/admin/boards/${board}/dip`],
        [`/admin/orders/${order}/show`],
      ],
      ' (dark)',
    );
  });
});
