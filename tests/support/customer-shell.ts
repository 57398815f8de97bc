import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { chooseMenuItem, closeWithEscape, openPopup } from './popups.js';

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

  /** The profile menu's opener of the signed-in user named `fullName`. */
  profileButton(fullName: string) {
    return this.banner.getByRole('button', { name: fullName });
  }

  /** Opens the profile menu of the signed-in user named `fullName`. */
  async openProfileMenu(fullName: string) {
    await openPopup(this.profileButton(fullName), this.page.getByRole('menu'));
  }

  async openMySpace() {
    await openPopup(this.banner.getByRole('button', { name: 'My space' }), this.page.getByRole('menu'));
  }

  /** Closes the open menu with Escape, until it is gone: while open it hides the rest of the page. */
  async closeMenu() {
    await closeWithEscape(this.page, this.page.getByRole('menu'));
  }

  /** Picks `item` of the profile menu, until the page has left the URL it was on (the provider, a step-up). */
  async chooseLeavingProfileItem(fullName: string, item: string) {
    const from = this.page.url();
    await chooseMenuItem(this.profileButton(fullName), item, async () => this.page.url() !== from);
  }

  async logout(fullName: string) {
    await this.chooseLeavingProfileItem(fullName, 'Logout');
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

/** An account's TOTP key and the last time step a code was sent for (the provider takes each code once). */
interface RememberedFactor {
  secret: string;
  lastStep?: number;
}

function rememberedFactors(): Record<string, RememberedFactor> {
  return fs.existsSync(secretsFile()) ? JSON.parse(fs.readFileSync(secretsFile(), 'utf8')) : {};
}

function remember(email: string, factor: RememberedFactor) {
  fs.writeFileSync(secretsFile(), JSON.stringify({ ...rememberedFactors(), [email]: factor }));
}

const PERIOD_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A TOTP code the provider has not taken yet for `email`: the current step's, or the next one's (accepted as
 * clock drift) when the current was used; when both were, it waits for the clock. `secret` is the key shown at
 * enrolment (remembered for later step-ups of the same account in the run's data folder).
 */
export async function freshTotpCode(email: string, secret?: string): Promise<string> {
  const known = rememberedFactors()[email];
  const key = secret ?? known?.secret;
  if (!key) throw new Error(`no TOTP key known for ${email}`);
  const lastStep = known?.secret === key ? (known.lastStep ?? 0) : 0;
  const step = Math.max(currentStep(), lastStep + 1);
  await expect.poll(currentStep, { timeout: 2 * PERIOD_MS }).toBeGreaterThanOrEqual(step - 1);
  remember(email, { secret: key, lastStep: step });
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: step * PERIOD_MS,
  });
}

/**
 * Answers the provider's second-factor page with a TOTP code. The key shows once, at enrolment; it is kept in
 * the run's data folder for later step-ups of the same account.
 */
export async function answerSecondFactor(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  const shown = page.locator('#totp-secret');
  const secret = (await shown.count()) ? (await shown.textContent())!.trim() : undefined;
  await page.getByLabel('Authentication code').fill(await freshTotpCode(email, secret));
  await page.getByRole('button', { name: 'Verify' }).click();
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
