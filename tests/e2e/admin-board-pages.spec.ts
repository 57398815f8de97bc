import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminForm, AdminList } from '../support/admin-console.js';
import { answerDialog, chooseSuggestion, openPopup } from '../support/popups.js';

interface Board {
  id: string;
  name: string;
  source: string | null;
  releasedForRegistration: boolean;
  restrictedAccess: boolean;
  features: string[];
  benefits: string[];
}
interface BoardDocument {
  id: string;
  title: string;
  source: string;
  exclusive: boolean;
  primary: boolean;
}
interface Step {
  id: string;
  title: string;
}

/** Boards of the demo data by position, so each test works on its own board. */
async function boardAt(api: AdminApi, index: number): Promise<Board> {
  const boards = await api.get<Board[]>('boards');
  const portalBoards = boards.filter((board) => board.source !== 'BSG');
  return api.get<Board>(`boards/${portalBoards[portalBoards.length - 1 - index]!.id}`);
}

test.describe('admin console: the editors of a board', () => {
  test("edits a board's features and benefits as lists, and keeps the release flag read-only where the source provides it", async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const board = await boardAt(api, 0);
    const admin = new AdminConsole(page);
    await admin.signIn('admin@portal.test', `/admin/boards/${board.id}/edit`);
    const features = page.locator('.ra-input-features');
    const entries = features.getByRole('textbox', { name: 'Features' });
    await expect(entries).toHaveCount(board.features.length);

    // An empty entry is refused with the rule's message, before any call.
    await features.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(features.getByText('A bullet point may not be empty.')).toBeVisible();
    await entries.last().fill('Runs from a coin cell');
    await features.getByRole('button', { name: 'Add' }).click();
    await entries.last().fill('Ships with a debugger');
    const benefits = page.locator('.ra-input-benefits');
    await benefits.getByRole('button', { name: 'Add' }).click();
    await benefits.getByRole('textbox', { name: 'Benefits' }).last().fill('Prototype in a day');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/show$`));
    await expect(page.getByText('Ships with a debugger')).toBeVisible();
    const saved = await api.get<Board>(`boards/${board.id}`);
    expect(saved.features).toEqual([...board.features, 'Runs from a coin cell', 'Ships with a debugger']);
    expect(saved.benefits).toEqual([...board.benefits, 'Prototype in a day']);

    // A board whose source provides the release flag (BSG): the switch is shown, not editable, and says why.
    const imported = (await api.get<Board[]>('boards')).find((b) => b.source === 'BSG')!;
    await page.goto(`/admin/boards/${imported.id}/edit`);
    const released = page.getByRole('switch', { name: 'Released for registration' });
    await expect(released).toBeDisabled();
    await expect(page.getByText('Provided by the data source: it cannot be changed here.')).toBeVisible();
    // Another field still saves; the flag goes back unchanged, so the API accepts it.
    await page.getByRole('textbox', { name: 'Version' }).fill('9.9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${imported.id}/show$`));
    const after = await api.get<Board>(`boards/${imported.id}`);
    expect(after.releasedForRegistration).toBe(imported.releasedForRegistration);
    // The API refuses the change itself: the console only mirrors it.
    const refused = await api.call('PUT', `boards/${imported.id}`, {
      releasedForRegistration: !imported.releasedForRegistration,
    });
    expect(refused.status).toBe(409);
  });

  test('adds a user document, switches it primary and exclusive, and deletes it; SAMI documents are marked apart', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const board = await boardAt(api, 1);
    const title = `E2E Manual ${Date.now().toString(36)}`;
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/boards/${board.id}/documents/edit`);
    await page.getByRole('link', { name: 'Add document' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/documents/add$`));

    const form = new AdminForm(page);
    await form.field('Title').fill('Manual (draft)');
    // Spec §5: a file name has letters, digits, spaces, - _ ( ) only.
    await form.field('File name').fill('manual');
    await form.field('Address of the file').fill('https://files.example/manual.pdf');
    await form.save();
    await expect(
      form.errorOf('Document title may contain only letters, digits, spaces and _ - . +'),
    ).toBeVisible();
    await form.field('Title').fill(title);
    await form.save();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/documents/edit$`));

    const list = new AdminList(page);
    const row = list.row(title);
    await expect(row.getByText('User document')).toBeVisible();
    // The switches save at once (pessimistically): each turns on once the API has it.
    for (const name of [`Primary document: ${title}`, `Exclusive: ${title}`]) {
      await page.getByRole('switch', { name }).click();
      await expect(page.getByRole('switch', { name })).toBeChecked();
    }
    await expect
      .poll(async () => {
        const documents = await api.get<BoardDocument[]>(`boards/${board.id}/documents`);
        const added = documents.find((d) => d.title === title);
        return [added?.source, added?.primary, added?.exclusive, documents.filter((d) => d.primary).length];
      })
      .toEqual(['custom', true, true, 1]);

    const deleteDialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await openPopup(page.getByRole('button', { name: `Delete ${title}` }), deleteDialog);
    await answerDialog(deleteDialog, 'Delete');
    await expect(page.getByText('The document is deleted.')).toBeVisible();
    await expect(list.row(title)).toHaveCount(0);
    const documents = await api.get<BoardDocument[]>(`boards/${board.id}/documents`);
    expect(documents.map((d) => d.title)).not.toContain(title);
  });

  test('edits getting-started items: add, reorder, mark removed and recover, all applied on save', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const board = await boardAt(api, 2);
    await api.call('PUT', `boards/${board.id}/getting-started`, {
      items: [
        { title: 'Unbox', description: null },
        { title: 'Connect', description: null },
      ],
    });
    await new AdminConsole(page).signIn(
      'admin@portal.test',
      `/admin/boards/${board.id}/getting-started/edit`,
    );
    const titles = page.getByRole('textbox', { name: 'Title' });
    await expect(titles).toHaveCount(2);

    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await titles.nth(2).fill('Flash the demo');
    await page.getByRole('button', { name: 'Move item 3 up' }).click();
    await page.getByRole('button', { name: 'Remove item 1' }).click();
    await expect(page.getByText('Removed on save')).toBeVisible();
    // Nothing changes before the save.
    expect((await api.get<Step[]>(`boards/${board.id}/getting-started`)).map((s) => s.title)).toEqual([
      'Unbox',
      'Connect',
    ]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The getting-started items are saved.')).toBeVisible();
    await expect
      .poll(async () => (await api.get<Step[]>(`boards/${board.id}/getting-started`)).map((s) => s.title))
      .toEqual(['Flash the demo', 'Connect']);

    // Marked removed, then recovered before the save: it stays.
    await page.reload();
    await expect(titles).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove item 2' }).click();
    await page.getByRole('button', { name: 'Recover item 2' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The getting-started items are saved.')).toBeVisible();
    expect((await api.get<Step[]>(`boards/${board.id}/getting-started`)).map((s) => s.title)).toEqual([
      'Flash the demo',
      'Connect',
    ]);
  });

  test('sets the support link, restricts the board to listed emails, and assigns a partner', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const board = await boardAt(api, 3);
    const admin = new AdminConsole(page);
    const form = new AdminForm(page);
    await admin.signIn('admin@portal.test', `/admin/boards/${board.id}/edit-support`);

    await form.field('Support link').fill('help desk');
    await form.save();
    await expect(
      form.errorOf(
        'Please enter a web address starting with http:// or https://, or mailto: followed by an email address.',
      ),
    ).toBeVisible();
    await form.field('Support link').fill('mailto:help@example.com');
    await form.save();
    await expect(page.getByText('The support link is saved.')).toBeVisible();
    expect(await api.get<{ supportLink: string | null }>(`boards/${board.id}/support-link`)).toMatchObject({
      supportLink: 'mailto:help@example.com',
    });

    // Restrictions: the switch, then the list of allowed emails; a duplicate is refused by the API.
    await page.goto(`/admin/boards/${board.id}/restrictions`);
    const restricted = page.getByRole('switch', { name: /^Restricted/ });
    await restricted.click();
    await expect(restricted).toBeChecked();
    await expect.poll(async () => (await api.get<Board>(`boards/${board.id}`)).restrictedAccess).toBe(true);
    const allowed = page.getByRole('region', { name: 'Allowed emails' });
    const email = allowed.getByRole('textbox', { name: 'Email to allow' });
    await email.fill('partner@example.com');
    await allowed.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(allowed.getByText('partner@example.com')).toBeVisible();
    await expect(email).toHaveValue('');
    await email.fill('PARTNER@example.com');
    await allowed.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(allowed.getByText('This email address is already on the list.')).toBeVisible();
    expect(await api.get<{ email: string }[]>(`boards/${board.id}/restrictions`)).toEqual([
      expect.objectContaining({ email: 'partner@example.com' }),
    ]);
    await allowed.getByRole('button', { name: 'Remove partner@example.com from the allowed emails' }).click();
    await expect(allowed.getByText('No email is listed.')).toBeVisible();
    await restricted.click();
    await expect(restricted).not.toBeChecked();
    await expect.poll(async () => (await api.get<Board>(`boards/${board.id}`)).restrictedAccess).toBe(false);

    // Partners: assign one from the picker, then unassign it.
    const partner = await api.post<{ id: string; name: string }>('partners', {
      name: `E2E Board Partner ${Date.now().toString(36)}`,
      linkUrl: 'https://board-partner.example',
    });
    await page.goto(`/admin/boards/${board.id}/partners/edit`);
    await chooseSuggestion(page.getByRole('combobox', { name: 'Partner' }), partner.name, partner.name);
    await page.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('The partner is assigned.')).toBeVisible();
    expect((await api.get<{ id: string }[]>(`boards/${board.id}/partners`)).map((p) => p.id)).toContain(
      partner.id,
    );
    await page.getByRole('button', { name: `Unassign ${partner.name}` }).click();
    await expect(page.getByText('The partner is unassigned.')).toBeVisible();
    expect((await api.get<{ id: string }[]>(`boards/${board.id}/partners`)).map((p) => p.id)).not.toContain(
      partner.id,
    );
  });
});
