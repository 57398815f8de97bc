import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LoginPage } from './pages.js';

/** The customer app's header: brand, navigation, cart, profile menu or login and register. */
export class ShellHeader {
  readonly banner: Locator;

  constructor(private readonly page: Page) {
    this.banner = page.getByRole('banner');
  }

  login() {
    return this.banner.getByRole('link', { name: 'Login' });
  }

  register() {
    return this.banner.getByRole('link', { name: 'Register' });
  }

  nav() {
    return this.banner.getByRole('navigation', { name: 'Main' });
  }

  cart() {
    return this.banner.getByRole('link', { name: /^Cart/ });
  }

  /** Opens the profile menu of the signed-in user named `fullName`. */
  async openProfileMenu(fullName: string) {
    await this.banner.getByRole('button', { name: fullName }).click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async openMySpace() {
    await this.banner.getByRole('button', { name: 'My space' }).click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async logout(fullName: string) {
    await this.openProfileMenu(fullName);
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}

/** The notification stack of the layout. */
export class Notifications {
  readonly region: Locator;

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Notifications' });
  }

  entry(text: string | RegExp) {
    return this.region.locator('[role="status"], [role="alert"]').filter({ hasText: text });
  }
}

const secretsFile = () => path.join(process.env.E2E_DATA_DIR!, 'e2e-totp-secrets.json');

function rememberedSecret(email: string): string | undefined {
  if (!fs.existsSync(secretsFile())) return undefined;
  return (JSON.parse(fs.readFileSync(secretsFile(), 'utf8')) as Record<string, string>)[email];
}

export function rememberSecret(email: string, secret: string) {
  const all = fs.existsSync(secretsFile()) ? JSON.parse(fs.readFileSync(secretsFile(), 'utf8')) : {};
  fs.writeFileSync(secretsFile(), JSON.stringify({ ...all, [email]: secret }));
}

/**
 * Answers the provider's second-factor page with a TOTP code. The key shows once, at enrolment; it is kept in
 * the run's data folder for later step-ups of the same account.
 */
export async function answerSecondFactor(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  const shown = page.locator('#totp-secret');
  let secret = rememberedSecret(email);
  if (await shown.count()) {
    secret = (await shown.textContent())!.trim();
    rememberSecret(email, secret);
  }
  if (!secret) throw new Error(`no TOTP key known for ${email}`);
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the provider's login page from a protected page and waits to be back. */
export async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await new LoginPage(page).signIn(email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

interface StoredUser {
  access_token: string;
  refresh_token?: string;
  expires_at: number;
  profile: { acr?: string };
}

/** The oidc-client-ts users in session storage, by client id (`portal`, `portal-mfa`). */
export async function storedUsers(page: Page): Promise<Record<string, StoredUser>> {
  return page.evaluate(() => {
    const users: Record<string, unknown> = {};
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i)!;
      if (key.startsWith('oidc.user:'))
        users[key.split(':').pop()!] = JSON.parse(sessionStorage.getItem(key)!);
    }
    return users as Record<string, never>;
  });
}

/**
 * Shortens a stored user's life the way a real expiry would look to the app: `expires_at` some seconds from now,
 * optionally without its refresh token (so the renewal cannot succeed). Takes effect at the next page load.
 */
export async function expireStoredUser(
  page: Page,
  clientId: string,
  { inSeconds, dropRefreshToken }: { inSeconds: number; dropRefreshToken: boolean },
) {
  await page.evaluate(
    ({ clientId, inSeconds, dropRefreshToken }) => {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const key = sessionStorage.key(i)!;
        if (!key.startsWith('oidc.user:') || !key.endsWith(`:${clientId}`)) continue;
        const user = JSON.parse(sessionStorage.getItem(key)!);
        user.expires_at = Math.floor(Date.now() / 1000) + inSeconds;
        if (dropRefreshToken) delete user.refresh_token;
        sessionStorage.setItem(key, JSON.stringify(user));
      }
    },
    { clientId, inSeconds, dropRefreshToken },
  );
}

/** A bearer token of the demo service account (Admin role), by the client-credentials grant. */
export async function serviceAccountToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/oidc/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from('portal-smoke-test:demo-service-account-secret').toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'portal' }),
  });
  if (!response.ok) throw new Error(`client credentials: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Sets the maintenance banner through the real admin API (`PUT /api/v1/maintenance`). */
export async function setMaintenance(
  baseURL: string,
  token: string,
  banner: { text: string; show: boolean },
) {
  const response = await fetch(`${baseURL}/api/v1/maintenance`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(banner),
  });
  if (!response.ok) throw new Error(`PUT maintenance: HTTP ${response.status} ${await response.text()}`);
}
