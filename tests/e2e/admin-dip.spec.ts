import { expect, test, type Locator, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminForm } from '../support/admin-console.js';
import { answerDialog, chooseOption, chooseSuggestion, openPopup } from '../support/popups.js';

interface Board {
  id: string;
  name: string;
  ispn: string | null;
  secure: boolean;
  source: string | null;
}
interface DipStep {
  id: string;
  stepNumber: number;
  title: string;
  description: string | null;
  resolverRoles: string[];
  completer: string | null;
  completionType: string | null;
  confirmationRequired: boolean;
  csaReset: boolean;
  secure: boolean;
  childProject: { boardIspn: string; ownerEmail: string; substituteEmail: string | null } | null;
}
interface DipSteps {
  steps: DipStep[];
  warnings: string[];
}

/** Boards no other suite edits: from the end of the demo list, the kind asked for. */
async function boards(api: AdminApi, secure: boolean): Promise<Board[]> {
  const all = await api.get<Board[]>('boards');
  return all.filter((board) => board.secure === secure && !!board.ispn).reverse();
}

/** The n-th step card of the DIP editor. */
const stepCard = (page: Page, index: number): Locator => page.getByTestId('dip-step').nth(index);

async function chooseTask(card: Locator, task: string) {
  await chooseOption(card.getByRole('combobox', { name: 'Task' }), task);
}

const ALL_TASKS = [
  'None: the step only informs',
  'File upload',
  'Secure configuration upload (XML validation)',
  'Encrypted file upload',
  'Short ROM code (SRC)',
  'Development code',
  'Text input',
  'Checkbox',
  'Checkbox with a comment',
  'Long text',
  'Child project',
];

test.describe('admin console: the design-in process of a board', () => {
  test('builds a process with the editor: the rules of spec §5 with the API messages, warnings, order, remove and recover', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const api = await AdminApi.signIn(request);
    const [board, childBoard] = await boards(api, false);
    await api.call('DELETE', `boards/${board!.id}/dip-steps`);
    const admin = new AdminConsole(page);
    await admin.signIn('admin@portal.test', `/admin/boards/${board!.id}/dip`);
    await expect(
      page.getByText('This board has no design-in process yet. Add its first step.'),
    ).toBeVisible();

    // Saving nothing: a process needs a step.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'A design-in process needs at least one step.' }),
    ).toBeVisible();

    // Step 1: every task is offered but the deprecated sales code; the rules answer with the API's messages.
    await page.getByRole('button', { name: 'Add step' }).click();
    const first = stepCard(page, 0);
    await openPopup(first.getByRole('combobox', { name: 'Task' }), page.getByRole('listbox'));
    await expect(page.getByRole('option')).toHaveText(ALL_TASKS);
    await chooseOption(first.getByRole('combobox', { name: 'Task' }), 'Text input');
    await first.getByRole('checkbox', { name: 'Nobody (the system)' }).check();
    await first.getByRole('textbox', { name: 'Title' }).fill('ab');
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/dip-steps')) puts.push(r.url());
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Step title must have at least 3 characters.')).toBeVisible();
    await expect(first.getByText('Description is required when the step has a task type.')).toBeVisible();
    await expect(first.getByText('Nobody cannot be combined with other resolvers.')).toBeVisible();
    expect(puts).toEqual([]);
    await first.getByRole('textbox', { name: 'Title' }).fill('Name your product');
    await first.getByRole('textbox', { name: 'What the customer has to do' }).fill('Enter the product name.');
    await first.getByRole('checkbox', { name: 'Nobody (the system)' }).uncheck();
    await first.getByRole('switch', { name: 'Needs a confirmation after it is submitted' }).check();
    await chooseOption(first.getByRole('combobox', { name: 'Confirmed by' }), 'FAE');
    await first.getByRole('switch', { name: /company space admin may reset/ }).check();

    // Step 2: a child project, resolved by the system; its owner must be a portal user (the API says so).
    await page.getByRole('button', { name: 'Add step' }).click();
    const second = stepCard(page, 1);
    await second.getByRole('textbox', { name: 'Title' }).fill('Register the production board');
    await chooseTask(second, 'Child project');
    await expect(second.getByRole('checkbox', { name: 'Nobody (the system)' })).toBeChecked();
    await second
      .getByRole('textbox', { name: 'What the customer has to do' })
      .fill('The portal registers it.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('Select the board of the child project.')).toBeVisible();
    await expect(second.getByText("The child project's owner email is required.")).toBeVisible();
    await chooseSuggestion(
      second.getByRole('combobox', { name: /Board of the child project/ }),
      childBoard!.ispn!,
      new RegExp(childBoard!.name),
    );
    await second
      .getByRole('textbox', { name: 'Owner email of the child project' })
      .fill('nobody-here@example.com');

    // Step 3: a secure step on a board that is not secure: saved, with the API's warning.
    await page.getByRole('button', { name: 'Add step' }).click();
    const third = stepCard(page, 2);
    await third.getByRole('textbox', { name: 'Title' }).fill('Upload the secure configuration');
    await third.getByRole('switch', { name: /secure workflow/ }).check();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('No portal user has this email address.')).toBeVisible();
    await second
      .getByRole('textbox', { name: 'Owner email of the child project' })
      .fill('customer@portal.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The design-in process is saved.')).toBeVisible();
    await expect(page.getByTestId('dip-warnings')).toContainText(
      'Step "Upload the secure configuration" is secure and is ignored on a board that is not secure.',
    );

    let saved = await api.get<DipSteps>(`boards/${board!.id}/dip-steps`);
    expect(saved.steps.map((s) => [s.stepNumber, s.title, s.completionType])).toEqual([
      [1, 'Name your product', 'input'],
      [2, 'Register the production board', 'child-project'],
      [3, 'Upload the secure configuration', null],
    ]);
    expect(saved.steps[0]).toMatchObject({
      resolverRoles: ['project-member'],
      confirmationRequired: true,
      completer: 'fae',
      csaReset: true,
    });
    expect(saved.steps[1]).toMatchObject({
      resolverRoles: ['nobody'],
      childProject: {
        boardIspn: childBoard!.ispn,
        ownerEmail: 'customer@portal.test',
        substituteEmail: null,
      },
    });
    expect(saved.warnings).toHaveLength(1);

    // The warning is there again after a reload.
    await page.reload();
    await expect(page.getByTestId('dip-warnings')).toBeVisible();

    // Reorder, mark removed, recover: nothing changes before the save.
    await page.getByRole('button', { name: 'Move step 2 up' }).click();
    await page.getByRole('button', { name: 'Remove step 3' }).click();
    await expect(stepCard(page, 2).getByText('Removed on save')).toBeVisible();
    await page.getByRole('button', { name: 'Remove step 1' }).click();
    await page.getByRole('button', { name: 'Recover step 1' }).click();
    expect((await api.get<DipSteps>(`boards/${board!.id}/dip-steps`)).steps).toHaveLength(3);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The design-in process is saved.')).toBeVisible();
    saved = await api.get<DipSteps>(`boards/${board!.id}/dip-steps`);
    expect(saved.steps.map((s) => s.title)).toEqual(['Register the production board', 'Name your product']);
    expect(saved.warnings).toEqual([]);
    await expect(page.getByTestId('dip-warnings')).toHaveCount(0);

    // The per-step getting started, at the spec's path with the step's number.
    await page.getByRole('link', { name: 'Getting started of step 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board!.id}/dip/2/getting-started$`));
    await expect(page.getByText('Step 2: Name your product')).toBeVisible();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Find the product name on the label');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The getting-started items are saved.')).toBeVisible();
    const stepId = saved.steps[1]!.id;
    expect(
      (await api.get<{ title: string }[]>(`boards/${board!.id}/dip-steps/${stepId}/getting-started`)).map(
        (item) => item.title,
      ),
    ).toEqual(['Find the product name on the label']);

    // Removing the whole process asks first.
    await page.getByRole('link', { name: 'Back to the design-in process' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove the design-in process?' });
    await openPopup(page.getByRole('button', { name: 'Remove the whole process' }), removeDialog);
    await answerDialog(removeDialog, 'Remove the whole process');
    await expect(page.getByText('The design-in process is removed.')).toBeVisible();
    expect((await api.get<DipSteps>(`boards/${board!.id}/dip-steps`)).steps).toEqual([]);
  });

  test('sets the follow-up process: the next board, and a next owner the API must know', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const [, , board, next] = await boards(api, false);
    await api.call('DELETE', `boards/${board!.id}/follow-up`);
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/boards/${board!.id}/next`);
    await expect(page.getByTestId('follow-up-state')).toHaveText(
      'No follow-up is set: projects end with the design-in process.',
    );
    const form = new AdminForm(page);
    await form.field('Next owner email (optional)').fill('not an email');
    await form.save();
    await expect(form.errorOf('Select the next board.')).toBeVisible();
    await chooseSuggestion(page.getByRole('combobox', { name: 'Next board' }), next!.name, next!.name);
    await form.save();
    await expect(form.errorOf('Please enter a valid email address or leave the field empty.')).toBeVisible();
    await form.field('Next owner email (optional)').fill('nobody-here@example.com');
    await form.save();
    await expect(form.errorOf('No user with this email address was found for the follow-up.')).toBeVisible();
    await form.field('Next owner email (optional)').fill('promoted@portal.test');
    await form.save();
    await expect(page.getByTestId('follow-up-state')).toHaveText(`Projects continue on ${next!.name}.`);
    expect(await api.get(`boards/${board!.id}/follow-up`)).toEqual({
      followUp: { nextBoardId: next!.id, nextBoardName: next!.name, nextOwnerEmail: 'promoted@portal.test' },
    });

    const followUpDialog = page.getByRole('dialog');
    await openPopup(page.getByRole('button', { name: 'Remove the follow-up' }), followUpDialog);
    await answerDialog(followUpDialog, 'Remove the follow-up');
    await expect(page.getByText('The follow-up process is removed.')).toBeVisible();
    expect(await api.get(`boards/${board!.id}/follow-up`)).toEqual({ followUp: null });
  });

  test('configures the secure workflow and the XML validation entries with metadata keys', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const [board] = await boards(api, true);
    const key = `e2eKey${Date.now().toString(36)}`;
    await api.post('metadata-keys', { key, label: 'E2E device id' });
    await api.call('PUT', `boards/${board!.id}/xml-validation-entries`, { entries: [] });
    const admin = new AdminConsole(page);
    const form = new AdminForm(page);
    await admin.signIn('admin@portal.test', `/admin/boards/${board!.id}/secure-workflow`);

    // Accepted file types: a string list checked with the API's rule.
    const types = page.locator('.ra-input-acceptedFileTypes');
    await types.getByRole('button', { name: 'Add' }).click();
    await types.getByRole('textbox', { name: 'Accepted file types' }).last().fill('bin');
    await form.save();
    await expect(
      types.getByText('A file type is a dot followed by letters or digits, such as .xml.'),
    ).toBeVisible();
    await types.getByRole('textbox', { name: 'Accepted file types' }).last().fill('.XML');
    await form.save();
    await expect(types.getByText('A file type appears twice.')).toBeVisible();
    await types.getByRole('textbox', { name: 'Accepted file types' }).last().fill('.bin');
    await page.getByRole('radio', { name: 'At any time' }).check();
    await form.save();
    await expect(page.getByText('The secure workflow configuration is saved.')).toBeVisible();
    const config = await api.get<{ acceptedFileTypes: string[]; dipAsset: { delete: string[] } }>(
      `boards/${board!.id}/secure-workflow`,
    );
    expect(config.acceptedFileTypes).toEqual([...config.acceptedFileTypes.slice(0, -1), '.bin']);
    expect(config.acceptedFileTypes).toContain('.xml');
    expect(config.dipAsset.delete).toEqual(['always']);
    await expect(page.getByText('No XML validation entry yet.')).toBeVisible();

    // XML validation entries: a metadata entry needs a key from the metadata keys; the API compiles the XPath.
    await page.getByRole('link', { name: 'Edit the XML validation' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board!.id}/validation$`));
    const entries = page.locator('.ra-input-entries');
    await entries.getByRole('button', { name: 'Add' }).click();
    await entries.getByRole('textbox', { name: 'XPath' }).nth(0).fill('/secureConfiguration/device/@id');
    await form.save();
    await expect(entries.getByText('A metadata entry needs a metadata key.')).toBeVisible();
    await chooseSuggestion(
      entries.getByRole('combobox', { name: 'Metadata key' }),
      'E2E device',
      `E2E device id (${key})`,
    );

    await entries.getByRole('button', { name: 'Add' }).click();
    await chooseOption(entries.getByRole('combobox', { name: 'Type' }).nth(1), 'match');
    await entries.getByRole('textbox', { name: 'XPath' }).nth(1).fill('count(/secureConfiguration/key[');
    await entries
      .getByRole('textbox', { name: 'Error message (optional)' })
      .nth(1)
      .fill('The configuration must contain one key.');
    await form.save();
    await expect(entries.getByText('This XPath expression is not valid.')).toBeVisible();
    await entries
      .getByRole('textbox', { name: 'XPath' })
      .nth(1)
      .fill("count(/secureConfiguration/key[@type='aes'])=1");
    await form.save();
    await expect(page.getByText('The XML validation entries are saved.')).toBeVisible();
    expect(await api.get(`boards/${board!.id}/xml-validation-entries`)).toEqual([
      { type: 'metadata', xpath: '/secureConfiguration/device/@id', metadataKey: key, errorMessage: null },
      {
        type: 'match',
        xpath: "count(/secureConfiguration/key[@type='aes'])=1",
        metadataKey: null,
        errorMessage: 'The configuration must contain one key.',
      },
    ]);

    // The secure workflow lists them as its DIP asset validators.
    await page.goto(`/admin/boards/${board!.id}/secure-workflow`);
    const validators = page.getByRole('region', { name: 'DIP asset validators' });
    await expect(validators.getByText('/secureConfiguration/device/@id')).toBeVisible();
    await expect(validators.getByText("count(/secureConfiguration/key[@type='aes'])=1")).toBeVisible();
  });
});
