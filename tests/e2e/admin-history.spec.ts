import { expect, test, type Page } from '../support/test.js';
import { AdminApi, ownTool } from '../support/admin-api.js';
import { AdminConsole, AdminForm } from '../support/admin-console.js';
import { chooseChips } from '../support/popups.js';
import { signedInPage } from '../support/saved-sign-in.js';

/**
 * Issue 45: a record page's History answers "who gave this person access, and when?" and shows the changes of the
 * record's parts, a service account's labelled as such.
 */

const PERSON = 'promoted@portal.test';
const ROLE = 'Support';
const ADMIN = 'Ada Admin <admin@portal.test>';
const MACHINE = 'service account `portal-smoke-test` (acting as smoke-test@portal.test)';
const VERSION = '1.0.0';
/** A 1×1 PNG: the icon the administrator uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A version as the API takes it: not public, so the customer catalogue never lists the test's tool. */
const versionInput = (description: string | null) => ({
  version: VERSION,
  versionNumeric: 10000,
  description,
  orderable: false,
  tags: [],
  protocolLink: null,
  spn: null,
  price: null,
  public: false,
  canDownload: false,
  releaseNotes: null,
  exportControlled: false,
  exportControlClassifications: [],
  links: [],
  dependencies: [],
  additionalAttributes: {},
});

/**
 * Opens a record page's History tab and answers its records once the list has some (each record's row holds a
 * table of its changes, so the list's own rows only).
 */
async function historyRows(page: Page) {
  await page.getByRole('tab', { name: 'History' }).click();
  const rows = page.getByRole('tabpanel').locator('tbody').first().locator(':scope > tr');
  await expect(rows.first()).toBeVisible();
  return rows;
}

test.describe('admin console: History of a record and its parts (issue 45)', () => {
  test("a role grant shows on the user's History, a version's changes on the tool's, labelled by who made them", async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const run = Date.now().toString(36);
    // A tool of the test's own, deleted after it: other specs count the demo catalogue's tools and versions.
    const tool = await ownTool(api, 'History Tool', run);
    const description = `Checked in History ${run}`;
    const admin = new AdminConsole(page);
    try {
      // The version, made by the demo service account (a machine client).
      await api.post(`software/${tool.id}/versions`, versionInput(null));

      // The role, through the generated create form, as the administrator.
      await admin.signIn('admin@portal.test', '/admin/user-roles/create');
      await page.getByRole('textbox', { name: 'Email' }).fill(PERSON);
      await chooseChips(page.locator('.ra-input-roles'), [ROLE]);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () =>
          (await api.get<{ email: string; roles: { name: string }[] }[]>('users/roles/csv'))
            .find((user) => user.email === PERSON)
            ?.roles.map((role) => role.name),
        )
        .toContain(ROLE);

      // The version's description, edited by the administrator in the versions editor.
      await page.goto(`/admin/software/${tool.id}/versions`);
      await page.getByRole('button', { name: `Edit version ${VERSION}` }).click();
      const form = new AdminForm(page);
      await form.field('Description').fill(description);
      await form.save();
      await expect(page.getByText('The version is saved.')).toBeVisible();

      // The tool's icon, uploaded on its page: the console asks the icon rule of @portal/resources first.
      await page.goto(`/admin/software/${tool.id}/show`);
      const iconFile = page.locator('input[type="file"]');
      await iconFile.setInputFiles({
        name: 'icon.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg/>'),
      });
      await expect(
        page.getByText('An icon is an image of type image/png, image/jpeg, image/webp.'),
      ).toBeVisible();
      await iconFile.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('The icon is saved.')).toBeVisible();
      const { icon } = await api.get<{ icon: string | null }>(`software/${tool.id}`);
      expect(icon).toMatch(/^tool-icons\/[0-9a-f]{64}\.png$/);
      const served = await request.get(`/api/v1/${icon}`);
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

      // The user's History: the grant, by the administrator, about this person.
      await page.goto(`/admin/user-roles/${encodeURIComponent(PERSON)}/show`);
      const grant = (await historyRows(page)).filter({ hasText: 'user_role' }).filter({ hasText: ROLE });
      await expect(grant).toHaveCount(1);
      await expect(grant).toContainText(ADMIN);
      await expect(grant).toContainText(PERSON);

      // The tool's History: its version's edit by the administrator, with the changed field only, and the
      // version's creation named as the machine's.
      await page.goto(`/admin/software/${tool.id}/show`);
      const toolHistory = await historyRows(page);
      const rows = toolHistory.filter({ hasText: 'tool_version' });
      const edit = rows.filter({ hasText: description });
      await expect(edit).toHaveCount(1);
      await expect(edit).toContainText(ADMIN);
      await expect(edit).not.toContainText(MACHINE);
      const changed = edit.getByRole('table', { name: 'History' }).getByRole('row');
      await expect(changed.filter({ hasText: 'description' })).toContainText(`→ ${description}`);
      await expect(changed.filter({ hasText: 'version' })).toHaveCount(0);
      const made = rows.filter({ hasText: MACHINE });
      await expect(made).toHaveCount(1);
      await expect(made).not.toContainText(ADMIN);
      await expect(made.getByRole('table', { name: 'Created with' })).toContainText(VERSION);
      // The icon is the tool's own change, by the administrator.
      const iconSet = toolHistory.filter({ hasText: 'set_icon' });
      await expect(iconSet).toContainText(ADMIN);
      await expect(iconSet.getByRole('row').filter({ hasText: 'icon' })).toContainText(`→ ${icon}`);
    } finally {
      await api.call('DELETE', 'users/roles', { role: ROLE, user: PERSON });
      await api.call('DELETE', `software/${tool.id}`);
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
