import { expect, type Page } from '@playwright/test';

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

/** The customer app's header. */
export class Header {
  constructor(private readonly page: Page) {}

  login() {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: 'Login' })
      .or(this.page.getByRole('banner').getByRole('button', { name: 'Login' }));
  }

  async logout(fullName: string) {
    await this.page.getByRole('banner').getByRole('button', { name: fullName }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
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
