import { expect, test } from '../support/test.js';
import { Header, LoginPage, accessTokenOf } from '../support/pages.js';

test.describe('customer app', () => {
  test('signs in through the real login page and greets the user by full name from users/me', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    const usersMe = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/me') && r.status() === 200);
    await new Header(page).login().click();
    await new LoginPage(page).signIn('customer@portal.test');
    const response = await usersMe;
    expect(response.request().headers()['authorization']).toMatch(/^Bearer ey/);
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
    await expect(page.getByText('Welcome, Chris Customer')).toBeVisible();
    // The authorization code left the address bar.
    expect(page.url()).not.toContain('code=');

    await new Header(page).logout('Chris Customer');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(new Header(page).login()).toBeVisible();
  });

  test('sends a signed-out visitor of a protected page to sign in and back to that page', async ({
    page,
  }) => {
    await page.goto('/my/projects');
    await new LoginPage(page).signIn('internal@portal.test');
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(page.getByText('Welcome, Ines Internal')).toBeVisible();
  });

  test('refuses a wrong password on the login page', async ({ page }) => {
    await page.goto('/my/projects');
    await new LoginPage(page).signIn('customer@portal.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
    await expect(page.getByLabel('Email')).toHaveValue('customer@portal.test');
  });

  test('shows its not-found page, marked noindex, for an unknown path', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('admin console', () => {
  test('lists the boards of the database for an administrator, paged by Range, sorted and filtered in SQL', async ({
    page,
  }) => {
    const firstList = page.waitForResponse(
      (r) => r.url().includes('/api/v1/boards') && r.request().method() === 'GET',
    );
    await page.goto('/admin');
    await new LoginPage(page).signIn('admin@portal.test');
    const list = await firstList;
    expect(list.status()).toBe(200);
    expect(list.request().headers()['range']).toBe('boards=0-24');
    expect(list.headers()['content-range']).toBe('boards 0-24/41');
    await expect(page).toHaveURL(/\/admin(\/#?\/?boards)?/);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(page.getByText('1-25 of 41')).toBeVisible();

    // Sorting by name descending is asked of the server.
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/v1/boards') && decodeURIComponent(r.url()).includes('"name","DESC"'),
    );
    await page.getByRole('button', { name: 'Sort by name descending' }).click();
    const sortedResponse = await sorted;
    const names = ((await sortedResponse.json()) as { name: string }[]).map((b) => b.name);
    expect(names).toEqual([...names].sort().reverse());
    await expect(rows.first()).toContainText(names[0]!);

    // The name filter narrows the list on the server.
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/boards') && decodeURIComponent(r.url()).includes('"name":"SEC'),
    );
    await page.getByLabel('Name', { exact: true }).fill('SEC');
    const filteredResponse = await filtered;
    expect(filteredResponse.headers()['content-range']).toBe('boards 0-7/8');
    await expect(rows).toHaveCount(8);
  });

  test('refuses a customer, and the API answers them 403 too', async ({ page }) => {
    await page.goto('/admin');
    await new LoginPage(page).signIn('customer@portal.test');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(0);
    const token = await accessTokenOf(page);
    const status = await page.evaluate(
      async (t) => (await fetch('/api/v1/boards', { headers: { authorization: `Bearer ${t}` } })).status,
      token,
    );
    expect(status).toBe(403);
  });
});
