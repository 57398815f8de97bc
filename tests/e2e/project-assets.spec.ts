import { expect, test } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { callApi } from '../support/customer-api.js';
import { signInAt } from '../support/saved-sign-in.js';

/**
 * The project page's files and design-in calls (issue 19 points 6 and 8), on boards no other suite uses: RF366
 * (given a one-step process here) and RF373 (none).
 */

const WITH_PROCESS = 'RF366_Lite_Kit';

test('a design-in upload is listed in the Assets tab (also after a reload); a project without a process lists none', async ({
  page,
  request,
}) => {
  const api = await AdminApi.signIn(request);
  const board = (await api.get<{ id: string; name: string }[]>('boards')).find(
    (candidate) => candidate.name === WITH_PROCESS,
  )!;
  await api.call('DELETE', `boards/${board.id}/dip-steps`);
  const saved = await api.call('PUT', `boards/${board.id}/dip-steps`, {
    steps: [
      {
        title: 'Upload your schematics',
        description: '<p>The schematics of your design.</p>',
        resolverRoles: ['project-member'],
        completer: null,
        completionType: 'file-upload',
        confirmationRequired: false,
        csaReset: false,
        secure: false,
        childProject: null,
      },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  await signInAt(page, '/my/projects', 'customer@portal.test');
  const withProcess = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
    board: 'RF366SN0001',
    name: 'Assets gateway',
  });
  const without = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
    board: 'RF373SN0001',
    name: 'No process here',
  });

  // No process: no design-in section, no files.
  await page.goto(`/my/projects/${without!.uuid as string}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No process here' })).toBeVisible();
  await page.getByRole('tab', { name: 'Assets' }).click();
  await expect(page.getByText('No files have been uploaded to this project yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Design-in process' })).toHaveCount(0);

  // Upload in the step: the design-in section and the Assets tab list it, and still after a reload.
  await page.goto(`/my/projects/${withProcess!.uuid as string}`);
  const section = page.getByRole('region', { name: 'Design-in process' });
  const step = section.getByTestId('dip-step').filter({ hasText: 'Upload your schematics' });
  await step.locator('input[type="file"]').setInputFiles({
    name: 'schematics-v1.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 schematics'),
  });
  await expect(step.getByTestId('dip-asset').filter({ hasText: 'schematics-v1.pdf' })).toBeVisible();
  // The toast of the upload leaves the project's Actions button free.
  await page.evaluate(() => window.scrollTo(0, 0));
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .getByText('schematics-v1.pdf is uploaded.');
  await expect(toast).toBeVisible();
  const [toastBox, actionsBox] = await Promise.all([
    toast.boundingBox(),
    page.getByRole('button', { name: 'Actions' }).boundingBox(),
  ]);
  const overlaps = (a: typeof toastBox, b: typeof toastBox) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(toastBox, actionsBox)).toBe(false);
  await page.getByRole('tab', { name: 'Assets' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('rowheader', { name: 'schematics-v1.pdf' })).toBeVisible();
  await expect(panel).toContainText('customer@portal.test');
  await page.reload();
  await page.getByRole('tab', { name: 'Assets' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('rowheader', { name: 'schematics-v1.pdf' }),
  ).toBeVisible();
});
