import { expect, test, type Browser, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminList } from '../support/admin-console.js';
import { chooseChips } from '../support/popups.js';
import { callApi } from '../support/customer-api.js';
import { signedInPage } from '../support/saved-sign-in.js';

/**
 * Issue 22: "who gave this user access, and when?" answered in the console. An admin grants a role and a board
 * permission, finds both on the Activity page by the user they are about, with old and new values, and on the
 * board's History; a company space admin sees their space's entries only; a customer is refused.
 */

interface Project {
  board: { id: string; name: string };
}
interface Board {
  id: string;
  name: string;
}
interface User {
  id: string;
  email: string;
}

/** A demo customer in the demo company space admin's space (server/src/db/demo-data.ts). */
const CUSTOMER = 'customer@portal.test';
/**
 * A demo person of the other company space, Initech Sensors (server/src/db/demo-projects.ts): nothing about them is
 * in the CSA's space. (internal@ is no outsider: the demo makes them the FAE of an Acme Devices project.)
 */
const OUTSIDER = 'lena.lab@initech.test';
const ROLE = 'Support';

/**
 * A board with a project of the CSA's space (the customer registers one: their projects belong to that space),
 * and a board with no project at all.
 */
async function boardsInAndOutOfSpace(api: AdminApi, browser: Browser) {
  const page = await signedInPage(browser, CUSTOMER);
  const project = (await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
    // The first serial number of a demo board allows any number of registrations.
    board: 'PWR163SN0001',
    name: `Audited project ${Date.now().toString(36)}`,
  })) as unknown as Project;
  await page.context().close();
  const registered = new Set((await api.get<Project[]>('projects')).map((p) => p.board.id));
  const outside = (await api.get<Board[]>('boards')).find((board) => !registered.has(board.id));
  expect(outside, 'a board without projects').toBeTruthy();
  return { inSpace: project.board, outside: outside! };
}

/** The user's id, as they see it themselves. */
async function userId(browser: Browser, email: string): Promise<string> {
  const page = await signedInPage(browser, email);
  const me = await callApi(page, 'GET', 'users/me');
  await page.context().close();
  return (me as unknown as User).id;
}

/** Puts back what a test granted, so later specs meet the demo data (each removal is recorded too). */
async function revoke(api: AdminApi, grants: { role?: [string, string]; permission?: [string, string] }) {
  if (grants.role) await api.call('DELETE', 'users/roles', { role: grants.role[1], user: grants.role[0] });
  if (grants.permission) {
    await api.call('DELETE', `boards/${grants.permission[0]}/permissions/${grants.permission[1]}`);
  }
}

/** The Activity list: its filters, and its records (each row holds a table of its changes, so not `tbody tr`). */
class ActivityList extends AdminList {
  override rows() {
    return this.page.locator('tbody').first().locator(':scope > tr');
  }
}

async function filterActivity(page: Page, filters: Record<string, string>) {
  const list = new ActivityList(page);
  for (const [label, value] of Object.entries(filters)) {
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/audit-log?') && decodeURIComponent(response.url()).includes(value),
    );
    await list.filter(label).fill(value);
    await answered;
  }
  return list;
}

test.describe('admin console: Activity and History (issue 22)', () => {
  test('an admin finds a role and a board permission they granted by the user, with old and new values, and on the board History', async ({
    page,
    browser,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const { inSpace: board } = await boardsInAndOutOfSpace(api, browser);
    const customerId = await userId(browser, CUSTOMER);
    const admin = new AdminConsole(page);
    try {
      // The role, through the generated create form.
      await admin.signIn('admin@portal.test', '/admin/user-roles/create');
      await page.getByRole('textbox', { name: 'Email' }).fill(CUSTOMER);
      await chooseChips(page.locator('.ra-input-roles'), [ROLE]);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () =>
          (await api.get<(User & { roles: { name: string }[] })[]>('users/roles/csv'))
            .find((user) => user.email === CUSTOMER)
            ?.roles.map((role) => role.name),
        )
        .toContain(ROLE);

      // The board permission, on the board's restrictions page.
      await page.goto(`/admin/boards/${board.id}/restrictions`);
      const permissions = page.getByRole('region', { name: 'User permissions' });
      await permissions.getByRole('textbox', { name: 'Email of the portal user' }).fill(CUSTOMER);
      await permissions.getByRole('button', { name: 'Grant', exact: true }).click();
      await expect(permissions.getByText(CUSTOMER)).toBeVisible();

      // Activity, by the user the changes are about and by who made them: both, newest first.
      await page.goto('/admin/audit-log');
      await expect(admin.title()).toContainText('Activity');
      const list = await filterActivity(page, {
        'About user (email or name)': CUSTOMER,
        'Actor (email or name)': 'admin@portal.test',
      });
      await expect(list.rows()).toHaveCount(2);
      const [permissionRow, roleRow] = [list.rows().nth(0), list.rows().nth(1)];
      await expect(permissionRow).toContainText('grant_permission');
      await expect(permissionRow).toContainText(board.id);
      await expect(permissionRow).toContainText(CUSTOMER);
      await expect(roleRow).toContainText('user_role');
      await expect(roleRow).toContainText(customerId);
      // The person the grant is about, by name and email, not only their id (issue 45).
      await expect(roleRow).toContainText(`<${CUSTOMER}>`);
      // A creation in short (issue 45): the fields a person set, here the role.
      const created = roleRow.getByRole('table', { name: 'Created with' });
      await expect(created.getByRole('row').filter({ hasText: 'role' }).getByRole('cell')).toHaveText([ROLE]);

      // One record opened: who, when and the same summary.
      await roleRow.click();
      await expect(page).toHaveURL(/\/admin\/audit-log\/\d+\/show$/);
      await expect(page.getByText('admin@portal.test').first()).toBeVisible();
      const summary = page.getByRole('table', { name: 'Created with' });
      await expect(summary.getByRole('columnheader')).toHaveText(['Field', 'Created with']);
      await expect(summary.getByRole('row').filter({ hasText: 'role' })).toContainText(ROLE);

      // The board's History names the permission and whom it was given to.
      await page.goto(`/admin/boards/${board.id}`);
      const history = page.getByRole('region', { name: 'History' });
      const granted = history.locator('tbody tr').filter({ hasText: 'grant_permission' }).first();
      await expect(granted).toContainText(CUSTOMER);
      await expect(granted).toContainText('admin@portal.test');
    } finally {
      await revoke(api, { role: [CUSTOMER, ROLE], permission: [board.id, customerId] });
    }
  });

  test("a company space admin sees only their space's entries", async ({ browser, request }) => {
    const api = await AdminApi.signIn(request);
    const { inSpace, outside } = await boardsInAndOutOfSpace(api, browser);
    const customerId = await userId(browser, CUSTOMER);
    try {
      // Granted by the service account: one change in the space, two outside it.
      await api.post(`boards/${inSpace.id}/permissions`, { userEmail: CUSTOMER });
      await api.post(`boards/${outside.id}/permissions`, { userEmail: CUSTOMER });
      // The outsider has no sign-in of their own: their id comes with the grant.
      const outsiderId = (await api.post<User>('users/roles', { role: ROLE, user: OUTSIDER })).id;
      // An admin sees all three (so the checks below could fail).
      for (const entityId of [inSpace.id, outside.id, outsiderId]) {
        const records = await api.get<unknown[]>(
          `audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId }))}`,
        );
        expect(records.length, entityId).toBeGreaterThan(0);
      }

      const page = await signedInPage(browser, 'csa@portal.test', '/admin/audit-log');
      const list = new ActivityList(page);
      await expect(list.rows().first()).toBeVisible();
      // Every entry on the first page is about a project, board, person or the space itself.
      const entities = await list.rows().locator('td.column-entity').allInnerTexts();
      expect(entities.length).toBeGreaterThan(0);
      for (const entity of entities) {
        expect(['project', 'board', 'user', 'user_role', 'company_space']).toContain(entity.trim());
      }
      await filterActivity(page, { 'About user (email or name)': CUSTOMER });
      const inSpaceRow = list.rows().filter({ hasText: inSpace.id }).filter({ hasText: 'grant_permission' });
      await expect(inSpaceRow.first()).toBeVisible();
      await expect(list.rows().filter({ hasText: outside.id })).toHaveCount(0);
      await expect(list.rows().filter({ hasText: customerId }).first()).toBeVisible();

      await filterActivity(page, { 'About user (email or name)': OUTSIDER });
      await expect(page.getByText('No Activity found using the current filters.')).toBeVisible();
      await expect(list.rows()).toHaveCount(0);
      await page.context().close();
    } finally {
      await revoke(api, { role: [OUTSIDER, ROLE], permission: [inSpace.id, customerId] });
      await revoke(api, { permission: [outside.id, customerId] });
    }
  });

  test('a customer gets the access-denied page and a 403 from the API', async ({ browser }) => {
    const page = await signedInPage(browser, CUSTOMER, '/admin/audit-log');
    await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
    const status = await page.evaluate(async () => {
      const token = Object.keys(sessionStorage)
        .filter((key) => key.startsWith('oidc.user:'))
        .map((key) => (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token)[0];
      return (await fetch('/api/v1/audit-log', { headers: { authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });
});
