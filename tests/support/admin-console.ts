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
