import { expect, test, type Page } from '../support/test.js';
import { answerDialog, chooseMenuItem, closeWithEscape, openPopup } from '../support/popups.js';
import { expectNoSeriousA11yFindings } from '../support/axe.js';
import { signedInPage, signInAt } from '../support/saved-sign-in.js';
import { callApi } from '../support/customer-api.js';
import { followInApp } from '../support/in-app.js';

/** Axe (WCAG 2.1 A/AA) on the project pages in their main states; no serious or critical finding is allowed. */
const check = expectNoSeriousA11yFindings;

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('accessibility of the project pages (axe, WCAG 2.1 AA)', () => {
  test('list, registration, scan, eSIM, project, sub-pages and invitation', async ({ page, browser }) => {
    // Twenty axe scans of full pages.
    test.setTimeout(240_000);
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await expect(h1(page, 'My projects')).toBeVisible();
    const project = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
      board: 'SNS254SN0003',
      name: 'Accessible project',
      description: 'A sensor board on the bench, checked for accessibility.',
      group: 'Audit',
    });
    await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
      board: 'SNS261SN0003',
      name: 'Second one',
    });
    const path = `/my/projects/${project!.uuid as string}`;

    await page.reload();
    await expect(page.getByRole('link', { name: 'Accessible project' })).toBeVisible();
    await check(page, 'my projects list');
    await page.goto('/my/projects?view=table&groupBy=group');
    await expect(page.getByRole('table').first()).toBeVisible();
    await check(page, 'my projects table grouped');

    await followInApp(page, '/my/projects/create');
    await expect(h1(page, 'Register product')).toBeVisible();
    await page.getByRole('button', { name: 'Register product' }).click();
    await expect(page.getByText('Project name is required.')).toBeVisible();
    await check(page, 'register product with errors');
    await page.getByRole('tab', { name: 'QR code' }).click();
    await expect(page.getByRole('button', { name: 'Read from a photo' })).toBeVisible();
    await check(page, 'register product QR tab');
    await page.goto(`/my/projects/create?tab=qr&scanned=${encodeURIComponent('SNS254SN0004')}`);
    await expect(page.getByRole('textbox', { name: 'Scanned serial number' })).toHaveValue('SNS254SN0004');
    await check(page, 'register product scanned');
    const agreement = page.getByRole('dialog', { name: 'Service agreement' });
    await openPopup(page.getByRole('button', { name: 'Read the service agreement' }), agreement);
    await check(page, 'service agreement dialog');
    await closeWithEscape(page, agreement);

    await followInApp(page, '/qr-code-scan');
    await expect(h1(page, 'Scan a QR code')).toBeVisible();
    // No camera in a headless browser: the page says so and offers the other ways.
    await expect(page.getByRole('button', { name: 'Read from a photo' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
    await check(page, 'qr code scan without camera');

    await followInApp(page, '/my/projects/create/eSim');
    await expect(h1(page, 'Register eSIM product')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register and get profile' })).toBeVisible();
    await check(page, 'esim registration');

    await followInApp(page, path);
    await expect(h1(page, 'Accessible project')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
    await check(page, 'project page');
    await page.getByRole('tab', { name: 'Assets' }).click();
    await expect(page.getByText('No files have been uploaded to this project yet.')).toBeVisible();
    await openPopup(page.getByRole('button', { name: 'Actions' }), page.getByRole('menu'));
    await check(page, 'project actions menu');
    await chooseMenuItem(page.getByRole('button', { name: 'Actions' }), 'Request cancellation');
    const cancellation = page.getByRole('dialog', { name: 'Request cancellation?' });
    await expect(cancellation).toBeVisible();
    await check(page, 'request cancellation dialog');
    await answerDialog(cancellation, 'Cancel');

    await followInApp(page, `${path}/edit`);
    await expect(page.getByRole('textbox', { name: 'Project name' })).toHaveValue('Accessible project');
    await check(page, 'edit project');
    await followInApp(page, `${path}/manage-notifications`);
    await expect(page.getByRole('switch', { name: 'File uploads' })).toBeVisible();
    await check(page, 'notification settings');
    await page.goto(`${path}/manage-members/add`);
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const created = page.getByRole('alert').filter({ hasText: 'Your invitation' });
    await expect(created).toBeVisible();
    const link = await created.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    const password = await created.getByRole('textbox', { name: 'Password' }).inputValue();
    await check(page, 'add members with an invitation');
    await followInApp(page, `${path}/manage-members`);
    await expect(page.getByRole('region', { name: 'Owner' })).toBeVisible();
    await check(page, 'manage members');

    const invitee = await signedInPage(browser, 'csa@portal.test', new URL(link).pathname);
    await expect(h1(invitee, 'Invitation')).toBeVisible();
    await invitee.getByLabel('Invitation password').fill('not-it-at-all');
    await invitee.getByRole('button', { name: 'Show invitation' }).click();
    await expect(invitee.getByText('The invitation is unknown or the password is wrong.')).toBeVisible();
    await check(invitee, 'invitation wrong password');
    await invitee.getByLabel('Invitation password').fill(password);
    await invitee.getByRole('button', { name: 'Show invitation' }).click();
    await expect(invitee.getByRole('button', { name: 'Accept and join' })).toBeVisible();
    await check(invitee, 'invitation details');
    await invitee.context().close();
  });

  test('the list and the project page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await expect(page.getByRole('link', { name: 'Accessible project' })).toBeVisible();
    await check(page, 'my projects phone');
    await page.getByRole('link', { name: 'Accessible project' }).click();
    await expect(h1(page, 'Accessible project')).toBeVisible();
    await check(page, 'project page phone');
  });
});
