import { expect, test, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { Notifications } from '../support/customer-shell.js';
import { signedInPage, signInAt } from '../support/saved-sign-in.js';
import { actionNames, callApi, openAction } from '../support/customer-api.js';
import { answerDialog } from '../support/popups.js';

/**
 * Cancelling a project (spec product §4): the owner requests it, the provider (an admin, or the project's FAE)
 * accepts or rejects it. Against the real server.
 */

async function requestCancellation(page: Page, name: string) {
  await openAction(page, 'Request cancellation');
  const dialog = page.getByRole('dialog', { name: 'Request cancellation?' });
  await expect(dialog).toContainText(name);
  await answerDialog(dialog, 'Request cancellation');
  await expect(new Notifications(page).entry(`Cancellation of “${name}” requested.`)).toBeVisible();
  await expect(page.getByText('Cancellation requested', { exact: true })).toBeVisible();
  await expect(page.getByText('The cancellation of this project has been requested.')).toBeVisible();
}

test.describe('project cancellation', () => {
  test('the owner requests it and an admin accepts it in the portal; the project is then cancelled', async ({
    page,
    browser,
  }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
    const project = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
      board: 'SNS226SN0001',
      name: 'Short lived',
    });
    const path = `/my/projects/${project!.uuid as string}`;
    await page.goto(path);
    await requestCancellation(page, 'Short lived');
    const offered = await actionNames(page);
    expect(offered).not.toContain('Request cancellation');
    expect(offered).not.toContain('Accept cancellation');

    // The provider side: an administrator opens the project in the portal and accepts.
    const admin = await signedInPage(browser, 'admin@portal.test', path);
    await expect(admin.getByRole('heading', { level: 1, name: 'Short lived' })).toBeVisible();
    await openAction(admin, 'Accept cancellation');
    await answerDialog(
      admin.getByRole('dialog', { name: 'Accept the cancellation?' }),
      'Accept cancellation',
    );
    await expect(new Notifications(admin).entry('“Short lived” is cancelled.')).toBeVisible();
    await admin.context().close();

    await page.reload();
    await expect(page.getByText('This project is cancelled. It can no longer be changed.')).toBeVisible();
    expect(await actionNames(page)).toEqual(['Notification settings', 'Delete project']);

    // A cancelled project without members can be deleted.
    await openAction(page, 'Delete project');
    await answerDialog(page.getByRole('dialog', { name: 'Delete this project?' }), 'Delete project');
    await expect(page).toHaveURL(/\/my\/projects$/);
    await expect(new Notifications(page).entry('“Short lived” was deleted.')).toBeVisible();
  });

  test('an admin rejects a requested cancellation through the API; the project is active again', async ({
    page,
    request,
  }) => {
    await signInAt(page, '/my/projects', 'customer@portal.test');
    await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
    const project = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
      board: 'SNS233SN0001',
      name: 'Kept alive',
    });
    const id = project!.uuid as string;
    await page.goto(`/my/projects/${id}`);
    await requestCancellation(page, 'Kept alive');

    const admin = await AdminApi.signIn(request);
    const answer = await admin.post<{ status: string }>(`projects/${id}/cancel/reject`, {});
    expect(answer.status).toBe('active');

    await page.reload();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('The cancellation of this project has been requested.')).toHaveCount(0);
  });
});
