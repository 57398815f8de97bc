import { expect, test, type Page } from '../support/test.js';
import { chooseOptions } from '../support/popups.js';
import { Notifications, answerSecondFactor } from '../support/customer-shell.js';
import { signInAt, signInThroughLoginAt } from '../support/saved-sign-in.js';
import { LoginPage } from '../support/pages.js';
import { callApi } from '../support/customer-api.js';

/**
 * Registering products as projects (issue 10 part 2) and the project list (part 1), against the real server.
 * Demo boards: SNS219…SNS268 are released sensor boards (SNS240 is not released, SNS268 needs no serial number),
 * SEC282 is a secure board; `<code>SN0002` registers one project only.
 */

/**
 * A single-registration serial number of the secure board SEC282 that no other suite and no demo project takes: the
 * demo's secure project "Secure element trial" holds SEC282SN0002.
 */
const FREE_SECURE_SERIAL = 'SEC282SN0003';

const serialField = (page: Page) => page.getByRole('textbox', { name: 'Serial number' });

async function fillDetails(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Project name' }).fill(name);
  await page.getByRole('checkbox', { name: 'I accept the service agreement' }).check();
}

async function submitAndOpen(page: Page, name: string, board: string) {
  await page.getByRole('button', { name: 'Register product' }).click();
  await expect(page).toHaveURL(/\/my\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(new Notifications(page).entry(`“${name}” is registered.`)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: board })).toBeVisible();
}

test.describe('project registration', () => {
  test('refuses a user without a company space, with the API’s message', async ({ page }) => {
    // The administrator has no company space (and, registering nothing, no projects).
    await signInAt(page, '/my/projects', 'admin@portal.test');
    // A user with no projects sees the empty state with the ways to register.
    await expect(page.getByRole('heading', { name: 'You have no projects yet' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Register product' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register product' })).toBeVisible();
    await serialField(page).fill('SNS254SN0003');
    await fillDetails(page, 'Admin try');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You need a company space to create projects.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/my\/projects\/create$/);
  });

  test('checks the form before sending: serial number, name and the service agreement', async ({ page }) => {
    await signInAt(page, '/my/projects/create', 'customer@portal.test');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(page.getByText('Serial number is required.')).toBeVisible();
    await expect(page.getByText('Project name is required.')).toBeVisible();
    await expect(page.getByText('Accept the service agreement to register a product.')).toBeVisible();
    await expect(serialField(page)).toBeFocused();

    await serialField(page).fill('SN 1/2');
    await page.getByRole('textbox', { name: 'Project name' }).fill('-bad name');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(
      page.getByText('A serial number may consist only of letters, numbers and hyphens.'),
    ).toBeVisible();
    await expect(page.getByText('Project name must start and end with a letter or digit')).toBeVisible();
    await expect(page).toHaveURL(/\/my\/projects\/create$/);
  });

  test('registers by serial number; a second registration of a single-registration serial is refused', async ({
    page,
  }) => {
    await signInAt(page, '/my/projects/create', 'customer@portal.test');
    await serialField(page).fill('SNS219SN0002');
    await fillDetails(page, 'Sensor bench A');
    await page.getByRole('combobox', { name: 'Project group' }).fill('Lab A');
    await submitAndOpen(page, 'Sensor bench A', 'SNS219_Evaluation_Kit');
    await expect(page.getByRole('definition').filter({ hasText: 'Lab A' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Owner' })).toBeVisible();

    await page.goto('/my/projects/create');
    await serialField(page).fill('SNS219SN0002');
    await fillDetails(page, 'Sensor bench B');
    await page.getByRole('button', { name: 'Register product' }).click();
    // The refusal is shown on the field it concerns, with the API's message.
    await expect(page.getByText('This serial number is already registered with a project.')).toBeVisible();
    await expect(serialField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/my\/projects\/create$/);
  });

  test('refuses a product that is not released, and one that does not exist', async ({ page }) => {
    await signInAt(page, '/my/projects/create', 'customer@portal.test');
    await page.getByRole('checkbox', { name: 'My product has no serial number' }).check();
    await page.getByRole('textbox', { name: 'Product name' }).fill('SNS240_Reference_Board');
    await fillDetails(page, 'Unreleased');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This product is not released for registration yet.' }),
    ).toBeVisible();

    await page.getByRole('checkbox', { name: 'My product has no serial number' }).uncheck();
    await serialField(page).fill('NOSUCHSERIAL-1');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(page.getByText('No product with this serial number was found.')).toBeVisible();
  });

  test('registers a product without serial number by its name', async ({ page }) => {
    await signInAt(page, '/my/projects/create', 'customer@portal.test');
    await page.getByRole('checkbox', { name: 'My product has no serial number' }).check();
    await page.getByRole('textbox', { name: 'Product name' }).fill('SNS268_Demo_Board');
    await fillDetails(page, 'Demo board project');
    await submitAndOpen(page, 'Demo board project', 'SNS268_Demo_Board');
  });

  test('registers by scanned QR data: the scan’s result opens the QR tab prefilled', async ({
    page,
    baseURL,
  }) => {
    // What the camera scan hands over: the text of the QR code the portal prints for a serial number.
    const scanned = `${baseURL}/welcome?serialnumber=SNS226SN0002`;
    await signInAt(
      page,
      `/my/projects/create?tab=qr&scanned=${encodeURIComponent(scanned)}`,
      'customer@portal.test',
    );
    await expect(page.getByRole('tab', { name: 'QR code' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Scanned serial number' })).toHaveValue('SNS226SN0002');
    await fillDetails(page, 'Scanned sensor');
    await submitAndOpen(page, 'Scanned sensor', 'SNS226_Starter_Kit');

    // A code without a serial number of ours is not used.
    await page.goto(`/my/projects/create?tab=qr&scanned=${encodeURIComponent('https://example.com/hello')}`);
    await expect(page.getByText('This QR code does not contain a serial number of ours.')).toBeVisible();
    await fillDetails(page, 'Nothing scanned');
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(page.getByText('Scan the QR code on your product first.')).toBeVisible();
  });

  test('registers by the welcome link of a printed QR code', async ({ page }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await page.goto('/welcome?serialnumber=SNS233SN0002');
    await expect(page).toHaveURL(/\/my\/projects\/create\?board=SNS233SN0002$/);
    await expect(serialField(page)).toHaveValue('SNS233SN0002');
    await fillDetails(page, 'Welcome link project');
    await submitAndOpen(page, 'Welcome link project', 'SNS233_Shield');
  });

  test('lists the projects as cards and as a table, searched, filtered, sorted and grouped', async ({
    page,
  }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    for (const [board, name, group] of [
      ['SNS254SN0002', 'Listed alpha', 'Lab B'],
      ['SNS261SN0002', 'listed beta', null],
      ['SNS254SN0001', 'Listed gamma', 'Lab B'],
    ] as const) {
      await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', { board, name, group });
    }
    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Listed alpha' })).toBeVisible();
    const cards = main.getByRole('article');
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(main.getByRole('status').filter({ hasText: `${count} projects` })).toBeVisible();

    // Sorted by name, A to Z: the card names come in order.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name' });
    await expect(page).toHaveURL(/sort=name/);
    // The URL changes first; the cards follow once the sorted page has arrived.
    const byName = (names: string[]) =>
      [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
    await expect
      .poll(async () => {
        const names = await cards.getByRole('heading').allTextContents();
        return names.length === count && names.join('\n') === byName(names).join('\n');
      })
      .toBe(true);

    // Search.
    await page.getByRole('searchbox', { name: 'Search name, SRC or sales code' }).fill('listed');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=listed/);
    await expect(cards).toHaveCount(3);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards).toHaveCount(count);

    // Grouped by project group: the group of the first project has its own section.
    await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Project group' });
    await expect(main.getByRole('heading', { level: 2, name: 'Lab B (2)' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: /No group/ })).toBeVisible();

    // Filtered by group.
    await page.getByRole('combobox', { name: 'Project group' }).selectOption({ label: 'Lab B' });
    await expect(cards).toHaveCount(2);

    // The table view, sorted by a column header; the state survives a reload (it is in the URL).
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    await page.reload();
    const table = main.getByRole('table');
    await expect(table.getByRole('rowheader', { name: 'Listed gamma' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Still grouped: every group's table sorts the same way.
    const firstTable = main.getByRole('table').first();
    await firstTable.getByRole('button', { name: 'Registered' }).click();
    await expect(page).toHaveURL(/sort=createdAt/);
    await expect(firstTable.getByRole('columnheader', { name: 'Registered' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Filtered by status: nobody's project is cancelled yet here.
    await chooseOptions(page.getByRole('combobox', { name: 'Status' }), ['Cancelled']);
    await expect(main.getByText('No projects match your search and filters')).toBeVisible();
  });
});

test.describe('secure projects behind the step-up', () => {
  test('a secure board needs the second factor to register, and its project to be listed', async ({
    page,
    browser,
  }) => {
    await signInThroughLoginAt(
      page,
      `/my/projects/create?board=${FREE_SECURE_SERIAL}`,
      'promoted@portal.test',
    );
    await expect(serialField(page)).toHaveValue(FREE_SECURE_SERIAL);
    await fillDetails(page, 'Secure element');
    await page.getByRole('button', { name: 'Register product' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Sign in with your second factor to open secure projects.' });
    await expect(refusal).toBeVisible();

    await refusal.getByRole('link', { name: 'Sign in with second factor' }).click();
    await answerSecondFactor(page, 'promoted@portal.test');
    await expect(page).toHaveURL(new RegExp(`/my/projects/create\\?board=${FREE_SECURE_SERIAL}$`));
    await fillDetails(page, 'Secure element');
    await submitAndOpen(page, 'Secure element', 'SEC282_Starter_Kit');
    await expect(page.getByText('Secure project').first()).toBeVisible();

    // Without the second factor, the list says it is incomplete and offers the step-up.
    const context = await browser.newContext();
    const normal = await context.newPage();
    await signInThroughLoginAt(normal, '/my/projects', 'promoted@portal.test');
    const incomplete = normal.getByRole('alert').filter({ hasText: 'List of projects is incomplete' });
    await expect(incomplete).toBeVisible();
    // Exact names: promoted@ also owns the demo's secure "Secure element trial".
    await expect(normal.getByRole('link', { name: 'Secure element', exact: true })).toHaveCount(0);
    await incomplete.getByRole('link', { name: 'Sign in with second factor' }).click();
    await answerSecondFactor(normal, 'promoted@portal.test');
    await expect(normal).toHaveURL(/\/my\/projects$/);
    await expect(normal.getByRole('link', { name: 'Secure element', exact: true })).toBeVisible();
    await expect(normal.getByText('List of projects is incomplete')).toHaveCount(0);
    await context.close();
  });

  test('a signed-out visitor of a project link signs in and comes back to it', async ({ page }) => {
    await page.goto('/my/projects/00000000-0000-4000-8000-000000000000');
    await new LoginPage(page).signIn('customer@portal.test');
    // The secure guard asks the server: an unknown project is not found.
    await expect(page).toHaveURL(/\/not-found$/);
  });
});
