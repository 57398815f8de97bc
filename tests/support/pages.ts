import { expect, type Page } from '@playwright/test';
import { ShellHeader } from './customer-shell.js';

export const DEMO_PASSWORD = 'demo1234';

/** The embedded provider's own login page. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.expectShown();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** The customer app's header, as the sign-in flows see it (the shell's own specs use ShellHeader). */
export class Header {
  constructor(private readonly page: Page) {}

  login() {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: 'Login' })
      .or(this.page.getByRole('banner').getByRole('button', { name: 'Login' }));
  }

  /** Picks Logout in the user menu until the page has left for the provider's logout. */
  async logout(fullName: string) {
    await new ShellHeader(this.page).logout(fullName);
  }
}

/** The access token the app holds, read from the sign-in library's session store. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i)!;
      if (key.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
    }
    return null;
  });
  if (!token) throw new Error('no signed-in user in session storage');
  return token;
}
