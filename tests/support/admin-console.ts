import { expect, type Locator, type Page } from '@playwright/test';
import { restoreSignIn } from './saved-sign-in.js';

/** The admin console at /admin: sign-in through the customer app, the menu, lists and forms. */
export class AdminConsole {
  constructor(readonly page: Page) {}

  /** Opens `path` signed in as `email` (the role's saved sign-in) and waits for the console. */
  async signIn(email: string, path = '/admin') {
    await restoreSignIn(this.page, email);
    await this.page.goto(path);
    await expect(this.menuItems().first()).toBeVisible();
  }

  /** The sidebar's entries. */
  menuItems(): Locator {
    return this.page.locator('.RaSidebar-fixed').getByRole('menuitem');
  }

  async menuNames(): Promise<string[]> {
    await expect(this.menuItems().first()).toBeVisible();
    return (await this.menuItems().allInnerTexts()).map((text) => text.trim());
  }

  /** The app bar's title. */
  title(): Locator {
    return this.page.locator('#react-admin-title');
  }

  notification(): Locator {
    return this.page.locator('.MuiSnackbar-root');
  }
}

/** A generated list: rows, pagination text, sort headers, filters. */
export class AdminList {
  constructor(readonly page: Page) {}

  rows(): Locator {
    return this.page.locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  sortButton(label: string, order: 'ascending' | 'descending'): Locator {
    return this.page.getByRole('button', { name: `Sort by ${label} ${order}` });
  }

  pageInfo(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  filter(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}

/** A generated form: fields by label, save, field errors. */
export class AdminForm {
  constructor(readonly page: Page) {}

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label });
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  /** The message shown under a field. */
  errorOf(message: string): Locator {
    return this.page.locator('.MuiFormHelperText-root.Mui-error').filter({ hasText: message });
  }
}

/**
 * Clicks `item` of `popup` (opened with `opener` when closed) until the popup has closed. On a busy machine a click
 * that lands while the popup is still opening can be lost: it stays open and hides the rest of the page from the
 * accessibility tree. So the pick is tried again until the popup is gone.
 */
async function pickUntilClosed(opener: Locator, popup: Locator, item: Locator) {
  await expect(async () => {
    if (!(await popup.isVisible())) await opener.click({ timeout: 10_000 });
    await item.click({ timeout: 10_000 });
    await expect(popup).toBeHidden({ timeout: 10_000 });
  }).toPass();
}

/** Picks `option` in a select (a combobox that opens a listbox), until its menu has closed and the select shows it. */
export async function chooseOption(select: Locator, option: string) {
  const menu = select.page().getByRole('listbox');
  await pickUntilClosed(select, menu, menu.getByRole('option', { name: option, exact: true }));
  await expect(select).toContainText(option);
}

/**
 * Opens a menu with `opener` and picks `item`, until the menu has closed. For items that act within the page (a
 * dialog, the app's own navigation), not a full page load that would take the opener away.
 */
export async function chooseMenuItem(opener: Locator, item: string) {
  const page = opener.page();
  const choice = page.getByRole('menuitem', { name: item, exact: true });
  // The menu that holds the item: the admin console's sidebar is a menu too, and always shown.
  const menu = page.getByRole('menu').filter({ has: choice });
  await pickUntilClosed(opener, menu, menu.getByRole('menuitem', { name: item, exact: true }));
}

/**
 * Picks `options` in a multiple select whose menu stays open (a listbox of checkable options), each until it shows
 * as selected, then closes the menu with Escape and waits until it is gone: while open it hides the rest of the page.
 */
export async function chooseOptions(select: Locator, options: string[]) {
  const menu = select.page().getByRole('listbox');
  for (const option of options) {
    const item = menu.getByRole('option', { name: option, exact: true });
    await expect(async () => {
      if (!(await menu.isVisible())) await select.click({ timeout: 10_000 });
      // A toggle: clicked again only when the last click was lost.
      if ((await item.getAttribute('aria-selected', { timeout: 10_000 })) !== 'true')
        await item.click({ timeout: 10_000 });
      await expect(item).toHaveAttribute('aria-selected', 'true', { timeout: 10_000 });
    }).toPass();
  }
  await select.page().keyboard.press('Escape');
  await expect(menu).toBeHidden();
  for (const option of options) await expect(select).toContainText(option);
}

/**
 * Adds `options` to a multiple autocomplete (react-admin's AutocompleteArrayInput in `field`, its `.ra-input-…`
 * box): each until its chip shows, then closes the list and waits until it is gone.
 */
export async function chooseChips(field: Locator, options: string[]) {
  const input = field.getByRole('combobox');
  const menu = field.page().getByRole('listbox');
  for (const option of options) {
    const chip = field.getByRole('button', { name: option, exact: true });
    await expect(async () => {
      if (await chip.isVisible()) return;
      if (!(await menu.isVisible())) await input.click({ timeout: 10_000 });
      await menu.getByRole('option', { name: option, exact: true }).click({ timeout: 10_000 });
      await expect(chip).toBeVisible({ timeout: 10_000 });
    }).toPass();
  }
  await input.press('Escape');
  await expect(menu).toBeHidden();
}
