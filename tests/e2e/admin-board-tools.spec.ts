import { expect, test, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { AdminConsole } from '../support/admin-console.js';
import { chooseSuggestion } from '../support/popups.js';

interface Board {
  id: string;
  name: string;
}
interface BoardTool {
  id: string;
  name: string;
  featureId: string;
  isRemoved: boolean;
}
interface SoftwareRecord {
  id: string;
  name: string;
  featureId: string;
  isRemoved: boolean;
}

/** Demo catalogue tools of several families, so at least two are never on the chosen board. */
const CANDIDATES = ['nx-flash-programmer', 'power-designer-online', 'rf-radar-sdk', 'secureboot-signer'];

/** The names the editor lists, in its order. */
const listedNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Tools in their order' })
    .getByTestId('board-tool')
    .locator('.MuiListItemText-primary');

test.describe('admin console: the tools of a board', () => {
  test('adds two catalogue tools, reorders them with the keyboard, saves, reloads, and removes one', async ({
    page,
    request,
  }) => {
    const api = await AdminApi.signIn(request);
    const boards = await api.get<Board[]>('boards');
    const board = boards[3]!;
    const before = await api.get<BoardTool[]>(`boards/${board.id}/tools`);
    expect(before.length).toBeGreaterThan(0);
    const onBoard = new Set(before.map((tool) => tool.featureId));
    const software = await api.get<SoftwareRecord[]>(
      `software?filter=${encodeURIComponent(JSON.stringify({ isRemoved: false }))}`,
    );
    const [first, second] = CANDIDATES.filter((featureId) => !onBoard.has(featureId)).map((featureId) =>
      software.find((tool) => tool.featureId === featureId)!,
    );
    expect(first && second, 'two demo tools not on the board').toBeTruthy();

    const admin = new AdminConsole(page);
    await admin.signIn('admin@portal.test', `/admin/boards/${board.id}/tools/edit`);
    await expect(page.getByRole('heading', { level: 1, name: `Tools of ${board.name}` })).toBeVisible();
    await expect(listedNames(page)).toHaveText(before.map((tool) => tool.name));

    // Pick each tool from the catalogue by searching its name, then add it to the end of the list.
    const picker = page.getByRole('combobox', { name: 'Tool from the catalogue' });
    for (const tool of [first!, second!]) {
      await chooseSuggestion(picker, tool.name, `${tool.name} (${tool.featureId})`);
      await page.getByRole('button', { name: 'Add tool' }).click();
    }
    await expect(listedNames(page)).toHaveText([
      ...before.map((tool) => tool.name),
      first!.name,
      second!.name,
    ]);
    await expect(page.getByText('The changes are not saved yet.')).toBeVisible();
    // Nothing is saved before Save.
    expect((await api.get<BoardTool[]>(`boards/${board.id}/tools`)).map((tool) => tool.id)).toEqual(
      before.map((tool) => tool.id),
    );

    // Reorder with the keyboard: the second new tool goes up above the first one.
    const moveUp = page.getByRole('button', { name: `Move ${second!.name} up` });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    const expected = [...before, second!, first!];
    await expect(listedNames(page)).toHaveText(expected.map((tool) => tool.name));

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The tools of the board are saved.')).toBeVisible();
    expect((await api.get<BoardTool[]>(`boards/${board.id}/tools`)).map((tool) => tool.id)).toEqual(
      expected.map((tool) => tool.id),
    );
    await page.reload();
    await expect(listedNames(page)).toHaveText(expected.map((tool) => tool.name));
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Remove the board's first tool, save: it is gone from the board and stays gone after a reload.
    const removed = expected[0]!;
    await page.getByRole('button', { name: `Remove ${removed.name}` }).click();
    const remaining = expected.slice(1);
    await expect(listedNames(page)).toHaveText(remaining.map((tool) => tool.name));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The tools of the board are saved.')).toBeVisible();
    expect((await api.get<BoardTool[]>(`boards/${board.id}/tools`)).map((tool) => tool.id)).toEqual(
      remaining.map((tool) => tool.id),
    );
    await page.reload();
    await expect(listedNames(page)).toHaveText(remaining.map((tool) => tool.name));
    await page.screenshot({ path: test.info().outputPath('board-tools.png'), fullPage: true });
  });
});
