import { expect, test, type Page } from '@playwright/test';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole } from '../support/admin-console.js';
import { chooseChips } from '../support/popups.js';
import { signedInPage } from '../support/saved-sign-in.js';

/**
 * Issue 45: a record page's History answers "who gave this person access, and when?" and shows the changes of the
 * record's parts. An admin grants a role in the console and the demo service account changes a tool's version;
 * the user's and the tool's History tabs show them, the machine's change labelled as a service account's. A
 * company space admin finds the demo space's projects.
 */

const PERSON = 'promoted@portal.test';
const ROLE = 'Support';
/** A demo tool (server/src/db/demo-catalogue-tools.ts). */
const TOOL = 'nx-flash-programmer';
const MACHINE = 'service account `portal-smoke-test` (acting as smoke-test@portal.test)';

interface Tool {
  id: string;
  featureId: string;
}
type Version = Record<string, unknown> & { id: string; description: string | null };

/** The version's input as the API takes it back (its detail holds more). */
const VERSION_INPUT = [
  'version',
  'versionNumeric',
  'description',
  'orderable',
  'tags',
  'protocolLink',
  'spn',
  'price',
  'public',
  'canDownload',
  'releaseNotes',
  'exportControlled',
  'exportControlClassifications',
  'links',
  'dependencies',
  'additionalAttributes',
];

/** Opens a record page's History tab and answers its panel once the list has rows. */
async function historyTab(page: Page) {
  await page.getByRole('tab', { name: 'History' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('tbody tr').first()).toBeVisible();
  return panel;
}

test.describe('admin console: History of a record and its parts (issue 45)', () => {
  test("a role grant shows on the user's History, a version change on the tool's, labelled by who made it", async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const tool = (await api.get<Tool[]>('software')).find((item) => item.featureId === TOOL)!;
    expect(tool, TOOL).toBeTruthy();
    const [version] = await api.get<Version[]>(`software/${tool.id}/versions`);
    const description = `Checked in History ${Date.now().toString(36)}`;
    const admin = new AdminConsole(page);
    try {
      // The role, through the generated create form, as the administrator.
      await admin.signIn('admin@portal.test', '/admin/user-roles/create');
      await page.getByRole('textbox', { name: 'Email' }).fill(PERSON);
      await chooseChips(page.locator('.ra-input-roles'), [ROLE]);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/user-roles(\/|$|\?)/);

      // The version, changed by the demo service account (a machine client).
      const input = Object.fromEntries(VERSION_INPUT.map((key) => [key, version![key]]));
      const put = await api.call('PUT', `software/${tool.id}/versions/${version!.id}`, {
        ...input,
        description,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);

      // The user's History: the grant, by the administrator, about this person.
      await page.goto(`/admin/user-roles/${encodeURIComponent(PERSON)}/show`);
      const userHistory = await historyTab(page);
      const grant = userHistory
        .locator('tbody tr')
        .filter({ hasText: 'user_role' })
        .filter({ hasText: ROLE });
      await expect(grant.first()).toContainText('Ada Admin <admin@portal.test>');
      await expect(grant.first()).toContainText(PERSON);

      // The tool's History: its version's change, named as the machine's, with the changed field only.
      await page.goto(`/admin/software/${tool.id}/show`);
      const toolHistory = await historyTab(page);
      const change = toolHistory
        .locator('tbody tr')
        .filter({ hasText: 'tool_version' })
        .filter({ hasText: description });
      await expect(change.first()).toContainText(MACHINE);
      await expect(change.first().getByRole('row').filter({ hasText: 'description' })).toContainText(
        `→ ${description}`,
      );
    } finally {
      await api.call('DELETE', 'users/roles', { role: ROLE, user: PERSON });
    }
  });

  test("a company space admin finds the demo space's projects", async ({ browser }) => {
    const page = await signedInPage(browser, 'csa@portal.test', '/my/projects');
    const main = page.getByRole('main');
    for (const name of ['Motor control demo', 'Sensor fusion', 'Power stage evaluation']) {
      await expect(main.getByRole('link', { name }).first()).toBeVisible();
    }
    // The other demo space's projects are not theirs to see.
    await expect(main.getByRole('link', { name: 'Radar bring-up' })).toHaveCount(0);
    await page.context().close();
  });
});
