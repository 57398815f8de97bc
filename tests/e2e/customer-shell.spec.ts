import { expect, test } from '../support/test.js';
import { chooseMenuItem } from '../support/popups.js';
import {
  Notifications,
  ShellHeader,
  answerSecondFactor,
  expireStoredUser,
  serviceAccountToken,
  setMaintenance,
  storedUsers,
} from '../support/customer-shell.js';
import { signInAt, signInThroughLoginAt } from '../support/saved-sign-in.js';
import { LoginPage } from '../support/pages.js';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

test.describe('customer shell: sign-in, step-up and logout', () => {
  test('signs in from the header, is told so, and sees the signed-in header', async ({ page }) => {
    await page.goto('/welcome');
    const header = new ShellHeader(page);
    await expect(header.nav().getByRole('button', { name: 'My space' })).toHaveCount(0);
    // A current browser spaces flex items by `gap`: scripts/flex-gap.js leaves its margin fallback off.
    await expect(header.login()).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/no-flex-gap/);
    await header.login().click();
    await new LoginPage(page).signIn('customer@portal.test');

    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(new Notifications(page).entry('You are signed in.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('NORMAL');
    await expect(header.nav().getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await header.openMySpace();
    await expect(page.getByRole('menuitem')).toHaveText(['My projects', 'My orders', 'My assets']);
    await chooseMenuItem(header.banner.getByRole('button', { name: 'My space' }), 'My orders');
    await expect(page).toHaveURL(/\/my\/orders$/);
    await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
    await expect(page).toHaveTitle('My orders | Developer Portal');
  });

  test('shows the Admin link to administrators and company space admins only', async ({ page }) => {
    await signInAt(page, '/my/projects', 'csa@portal.test');
    const adminLink = new ShellHeader(page).nav().getByRole('link', { name: 'Admin' });
    await expect(adminLink).toHaveAttribute('href', '/admin');
  });

  test('steps up with a TOTP code and comes back to the page it left', async ({ page }) => {
    await signInThroughLoginAt(page, '/my/orders', 'csa@portal.test');
    const header = new ShellHeader(page);
    await header.chooseLeavingProfileItem('Carla Spaceadmin', 'Sign in with second factor');

    await answerSecondFactor(page, 'csa@portal.test');
    await expect(page).toHaveURL(/\/my\/orders$/);
    await expect(new Notifications(page).entry('You are signed in with a second factor.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('MFA');
    const users = await storedUsers(page);
    expect(users['portal-mfa']?.profile.acr).toBe('urn:portal:acr:mfa');

    await header.openProfileMenu('Carla Spaceadmin');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign in with second factor' })).toHaveCount(0);
  });

  test('logs out to the welcome page with a notice, and the provider asks for the password again', async ({
    page,
  }) => {
    await signInThroughLoginAt(page, '/my/projects', 'customer@portal.test');
    await new ShellHeader(page).logout('Chris Customer');

    await expect(page).toHaveURL(/\/welcome$/);
    await expect(new Notifications(page).entry('You are signed out.')).toBeVisible();
    await expect(new ShellHeader(page).login()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('NONE');
    expect(await storedUsers(page)).toEqual({});

    await page.goto('/my/projects');
    await new LoginPage(page).expectShown();
  });

  test('offers internal users the tool API version, which reloads the page and falls back to v2', async ({
    page,
  }) => {
    await signInAt(page, '/my/projects', 'internal@portal.test');
    const header = new ShellHeader(page);
    await header.openProfileMenu('Ines Internal');
    const toggle = page.getByRole('menuitem', { name: /Use tool API v1/ });
    await expect(toggle).toContainText('Tool API version: v2');
    let reloaded = false;
    page.once('load', () => (reloaded = true));
    await chooseMenuItem(header.profileButton('Ines Internal'), /Use tool API v1/, async () => reloaded);

    await header.openProfileMenu('Ines Internal');
    await expect(page.getByRole('menuitem', { name: /Use tool API v2/ })).toContainText(
      'Tool API version: v1',
    );
    await header.closeMenu();
    await header.nav().getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('toolApiVersion')))!)).toEqual({
      version: 'v2',
      resetVersion: true,
    });
  });

  test('hides the tool API version from other users', async ({ page }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await new ShellHeader(page).openProfileMenu('Chris Customer');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /tool API/ })).toHaveCount(0);
  });
});

test.describe('customer shell: token expiry', () => {
  test('renews a token before it expires, with the refresh token', async ({ page }) => {
    await signInThroughLoginAt(page, '/my/projects', 'customer@portal.test');
    const before = (await storedUsers(page)).portal!.access_token;
    await expireStoredUser(page, 'portal', { inSeconds: 30, dropRefreshToken: false });
    await page.reload();
    await expect.poll(async () => (await storedUsers(page)).portal?.access_token).not.toBe(before);
    await expect(page.getByText('Welcome, Chris Customer')).toBeVisible();
  });

  test('falls back from the MFA sign-in to the normal one when the MFA token expires', async ({ page }) => {
    await signInThroughLoginAt(page, '/my/orders', 'csa@portal.test');
    await page.goto('/login?useMFA=true&redirectTo=%2Fwelcome');
    await answerSecondFactor(page, 'csa@portal.test');
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('MFA');

    await expireStoredUser(page, 'portal-mfa', { inSeconds: 3, dropRefreshToken: true });
    await page.reload();
    const notifications = new Notifications(page);
    await expect(notifications.entry('Your session could not be renewed')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('NORMAL');
    expect(Object.keys(await storedUsers(page))).toEqual(['portal']);
    // Still signed in, with the normal sign-in: the step-up is offered again.
    await new ShellHeader(page).openProfileMenu('Carla Spaceadmin');
    await expect(page.getByRole('menuitem', { name: 'Sign in with second factor' })).toBeVisible();
    await expect(notifications.entry('Your session has expired')).toHaveCount(0);
  });

  test('falls back to signed out when the last token expires, and resets the stores', async ({ page }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await page.goto('/welcome');
    await page.evaluate(() =>
      localStorage.setItem('toolApiVersion', '{"version":"v1","resetVersion":false}'),
    );
    await expireStoredUser(page, 'portal', { inSeconds: 3, dropRefreshToken: true });
    await page.reload();

    await expect(
      new Notifications(page).entry('Your session has expired. Please sign in again.'),
    ).toBeVisible();
    await expect(new ShellHeader(page).login()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('NONE');
    expect(await storedUsers(page)).toEqual({});
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('toolApiVersion')))!).version).toBe(
      'v2',
    );
  });

  test('logs out at start-up when the stored token has expired and cannot be renewed', async ({ page }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await expireStoredUser(page, 'portal', { inSeconds: -10, dropRefreshToken: true });
    await page.goto('/welcome');
    // /welcome arrives rendered for the anonymous visitor: its Login shows before the app has looked at the token.
    await expect.poll(() => storedUsers(page)).toEqual({});
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authenticationType'))).toBe('NONE');
    await expect(new ShellHeader(page).login()).toBeVisible();
  });

  test('drops a token the API refuses (401) and goes to the index page', async ({ page }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await page.evaluate(() => {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const key = sessionStorage.key(i)!;
        if (!key.startsWith('oidc.user:')) continue;
        const user = JSON.parse(sessionStorage.getItem(key)!);
        user.access_token = 'not-a-token';
        sessionStorage.setItem(key, JSON.stringify(user));
      }
    });
    await page.goto('/my/orders');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(new ShellHeader(page).login()).toBeVisible();
    expect(await storedUsers(page)).toEqual({});
  });
});

test.describe('customer shell: guard targets and routes', () => {
  test('shows the forbidden page, marked noindex, with a way back', async ({ page }) => {
    await page.goto('/forbidden');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page).toHaveTitle('Access denied | Developer Portal');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Back to the welcome page' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('shows the not-found page for /not-found and any unknown path, as a soft 404', async ({ page }) => {
    for (const path of ['/not-found', '/my/nothing/here']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found | Developer Portal');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
  });

  test('keeps the paths, aliases and redirects of the spec', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page).toHaveTitle('Welcome | Developer Portal');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    expect(description!.length).toBeLessThanOrEqual(158);

    await page.goto('/software');
    await expect(page).toHaveURL(/\/assets\/software$/);
    await expect(page.getByRole('heading', { name: 'Software', exact: true })).toBeVisible();
    await page.goto('/tools');
    await expect(page.getByRole('heading', { name: 'Software and tools' })).toBeVisible();

    // Signed-in routes send a visitor to sign in, and remember where to come back to.
    await page.goto('/projects/p-1/edit?tab=x');
    await new LoginPage(page).expectShown();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe(
      '/my/projects/p-1/edit?tab=x',
    );
    await page.goto('/welcome?serialnumber=SN-123');
    await new LoginPage(page).expectShown();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe(
      '/my/projects/create?board=SN-123',
    );
  });

  test('shows the filter bar on flagged routes only, keeping the search in the URL', async ({ page }) => {
    await page.goto('/welcome');
    await expect(page.getByRole('search')).toHaveCount(0);
    await new ShellHeader(page).nav().getByRole('link', { name: 'Assets' }).click();
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search' }).fill('usb driver');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/assets\?q=usb\+driver$/);
  });

  test('shows the cart item count from local storage, in step with other tabs', async ({ page, context }) => {
    await page.goto('/welcome');
    await expect(new ShellHeader(page).cart()).toHaveAccessibleName('Cart');
    const other = await context.newPage();
    await other.goto('/welcome');
    await other.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { type: 'bundle', item: { uuid: 'BND-1', name: 'One' } },
          { type: 'bundle', item: { uuid: 'BND-2', name: 'Two' } },
        ]),
      ),
    );
    await expect(new ShellHeader(page).cart()).toHaveAccessibleName('Cart, 2 items');
  });

  test('reloads the page once when a page chunk fails to load', async ({ page }) => {
    await page.goto('/welcome');
    // The page's chunk cannot be had until the browser loads a page again (as after a release replaced the hashed
    // files of the page that is open): every fetch of it fails, the module preload's and the import's alike (a
    // browser may fetch it again for the import after the preload failed).
    let reloads = 0;
    page.on('load', () => reloads++);
    let aborted = 0;
    await page.route(/\/assets\/documents-page-[\w-]+\.js$/, async (route) => {
      if (reloads > 0) return route.continue();
      aborted++;
      return route.abort();
    });
    const reloaded = page.waitForEvent('load');
    await new ShellHeader(page).nav().getByRole('link', { name: 'Documents' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
    expect(aborted).toBeGreaterThan(0);
    expect(reloads).toBe(1);
  });

  test('sends an outdated browser to /browser-outdated unless the visitor chose to continue', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ userAgent: IE11, baseURL });
    const page = await context.newPage();
    await page.goto('/documents?q=1');
    await expect(page).toHaveURL(/\/browser-outdated\?redirectTo=%2Fdocuments%3Fq%3D1$/);
    await expect(page.getByRole('heading', { name: 'Your browser is out of date' })).toBeVisible();

    await page.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page).toHaveURL(/\/documents\?q=1$/);
    expect(await page.evaluate(() => sessionStorage.getItem('useOutdatedBrowser'))).toBe('true');
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { name: 'Welcome to the Developer Portal' })).toBeVisible();

    // A new session asks again.
    const fresh = await context.newPage();
    await fresh.goto('/welcome');
    await expect(fresh).toHaveURL(/\/browser-outdated/);
    await context.close();
  });

  test('opens the navigation behind the menu button on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL });
    const page = await context.newPage();
    await page.goto('/welcome');
    const header = new ShellHeader(page);
    await expect(header.nav()).toBeHidden();
    await chooseMenuItem(
      header.banner.getByRole('button', { name: 'Open the navigation menu' }),
      'Documents',
    );
    await expect(page).toHaveURL(/\/documents$/);
    await context.close();
  });
});

test.describe('customer shell: maintenance banner', () => {
  let token: string;

  test.beforeAll(async ({ baseURL }) => {
    token = await serviceAccountToken(baseURL!);
  });

  test.afterAll(async ({ baseURL }) => {
    await setMaintenance(baseURL!, token, { text: '', show: false });
  });

  test('shows the banner an admin switched on, closes it, and shows a new text again', async ({
    page,
    baseURL,
  }) => {
    await setMaintenance(baseURL!, token, { text: 'Maintenance on Saturday 06:00–08:00 UTC.', show: true });
    await page.goto('/welcome');
    const banner = page.getByRole('region', { name: 'Maintenance notice' });
    await expect(banner).toContainText('Maintenance on Saturday 06:00–08:00 UTC.');

    await banner.getByRole('button', { name: 'Close the maintenance notice' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to the Developer Portal' })).toBeVisible();
    await expect(banner).toHaveCount(0);

    await setMaintenance(baseURL!, token, { text: 'Maintenance moved to Sunday.', show: true });
    await page.reload();
    await expect(banner).toContainText('Maintenance moved to Sunday.');

    await setMaintenance(baseURL!, token, { text: 'Maintenance moved to Sunday.', show: false });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to the Developer Portal' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
