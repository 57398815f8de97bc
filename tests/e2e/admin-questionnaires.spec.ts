import { expect, test } from '../support/test.js';
import { AdminConsole, AdminForm } from '../support/admin-console.js';
import { chooseOption } from '../support/popups.js';

test.describe('admin console: questionnaires', () => {
  test('creates a questionnaire with its first question, adds a choice question, and copies it', async ({
    page,
  }) => {
    const name = `E2E Questionnaire ${Date.now().toString(36)}`;
    const form = new AdminForm(page);
    await new AdminConsole(page).signIn('admin@portal.test', '/admin/questionnaires/new');

    await form.field('Name').fill('   ');
    await form.save();
    await expect(form.errorOf('Questionnaire name is required.')).toBeVisible();
    await expect(form.errorOf('Question text is required.')).toBeVisible();
    await form.field('Name').fill(name);
    await form.field('Question text').fill('What will you build?');
    await form.save();
    await expect(page).toHaveURL(/\/admin\/questionnaires\/[\w-]+\/edit$/);
    await expect(page.getByText('What will you build?')).toBeVisible();

    // A single-choice question needs two choices (spec §5).
    await page.getByRole('link', { name: 'Add question' }).click();
    await expect(page).toHaveURL(/\/question$/);
    await chooseOption(page.getByRole('combobox', { name: 'Type' }), 'Single choice');
    await form.field('Question text').fill('Which stage is the project in?');
    await form.save();
    await expect(form.errorOf('Add at least 2 choices.')).toBeVisible();
    const choices = page.getByRole('group', { name: 'Choices' }).or(page.locator('.ra-input-choices'));
    for (const choice of ['Evaluation', 'Production']) {
      await choices.getByRole('button', { name: 'Add' }).click();
      await choices.getByRole('textbox', { name: 'Choice' }).last().fill(choice);
    }
    await form.save();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByText('Which stage is the project in?')).toBeVisible();
    await expect(page.getByText('Evaluation · Production')).toBeVisible();

    const original = page.url();
    await page.getByRole('button', { name: 'Copy questionnaire' }).click();
    await expect(page).not.toHaveURL(original);
    await expect(page).toHaveURL(/\/admin\/questionnaires\/[\w-]+\/edit$/);
    await expect(page.getByText('Which stage is the project in?')).toBeVisible();
  });
});
