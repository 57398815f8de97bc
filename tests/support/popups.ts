import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Every popup the suites open is driven from here only (a lint rule enforces it): a click that lands while a popup
 * opens or closes can be lost, so each helper acts again until its effect shows (tests/README.md, "Popups").
 */

/** How long one attempt waits for the effect before acting again. Only a lost click waits this long. */
const ATTEMPT_MS = 10_000;
/**
 * How often an attempt looks for the effect: a popup's transition ends within a few tenths of a second, and a
 * longer step leaves the worker idle after the effect has come.
 */
const LOOK_EVERY_MS = [100, 200];

/**
 * Runs `act` until `done` holds: `act` when it does not hold yet, then waits a while for it, and acts again if it
 * did not come. `act` looks at the page before it clicks (it opens a popup only when closed), so a repeated act
 * finishes what the lost one started.
 */
export async function actUntil(act: () => Promise<void>, done: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await done())) await act();
    await expect.poll(done, { timeout: ATTEMPT_MS, intervals: LOOK_EVERY_MS }).toBe(true);
  }).toPass();
}

const shown = (locator: Locator) => locator.isVisible();
const gone = async (locator: Locator) => !(await locator.isVisible());

/** Clicks `opener` until `popup` (a menu, a listbox, a dialog) shows. */
export async function openPopup(opener: Locator, popup: Locator) {
  await actUntil(
    () => opener.click({ timeout: ATTEMPT_MS }),
    () => shown(popup),
  );
}

/**
 * Clicks `item` of `popup`, opened with `opener` when closed, until the popup has closed after a click on the item
 * and `effect` (when given: a navigation, a value shown) holds.
 */
async function pick(opener: Locator, popup: Locator, item: Locator, effect?: () => Promise<boolean>) {
  // A closed popup means nothing until the item was clicked: before that it is merely not open yet.
  let clicked = false;
  await actUntil(
    async () => {
      if (!(await popup.isVisible())) await opener.click({ timeout: ATTEMPT_MS });
      await item.click({ timeout: ATTEMPT_MS });
      clicked = true;
    },
    async () => clicked && (await gone(popup)) && (!effect || (await effect())),
  );
}

/**
 * Opens a menu with `opener` and picks `item`, until the menu has closed and `effect` holds (e.g. the page a
 * navigating item leads to). Without an effect, for items that act within the page (a dialog, the app's own
 * navigation).
 */
export async function chooseMenuItem(
  opener: Locator,
  item: string | RegExp,
  effect?: () => Promise<boolean>,
) {
  const page = opener.page();
  // The menu that holds the item: the admin console's sidebar is a menu too, and always shown.
  const menu = page
    .getByRole('menu')
    .filter({ has: page.getByRole('menuitem', { name: item, exact: true }) });
  await pick(opener, menu, menu.getByRole('menuitem', { name: item, exact: true }), effect);
}

/** Picks `option` in a select (a combobox that opens a listbox), until its menu has closed and the select shows it. */
export async function chooseOption(select: Locator, option: string) {
  const menu = select.page().getByRole('listbox');
  await pick(select, menu, menu.getByRole('option', { name: option, exact: true }), async () =>
    ((await select.textContent()) ?? '').includes(option),
  );
}

/**
 * Types `search` into an autocomplete (`combobox`) and picks the suggestion named `option`, until the suggestions
 * have closed and the box holds a value.
 */
export async function chooseSuggestion(combobox: Locator, search: string, option: string | RegExp) {
  const menu = combobox.page().getByRole('listbox');
  let clicked = false;
  await actUntil(
    async () => {
      // The list may be open with other suggestions (focus opens it): type the search unless it is typed already.
      if (!(await menu.isVisible()) || (await combobox.inputValue()) !== search)
        await combobox.fill(search, { timeout: ATTEMPT_MS });
      await menu.getByRole('option', { name: option, exact: typeof option === 'string' }).click({
        timeout: ATTEMPT_MS,
      });
      clicked = true;
    },
    async () => clicked && (await gone(menu)) && (await combobox.inputValue()) !== '',
  );
}

/**
 * Picks `options` in a multiple select whose menu stays open (a listbox of checkable options), each until it shows
 * as selected, then closes the menu with Escape until it is gone: while open it hides the rest of the page.
 */
export async function chooseOptions(select: Locator, options: string[]) {
  const page = select.page();
  const menu = page.getByRole('listbox');
  for (const option of options) {
    const item = menu.getByRole('option', { name: option, exact: true });
    await actUntil(
      async () => {
        if (!(await menu.isVisible())) await select.click({ timeout: ATTEMPT_MS });
        // A toggle: clicked again only when the last click was lost.
        if ((await item.getAttribute('aria-selected', { timeout: ATTEMPT_MS })) !== 'true')
          await item.click({ timeout: ATTEMPT_MS });
      },
      async () => (await menu.isVisible()) && (await item.getAttribute('aria-selected')) === 'true',
    );
  }
  await closeWithEscape(page, menu);
  for (const option of options) await expect(select).toContainText(option);
}

/**
 * Adds `options` to a multiple autocomplete (react-admin's AutocompleteArrayInput in `field`, its `.ra-input-…`
 * box): each until its chip shows, then closes the list with Escape until it is gone.
 */
export async function chooseChips(field: Locator, options: string[]) {
  const input = field.getByRole('combobox');
  const page = field.page();
  const menu = page.getByRole('listbox');
  for (const option of options) {
    const chip = field.getByRole('button', { name: option, exact: true });
    await actUntil(
      async () => {
        if (!(await menu.isVisible())) await input.click({ timeout: ATTEMPT_MS });
        await menu.getByRole('option', { name: option, exact: true }).click({ timeout: ATTEMPT_MS });
      },
      () => shown(chip),
    );
  }
  await closeWithEscape(page, menu, input);
}

/** Presses Escape (in `target`, else the page) until `popup` is gone. */
export async function closeWithEscape(page: Page, popup: Locator, target?: Locator) {
  await actUntil(
    () => (target ? target.press('Escape', { timeout: ATTEMPT_MS }) : page.keyboard.press('Escape')),
    () => gone(popup),
  );
}

/**
 * Clicks `button` of `dialog` until the dialog has closed, or until `effect` holds when the dialog stays open on
 * purpose (a field's message). A button that is busy while its request runs is not clicked again: the click waits
 * for it to be enabled.
 */
export async function answerDialog(dialog: Locator, button: string, effect?: () => Promise<boolean>) {
  await actUntil(
    async () => {
      if (await dialog.isVisible())
        await dialog.getByRole('button', { name: button, exact: true }).click({ timeout: ATTEMPT_MS });
    },
    effect ?? (() => gone(dialog)),
  );
}
