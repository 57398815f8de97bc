import { expect, test } from '../support/test.js';
import { AdminApi, ownQuestionnaire, ownTool } from '../support/admin-api.js';
import { AdminConsole, AdminForm } from '../support/admin-console.js';
import { answerDialog, chooseOption, chooseSuggestion, openPopup } from '../support/popups.js';

interface Version {
  id: string;
  version: string;
  tags: string[];
}
interface RequestFlow {
  requestFlow: string;
  questionnaireId: string | null;
  requestUrl: string | null;
}

/**
 * What a test made, deleted after it whether it passed or not: the customer catalogue specs count the public
 * catalogue's items, so a tool left by a failed test here would fail them too.
 */
let made: string[] = [];
test.afterEach(async ({ request }) => {
  const api = await AdminApi.signIn(request);
  for (const path of made.reverse()) {
    // 404: the test got as far as deleting it itself, or never made it.
    expect([200, 404], `DELETE ${path}`).toContain((await api.call('DELETE', path)).status);
  }
  made = [];
});

test.describe('admin console: versions and request flows of the catalogue', () => {
  test('adds a tool version with tags from the string list, then deletes it; one editor serves bundles too', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const run = Date.now().toString(36);
    const tool = await ownTool(api, 'E2E Tool', run);
    made.push(`software/${tool.id}`);
    const admin = new AdminConsole(page);
    const form = new AdminForm(page);
    await admin.signIn('admin@portal.test', `/admin/software/${tool.id}/versions`);
    await expect(page.getByText('No version yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add version' }).click();
    await form.field('Version').fill('1.0.0');
    const tags = page.locator('.ra-input-tags');
    await tags.getByRole('button', { name: 'Add' }).click();
    await tags.getByRole('textbox', { name: 'Tags' }).last().fill('beta!');
    await form.save();
    await expect(tags.getByText('A tag may contain only letters, digits, spaces and . _ + -')).toBeVisible();
    await tags.getByRole('textbox', { name: 'Tags' }).last().fill('beta');
    await tags.getByRole('button', { name: 'Add' }).click();
    await tags.getByRole('textbox', { name: 'Tags' }).last().fill('lts');
    await form.save();
    await expect(page.getByText('The version is saved.')).toBeVisible();
    const versions = await api.get<Version[]>(`software/${tool.id}/versions`);
    expect(versions.map((v) => [v.version, v.tags])).toEqual([['1.0.0', ['beta', 'lts']]]);
    // The form has no delete of its own (it would delete the tool): versions are deleted from the list.
    await page.getByRole('button', { name: 'Edit version 1.0.0' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this version?' });
    await openPopup(page.getByRole('button', { name: 'Delete version 1.0.0' }), deleteDialog);
    await answerDialog(deleteDialog, 'Delete');
    await expect(page.getByText('The version is deleted.')).toBeVisible();
    expect(await api.get<Version[]>(`software/${tool.id}/versions`)).toEqual([]);

    // A bundle from its generated form (every key its schema needs has an input), then the same version editor.
    const uuid = `e2e-bundle-${run}`;
    made.push(`software-bundles/${uuid}`);
    await page.goto('/admin/software-bundles/create');
    await form.field('UUID').fill(uuid);
    await form.field('Name').fill(`E2E Bundle ${run}`);
    const hardware = page.locator('.ra-input-hardwareNames');
    await hardware.getByRole('button', { name: 'Add' }).click();
    await hardware.getByRole('textbox', { name: 'Hardware' }).fill('NX121 Shield');
    await chooseOption(page.getByRole('combobox', { name: 'Request flow' }), 'cart');
    await form.save();
    await expect(page).toHaveURL(new RegExp(`/admin/software-bundles/${uuid}/show$`));
    const bundle = await api.get<{ uuid: string; hardwareNames: string[] }>(`software-bundles/${uuid}`);
    expect(bundle.hardwareNames).toEqual(['NX121 Shield']);
    await page.goto(`/admin/softwarebundle/${bundle.uuid}/versions`);
    await page.getByRole('button', { name: 'Add version' }).click();
    await form.field('Version').fill('2025.1');
    await form.save();
    await expect(page.getByText('The version is saved.')).toBeVisible();
    expect(
      (await api.get<Version[]>(`software-bundles/${bundle.uuid}/versions`)).map((v) => v.version),
    ).toEqual(['2025.1']);
  });

  test('sets a request flow: the questionnaire flow needs a questionnaire, with the API message', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const run = Date.now().toString(36);
    // Its own questionnaire: the first of the list may be another spec's, half-made or about to be deleted.
    const questionnaire = await ownQuestionnaire(api, `E2E Flow Questionnaire ${run}`);
    made.push(`questionnaires/${questionnaire.id}`);
    // Made after it, so deleted before it: the tool's flow names the questionnaire.
    const tool = await ownTool(api, 'E2E Flow Tool', run);
    made.push(`software/${tool.id}`);
    const form = new AdminForm(page);
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/software/${tool.id}/request-flow`);

    await chooseOption(
      page.getByRole('combobox', { name: 'How customers ask for it' }),
      'Through the cart, with a questionnaire',
    );
    await form.save();
    await expect(
      form.errorOf('Select the questionnaire customers fill in with their request.'),
    ).toBeVisible();
    await chooseSuggestion(
      page.getByRole('combobox', { name: 'Questionnaire', exact: true }),
      questionnaire.name,
      questionnaire.name,
    );
    await form.save();
    await expect(page.getByText('The request flow is saved.')).toBeVisible();
    expect(await api.get<RequestFlow>(`software/${tool.id}/request-flow`)).toMatchObject({
      requestFlow: 'cart-with-questionnaire',
      questionnaireId: questionnaire.id,
      requestUrl: null,
    });
  });
});
