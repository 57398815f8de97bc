import { expect, test } from '../support/test.js';
import { ADMIN_RESOURCES, companySpacesResource, reachableResources } from '@portal/resources';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminList } from '../support/admin-console.js';
import { accessTokenOf } from '../support/pages.js';
import { chooseSuggestion } from '../support/popups.js';

const companySpaceAdmin = { roles: [{ name: 'Company Space Admin' }] };
// What a company space admin reaches is the definitions' access, never a list written here.
const reachable = reachableResources(companySpaceAdmin, ADMIN_RESOURCES);
const refused = ADMIN_RESOURCES.filter((definition) => !reachable.includes(definition));

test.describe('admin console: a company space admin', () => {
  test('sees only the sections the definitions give them, only their own company space, and is refused the rest', async ({
    page,
  }) => {
    expect(reachable.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const admin = new AdminConsole(page);
    await admin.signIn('csa@portal.test');
    expect(await admin.menuNames()).toEqual(['Dashboard', ...reachable.map((d) => d.label.many)]);
    // No board overview on their dashboard.
    await expect(page.getByRole('heading', { name: 'Board overview' })).toHaveCount(0);

    await admin.menuItems().filter({ hasText: companySpacesResource.label.many }).click();
    const list = new AdminList(page);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row('Acme Devices')).toBeVisible();

    // Every section the definitions keep from them, an alias of one, and a hand-made page for admins.
    const closed = [...refused.map((d) => `/admin/${d.name}`), '/admin/partners/add', '/admin/statistics'];
    for (const path of closed) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access denied', level: 1 }), path).toBeVisible();
      await expect(list.rows()).toHaveCount(0);
    }

    // The API answers each resource's list as its definition says: the console only mirrors it. A list the
    // customer side shares answers the caller's own rows instead, and this company space admin has none.
    const token = await accessTokenOf(page);
    const answers = await page.evaluate(
      async ({ t, paths }) =>
        Promise.all(
          paths.map(async (path) => {
            const response = await fetch(`/api/v1/${path}`, { headers: { authorization: `Bearer ${t}` } });
            const body: unknown = await response.json();
            return { status: response.status, rows: Array.isArray(body) ? body.length : null };
          }),
        ),
      { t: token, paths: ADMIN_RESOURCES.map((d) => d.path) },
    );
    ADMIN_RESOURCES.forEach((definition, i) => {
      const { status, rows } = answers[i]!;
      if (reachable.includes(definition)) expect(status, definition.name).toBe(200);
      else
        expect(status === 403 || (status === 200 && rows === 0), `${definition.name}: ${status}`).toBe(true);
    });
    expect(answers.filter((answer) => answer.status === 403).length).toBeGreaterThan(0);
  });
});

test.describe('admin console: board links to company space viewers', () => {
  test('a company space admin links a board to a member of their space, picking from the boards offered for links', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const boards = await api.get<{ id: string; name: string }[]>('boards');
    const board = boards[boards.length - 8]!;
    const admin = new AdminConsole(page);
    await admin.signIn('csa@portal.test', '/admin/board-viewer-links/create');
    const picker = page.waitForRequest((r) => r.url().includes('/api/v1/board-viewer-links/boards'));
    const boardBox = page.getByRole('combobox', { name: 'Board' });
    await boardBox.fill(board.name);
    // The picker reads the boards offered for links: the admin board list would answer 403.
    expect((await (await picker).response())?.status()).toBe(200);
    await chooseSuggestion(boardBox, board.name, board.name);
    await page.getByRole('textbox', { name: 'User email' }).fill('customer@portal.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/board-viewer-links\/[\w-]+\/show$/);

    const links = await api.get<{ id: string; boardId: string; userEmail: string }[]>(
      `board-viewer-links?filter=${encodeURIComponent(JSON.stringify({ boardId: board.id }))}`,
    );
    expect(links.map((link) => link.userEmail)).toContain('customer@portal.test');

    // A user of another company space (or none) is refused by the API, on the field.
    await page.goto('/admin/board-viewer-links/create');
    await chooseSuggestion(page.getByRole('combobox', { name: 'Board' }), board.name, board.name);
    await page.getByRole('textbox', { name: 'User email' }).fill('internal@portal.test');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/board-viewer-links') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(403);
    await expect(admin.notification()).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
    const after = await api.get<{ userEmail: string }[]>(
      `board-viewer-links?filter=${encodeURIComponent(JSON.stringify({ boardId: board.id }))}`,
    );
    expect(after.map((link) => link.userEmail)).not.toContain('internal@portal.test');

    // The link made customer@ a viewer of every project on that board: remove it, so other suites see their roles.
    for (const link of links.filter((each) => each.userEmail === 'customer@portal.test')) {
      expect((await api.call('DELETE', `board-viewer-links/${link.id}`)).status).toBeLessThan(300);
    }
  });
});
