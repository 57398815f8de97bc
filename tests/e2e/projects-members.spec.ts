import { expect, test } from '../support/test.js';
import { Notifications } from '../support/customer-shell.js';
import { signedInPage, signInAt } from '../support/saved-sign-in.js';
import { LoginPage } from '../support/pages.js';
import { actionNames, callApi, openAction } from '../support/customer-api.js';
import { answerDialog } from '../support/popups.js';

/**
 * Members, invitations, roles and ownership of a project (issue 10 part 3), against the real server. The owner is
 * customer@; promoted@ belongs to the same company space (Acme Devices); internal@ has a provider address (FAE).
 */

test.describe.serial('members, invitations and ownership', () => {
  let projectPath = '';
  let invitationLink = '';
  let invitationPassword = '';

  test.beforeAll(async ({ browser }) => {
    const page = await signedInPage(browser, 'customer@portal.test', '/my/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
    const project = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
      board: 'SNS219SN0001',
      name: 'Team project',
    });
    projectPath = `/my/projects/${project!.uuid as string}`;
    await page.context().close();
  });

  test('the owner invites with a link and password; a wrong password is refused, the right one joins', async ({
    page: owner,
    browser,
  }) => {
    await signInAt(owner, projectPath, 'customer@portal.test');
    await expect(owner.getByRole('heading', { level: 1, name: 'Team project' })).toBeVisible();
    await openAction(owner, 'Manage members');
    await expect(owner.getByRole('heading', { level: 1, name: 'Manage members' })).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Owner' })).toContainText('customer@portal.test');
    await owner.getByRole('link', { name: 'Add members' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Add members' })).toBeVisible();

    // A chosen password that is too short is refused before sending; left empty, one is made up.
    await owner.getByRole('textbox', { name: 'Password (optional)' }).fill('short');
    await owner.getByRole('button', { name: 'Create invitation link' }).click();
    await expect(owner.getByText('The invitation password must have at least 10 characters.')).toBeVisible();
    await owner.getByRole('textbox', { name: 'Password (optional)' }).fill('');
    await owner.getByRole('button', { name: 'Create invitation link' }).click();
    const created = owner.getByRole('alert').filter({ hasText: 'Your invitation' });
    await expect(created).toBeVisible();
    const link = await created.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    const password = await created.getByRole('textbox', { name: 'Password' }).inputValue();
    expect(link).toMatch(/\/invitation\/[0-9a-f-]{36}$/);
    expect(password.length).toBeGreaterThanOrEqual(8);
    invitationLink = link;
    invitationPassword = password;
    await expect(created).toContainText('Valid until');

    // The invitee, in a second browser, opens the link and signs in.
    const invitee = await signedInPage(browser, 'promoted@portal.test', new URL(link).pathname);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible();
    await invitee.getByLabel('Invitation password').fill('wrong-password-1');
    await invitee.getByRole('button', { name: 'Show invitation' }).click();
    await expect(invitee.getByText('The invitation is unknown or the password is wrong.')).toBeVisible();
    await expect(invitee.getByLabel('Invitation password')).toHaveAttribute('aria-invalid', 'true');

    await invitee.getByLabel('Invitation password').fill(password);
    await invitee.getByRole('button', { name: 'Show invitation' }).click();
    await expect(invitee.getByRole('heading', { name: 'Team project' })).toBeVisible();
    await expect(invitee.getByText('customer@portal.test')).toBeVisible();
    await invitee.getByRole('button', { name: 'Accept and join' }).click();
    await expect(invitee).toHaveURL(new RegExp(`${projectPath}$`));
    await expect(new Notifications(invitee).entry('You joined “Team project”.')).toBeVisible();
    await expect(invitee.getByRole('definition').filter({ hasText: /^Member$/ })).toBeVisible();

    // Accepting again: already a member.
    await invitee.goto(new URL(link).pathname);
    await invitee.getByLabel('Invitation password').fill(password);
    await invitee.getByRole('button', { name: 'Show invitation' }).click();
    await expect(invitee.getByText('You are already a member of this project.')).toBeVisible();
    await invitee.context().close();

    await owner.goto(`${projectPath}/manage-members`);
    await expect(owner.getByRole('region', { name: 'Members' })).toContainText('promoted@portal.test');
  });

  test('a project with members cannot be deleted: the refusal names them', async ({ page: owner }) => {
    await signInAt(owner, projectPath, 'customer@portal.test');
    await openAction(owner, 'Delete project');
    const dialog = owner.getByRole('dialog', { name: 'Delete this project?' });
    await answerDialog(dialog, 'Delete project', () => dialog.getByRole('alert').isVisible());
    await expect(dialog.getByRole('alert')).toContainText('cannot be deleted while it still has members');
    await expect(dialog.getByRole('alert')).toContainText('promoted@portal.test');
    await answerDialog(dialog, 'Cancel');
    await expect(owner.getByRole('heading', { level: 1, name: 'Team project' })).toBeVisible();
  });

  test('the owner sets the FAE and revokes the invitation, which then no longer works', async ({
    page: owner,
    browser,
  }) => {
    await signInAt(owner, `${projectPath}/manage-members/add`, 'customer@portal.test');
    await owner.getByRole('textbox', { name: 'FAE email address' }).fill('customer@example.com');
    await owner.getByRole('button', { name: 'Add FAE' }).click();
    await expect(owner.getByText(/Please enter a provider email address ending in/)).toBeVisible();
    await owner.getByRole('textbox', { name: 'FAE email address' }).fill('internal@portal.test');
    await owner.getByRole('button', { name: 'Add FAE' }).click();
    await expect(new Notifications(owner).entry('internal@portal.test is now the FAE.')).toBeVisible();

    await owner.goto(`${projectPath}/manage-members`);
    await expect(owner.getByRole('region', { name: 'FAE' })).toContainText('internal@portal.test');
    await owner.getByRole('button', { name: 'Revoke', exact: true }).click();
    await answerDialog(owner.getByRole('dialog', { name: 'Revoke the invitation?' }), 'Revoke');
    await expect(owner.getByText('There is no open invitation.')).toBeVisible();

    const late = await signedInPage(browser, 'csa@portal.test', new URL(invitationLink).pathname);
    await late.getByLabel('Invitation password').fill(invitationPassword);
    await late.getByRole('button', { name: 'Show invitation' }).click();
    await expect(late.getByText('This invitation is no longer valid.')).toBeVisible();
    await late.context().close();
  });

  test('the owner edits the project and sets their notifications', async ({ page: owner }) => {
    await signInAt(owner, projectPath, 'customer@portal.test');
    await openAction(owner, 'Edit project');
    await owner.getByRole('textbox', { name: 'Project name' }).fill('Team project 2');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Team project 2' })).toBeVisible();

    await openAction(owner, 'Notification settings');
    const uploads = owner.getByRole('switch', { name: 'File uploads' });
    await expect(uploads).toBeChecked();
    await uploads.click();
    await expect(uploads).not.toBeChecked();
    await expect(new Notifications(owner).entry('Notification settings saved.')).toBeVisible();
    await owner.reload();
    await expect(owner.getByRole('switch', { name: 'File uploads' })).not.toBeChecked();
    await expect(owner.getByRole('switch', { name: 'Project status changes' })).toBeChecked();
  });

  test('the owner transfers ownership and stays as a member, who may then leave', async ({ page: owner }) => {
    await signInAt(owner, projectPath, 'customer@portal.test');
    await openAction(owner, 'Transfer ownership');
    const dialog = owner.getByRole('dialog', { name: 'Transfer ownership' });
    await dialog.getByRole('textbox', { name: 'Email of the new owner' }).fill('customer@portal.test');
    const refusal = dialog.getByText('The new owner must not already be the owner or the substitute.');
    await answerDialog(dialog, 'Transfer ownership', () => refusal.isVisible());
    await dialog.getByRole('textbox', { name: 'Email of the new owner' }).fill('promoted@portal.test');
    await answerDialog(dialog, 'Transfer ownership');
    await expect(
      new Notifications(owner).entry('promoted@portal.test is now the owner of the project.'),
    ).toBeVisible();
    await expect(owner.getByRole('definition').filter({ hasText: 'promoted@portal.test' })).toBeVisible();
    await expect(owner.getByRole('definition').filter({ hasText: /^Member$/ })).toBeVisible();
    expect(await actionNames(owner)).toEqual(['Notification settings', 'Leave project']);

    await openAction(owner, 'Leave project');
    await answerDialog(owner.getByRole('dialog', { name: 'Leave this project?' }), 'Leave project');
    await expect(owner).toHaveURL(/\/my\/projects$/);
    await expect(new Notifications(owner).entry('You left “Team project 2”.')).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Team project 2' })).toHaveCount(0);
  });
});

test('an unknown invitation is not found, and a signed-out invitee signs in first', async ({ page }) => {
  await page.goto('/invitation/00000000-0000-4000-8000-000000000000');
  await new LoginPage(page).signIn('csa@portal.test');
  // The invitation guard asks the server whether it is secure; an unknown one is not found.
  await expect(page).toHaveURL(/\/not-found$/);
});
