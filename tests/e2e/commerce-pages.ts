import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from '../support/pages.js';

/** Page objects of the catalogue, cart, checkout and my-assets pages (customer app, issue 9). */

/** The header's cart link, named with its count ("Cart", "Cart, 2 items"). */
export function cartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart/ });
}

export async function expectCartCount(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(
    count === 0 ? 'Cart' : `Cart, ${count} item${count === 1 ? '' : 's'}`,
  );
}

/** A catalogue view: the filter bar's search, the category chips, the cards. */
export class CataloguePage {
  constructor(private readonly page: Page) {}

  async search(text: string) {
    await appReady(this.page);
    const search = this.page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search' }).fill(text);
    await search.getByRole('button', { name: 'Search' }).click();
  }

  category(name: string) {
    return this.page.getByRole('group', { name: 'Categories' }).getByRole('button', { name, exact: true });
  }

  cards() {
    return this.page.getByRole('main').getByRole('article');
  }

  card(name: string) {
    return this.cards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async open(name: string) {
    await this.card(name).getByRole('link').click();
    await expect(this.page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  }

  resultCount() {
    return this.page.getByText(/^Showing \d+–\d+ of \d+$/);
  }
}

/**
 * Waits until the app answers input: a server-rendered page (issue 48) shows its buttons before its script has
 * hydrated them, and a click then is lost.
 */
export async function appReady(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** The tool details page. */
export class ToolPage {
  constructor(private readonly page: Page) {}

  versionSelect() {
    return this.page.getByRole('combobox', { name: 'Version' });
  }

  /** The version shown: the native select's chosen option. */
  selectedVersion() {
    return this.versionSelect().locator('option:checked');
  }

  async chooseVersion(label: string) {
    await appReady(this.page);
    await this.versionSelect().selectOption({ label });
  }

  files() {
    return this.page.getByRole('table', { name: /^Files of version/ }).getByRole('row');
  }

  defaultDownload() {
    return this.page.getByRole('button', { name: /^Download for / });
  }

  /** "Buy 4.0.0" or "Request 3.0.0". */
  async addToCart(action: 'Buy' | 'Request', version: string) {
    await appReady(this.page);
    await this.page.getByRole('button', { name: `${action} ${version}`, exact: true }).click();
    await expect(this.page.getByRole('link', { name: 'In the cart: go to the cart' })).toBeVisible();
  }
}

/** The cart page. */
export class CartPage {
  constructor(private readonly page: Page) {}

  section(name: 'To buy' | 'To request') {
    return this.page.getByRole('region', { name });
  }

  entries(name: 'To buy' | 'To request') {
    return this.section(name).getByRole('listitem');
  }

  async checkOut() {
    await this.page.getByRole('button', { name: 'Check out' }).click();
  }
}

/** The embedded provider's test-payment page, served by the portal outside the app. */
export class TestPaymentPage {
  constructor(private readonly page: Page) {}

  async expectShown(total: string) {
    await expect(this.page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(this.page.locator('#payment-total')).toHaveText(total);
  }

  async pay(cardNumber: string) {
    await this.page.getByLabel('Card number').fill(cardNumber);
    await this.page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await this.page.getByLabel('Security code (CVC)').fill('123');
    await this.page.getByRole('button', { name: /^Pay / }).click();
  }

  async cancel() {
    await this.page.getByRole('button', { name: 'Cancel and return to the portal' }).click();
  }
}

/** From a page that needs sign-in: the provider's login page, then back where the visitor was going. */
export async function signInFromLoginPage(page: Page, email: string, backTo: RegExp) {
  await new LoginPage(page).signIn(email);
  await expect(page).toHaveURL(backTo);
}

export const TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;
