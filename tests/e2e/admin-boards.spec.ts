import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole, AdminForm, AdminList } from '../support/admin-console.js';
import { chooseMenuItem } from '../support/popups.js';

interface Board {
  id: string;
  name: string;
}
interface BoardLink {
  id: string;
  title: string;
}

const SERIAL_NUMBER_MESSAGE = 'Validation error. A serial number may consist only of letters and numbers.';

/** A board none of the other suites look at closely. */
async function someBoard(api: AdminApi): Promise<Board> {
  const boards = await api.get<Board[]>(
    `boards?filter=${encodeURIComponent(JSON.stringify({ name: 'Starter' }))}`,
  );
  return boards[0]!;
}

test.describe('admin console: per-board pages', () => {
  test('opens a board from the overview and lists its per-board actions', async ({ page, request }) => {
    const board = await someBoard(await AdminApi.signIn(request));
    await new AdminConsole(page).signIn('admin@portal.test', '/admin/boards');
    const list = new AdminList(page);
    await list.filter('Name').fill(board.name);
    await expect(list.rows()).toHaveCount(1);
    await chooseMenuItem(page.getByRole('button', { name: `Actions for ${board.name}` }), 'Serial numbers');
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/serialnumbers/edit$`));
    await page.getByRole('link', { name: `Back to ${board.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}$`));
    for (const action of [
      'Users and restrictions',
      'Documents',
      'Partners',
      'Links',
      'Support link',
      'Getting started',
    ]) {
      await expect(
        page.getByRole('navigation', { name: 'Board pages' }).getByRole('link', { name: action }),
      ).toBeVisible();
    }
  });

  test("adds serial numbers line by line, refusing an invalid line with the spec's message", async ({
    page,
    request,
  }) => {
    const run = `E2E${Date.now().toString(36).toUpperCase()}`;
    const api = await AdminApi.signIn(request);
    const board = await someBoard(api);
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/boards/${board.id}/serialnumbers/edit`);
    await page.getByRole('link', { name: 'Add serial numbers' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/serialnumbers/edit/add$`));

    const form = new AdminForm(page);
    await form.field('Serial numbers').fill(`${run}A\n${run}-B!\n${run}C`);
    await form.save();
    await expect(form.errorOf(`Line 2: ${SERIAL_NUMBER_MESSAGE}`)).toBeVisible();
    // The API answers the same message for the same text.
    const refused = await api.call<{ errors: { messages: string[] }[] }>(
      'POST',
      `boards/${board.id}/serial-numbers`,
      {
        serialNumbers: `${run}A\n${run}-B!`,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.flatMap((error) => error.messages)).toEqual([
      `Line 2: ${SERIAL_NUMBER_MESSAGE}`,
    ]);

    await form.field('Serial numbers').fill(`${run}A\n${run}B\n${run}C`);
    await form.save();
    await expect(page).toHaveURL(new RegExp(`/admin/boards/${board.id}/serialnumbers/edit$`));
    await expect(page.getByText('3 serial numbers added.')).toBeVisible();
    const list = new AdminList(page);
    await list.filter('Serial number').fill(run);
    await expect(list.rows()).toHaveCount(3);

    // Single or multi registration, switched in the row.
    await page.getByRole('switch', { name: `Multi registration of ${run}B` }).click();
    await expect(page.getByRole('switch', { name: `Multi registration of ${run}B` })).toBeChecked();
    await expect
      .poll(async () => {
        const numbers = await api.get<{ value: string; multiRegistration: boolean }[]>(
          `boards/${board.id}/serial-numbers?filter=${encodeURIComponent(JSON.stringify({ value: run }))}`,
        );
        return numbers.filter((n) => n.multiRegistration).map((n) => n.value);
      })
      .toEqual([`${run}B`]);
  });

  test('reorders board links by dragging, saves the order and keeps it after a reload', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const board = await someBoard(api);
    for (const link of await api.get<BoardLink[]>(`boards/${board.id}/links`)) {
      await api.call('DELETE', `boards/${board.id}/links/${link.id}`);
    }
    for (const title of ['Alpha', 'Bravo', 'Charlie']) {
      await api.post(`boards/${board.id}/links`, { title, url: `https://${title.toLowerCase()}.example` });
    }
    await new AdminConsole(page).signIn('admin@portal.test', `/admin/boards/${board.id}/links`);
    const links = page.getByTestId('board-link');
    await expect(links).toHaveCount(3);
    await expect(links.first()).toContainText('Alpha');

    // Drag Charlie onto the first place, then save the order.
    await links.nth(2).dragTo(links.nth(0));
    await expect(links.first()).toContainText('Charlie');
    await expect(page.getByText('The new order is not saved yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByText('The order of the links is saved.')).toBeVisible();

    await page.reload();
    await expect(links).toHaveCount(3);
    expect((await links.allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
    ]);
    expect((await api.get<BoardLink[]>(`boards/${board.id}/links`)).map((link) => link.title)).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
    ]);

    // Move buttons do the same from the keyboard.
    await page.getByRole('button', { name: 'Move Bravo up' }).click();
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect
      .poll(async () => (await api.get<BoardLink[]>(`boards/${board.id}/links`)).map((link) => link.title))
      .toEqual(['Charlie', 'Bravo', 'Alpha']);
  });
});
