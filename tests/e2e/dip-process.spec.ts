import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test.js';
import { AdminApi } from '../support/admin-api.js';
import { expectNoSeriousA11yFindings } from '../support/axe.js';
import { Notifications } from '../support/customer-shell.js';
import { signedInPage, signInAt } from '../support/saved-sign-in.js';
import { callApi } from '../support/customer-api.js';
import { answerDialog, openPopup } from '../support/popups.js';

/**
 * The design-in process in the project page (issue 10 part 4): a customer works a process to its follow-up project
 * in the browser, every completion type on the way, on boards no other suite uses (PWR163 → PWR191).
 */

const BOARD = 'PWR163_Evaluation_Kit';
const NEXT_BOARD = 'PWR191_Application_Kit';
const SERIAL = 'PWR163SN0001';
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

interface Board {
  id: string;
  name: string;
}

const step = (
  title: string,
  completionType: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  title,
  description: `<p>${title}: what to do.</p>`,
  resolverRoles: ['project-member'],
  completer: null,
  completionType,
  confirmationRequired: false,
  csaReset: false,
  secure: false,
  childProject: null,
  ...extra,
});

const STEPS = [
  step('Accept the design-in terms', 'check'),
  step('Upload your schematics', 'file-upload'),
  step('Upload the configuration', 'file-upload-xml-validation'),
  step('Upload the encrypted image', 'file-upload-encrypted', {
    confirmationRequired: true,
    completer: 'project-owner',
  }),
  step('Request a short ROM code', 'short-rom-code-input', {
    resolverRoles: ['project-owner', 'csa'],
    csaReset: true,
  }),
  step('Describe your application', 'textarea'),
];

const XML_ENTRIES = [
  { type: 'metadata', xpath: '/secureConfiguration/device/@id', metadataKey: 'deviceId', errorMessage: null },
  {
    type: 'match',
    xpath: "count(/secureConfiguration/key[@type='aes'])=1",
    metadataKey: null,
    errorMessage: 'The configuration must contain exactly one AES key.',
  },
  { type: 'filename', xpath: '/secureConfiguration/image/@file', metadataKey: null, errorMessage: null },
];

const config = (status: string | null, key = '<key type="aes" version="3"/>') =>
  `<?xml version="1.0"?><secureConfiguration${status ? ` status="${status}"` : ''}><device id="D1"/>${key}<image file="app.bin"/></secureConfiguration>`;
const ARMOURED =
  '-----BEGIN PGP MESSAGE-----\n\nhQEMA5xR0Vd1ZmQ2AQf/b2Z0d2FyZQ==\n=h9ok\n-----END PGP MESSAGE-----\n';

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const dipSection = (page: Page) => page.getByRole('region', { name: 'Design-in process' });
const stepItem = (page: Page, title: string) =>
  dipSection(page).getByTestId('dip-step').filter({ hasText: title });
const fileInput = (item: Locator) => item.locator('input[type="file"]');
const submitStep = (item: Locator) => item.getByRole('button', { name: 'Submit step' });

async function expectActive(page: Page, number: number, title: string) {
  const item = stepItem(page, title);
  await expect(item.getByRole('button', { name: new RegExp(`Step ${number}: ${title}`) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  return item;
}

/** Drops files on a step's drop zone, as a file manager would. */
async function dropFiles(page: Page, item: Locator, files: { name: string; content: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, content } of list) transfer.items.add(new File([content], name));
    return transfer;
  }, files);
  const zone = item.getByTestId('dip-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toContainText('Drop the files to upload them');
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a customer works a design-in process to the end: uploads, XML validation, confirmation, reset, follow-up', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const notices = new Notifications(page);

  // The admin defines the process: steps, XML validation entries and the follow-up board.
  const api = await AdminApi.signIn(request);
  const boards = await api.get<Board[]>('boards');
  const board = boards.find((candidate) => candidate.name === BOARD)!;
  const next = boards.find((candidate) => candidate.name === NEXT_BOARD)!;
  await api.call('DELETE', `boards/${board.id}/dip-steps`);
  const saved = await api.call<{ steps: unknown[] }>('PUT', `boards/${board.id}/dip-steps`, { steps: STEPS });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const entries = await api.call('PUT', `boards/${board.id}/xml-validation-entries`, {
    entries: XML_ENTRIES,
  });
  expect(entries.status, JSON.stringify(entries.body)).toBe(200);
  const followUp = await api.call('PUT', `boards/${board.id}/follow-up`, {
    nextBoardId: next.id,
    nextOwnerEmail: null,
  });
  expect(followUp.status, JSON.stringify(followUp.body)).toBe(200);

  // The customer registers the board and opens the project.
  await signInAt(page, '/my/projects', 'customer@portal.test');
  const project = await callApi(page, 'POST', 'projects?acceptServiceAgreement=true', {
    board: SERIAL,
    name: 'DIP gateway',
  });
  const projectPath = `/my/projects/${project!.uuid as string}`;
  await page.goto(projectPath);
  await expect(page.getByRole('heading', { level: 1, name: 'DIP gateway' })).toBeVisible();
  const section = dipSection(page);
  await expect(section.getByTestId('dip-workflow-status')).toHaveText(
    'Workflow status: Assigned to a member',
  );
  await expect(section.getByText('Step 1 of 6')).toBeVisible();
  await expect(
    section.getByText(`When the process is complete, the project continues on ${NEXT_BOARD}.`),
  ).toBeVisible();
  await expect(section.getByTestId('dip-step')).toHaveCount(6);
  await expect(section.getByText('No files have been uploaded yet.')).toBeVisible();
  await shot(page, 'dip-01-start');
  await expectNoSeriousA11yFindings(page, 'design-in process, first step');

  // 1. Check: the box must be ticked (the API's message), then the step completes.
  let item = await expectActive(page, 1, 'Accept the design-in terms');
  await submitStep(item).click();
  await expect(item.getByText('Tick the box to confirm.')).toBeVisible();
  await item.getByRole('checkbox', { name: 'I confirm that this step is done' }).check();
  await submitStep(item).click();
  await expect(notices.entry('Step 1 is completed.')).toBeVisible();
  await expect(item.getByText('Completed', { exact: true })).toBeVisible();

  // 2. File upload: a name the rules refuse is stopped before sending; a 3 MB file shows its progress (the upload
  // is throttled to make it visible); a dropped file uploads too.
  item = await expectActive(page, 2, 'Upload your schematics');
  await fileInput(item).setInputFiles({
    name: 'my schematics.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  const refused = item.getByRole('alert').filter({ hasText: 'my schematics.pdf was not uploaded' });
  await expect(refused).toContainText(
    'A file name may contain only letters, digits, dots, hyphens, underscores and parentheses.',
  );
  await refused.getByRole('button', { name: 'Dismiss the message about my schematics.pdf' }).click();
  await expect(refused).toHaveCount(0);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await fileInput(item).setInputFiles({
    name: 'schematics.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(3 * 1024 * 1024, 0x41),
  });
  const progress = item.getByRole('progressbar', { name: 'Uploading schematics.pdf' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await shot(page, 'dip-02-progress');
  await expect(notices.entry('schematics.pdf is uploaded.')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await dropFiles(page, item, [{ name: 'bom.csv', content: 'part,qty\nR1,4\n' }]);
  await expect(notices.entry('bom.csv is uploaded.')).toBeVisible();
  // The same name again is a duplicate, refused before sending with the server's message.
  await dropFiles(page, item, [{ name: 'BOM.csv', content: 'again' }]);
  await expect(item.getByRole('alert').filter({ hasText: 'BOM.csv was not uploaded' })).toContainText(
    'A file with this name already exists.',
  );
  const stepFiles = item.getByRole('table', { name: 'Files of this step' });
  await expect(stepFiles.getByTestId('dip-asset')).toHaveCount(2);
  await item.getByRole('button', { name: 'Submit the files' }).click();
  await expect(notices.entry('Step 2 is completed.')).toBeVisible();

  // 3. XML-validated configuration: the wrong type is refused before sending; an invalid XML is refused by the
  // server with the entry's message and the file as item; a draft validates but cannot be submitted; the final one
  // carries its metadata.
  item = await expectActive(page, 3, 'Upload the configuration');
  await fileInput(item).setInputFiles({
    name: 'config.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(item.getByRole('alert').filter({ hasText: 'config.txt was not uploaded' })).toContainText(
    'This file type is not accepted here. Accepted: .xml.',
  );
  await fileInput(item).setInputFiles({
    name: 'no-aes.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(config('customer complete', '')),
  });
  const invalid = item.getByRole('alert').filter({ hasText: 'no-aes.xml was not uploaded' });
  await expect(invalid).toContainText('Invalid request');
  await expect(invalid).toContainText('The configuration must contain exactly one AES key.');
  await expect(invalid.getByRole('listitem')).toHaveText('no-aes.xml');
  await fileInput(item).setInputFiles({
    name: 'broken.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<secureConfiguration><device id="D1">'),
  });
  const malformed = item.getByRole('alert').filter({ hasText: 'broken.xml was not uploaded' });
  await expect(malformed).toContainText('The XML file is not valid: it is not well-formed XML');
  await expect(malformed.getByRole('listitem')).toHaveText('broken.xml');
  await shot(page, 'dip-03-xml-refused');
  await expectNoSeriousA11yFindings(page, 'design-in process, refused uploads');

  await fileInput(item).setInputFiles({
    name: 'draft.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(config(null)),
  });
  await expect(notices.entry('draft.xml is uploaded.')).toBeVisible();
  await expect(item.getByText('Draft: not “customer complete” yet')).toBeVisible();
  await submitStep(item)
    .or(item.getByRole('button', { name: 'Submit the files' }))
    .click();
  const notComplete = item.getByRole('alert').filter({ hasText: 'customer complete' }).first();
  await expect(notComplete).toContainText('The configuration file must be in the state "customer complete"');
  await expect(notComplete.getByRole('listitem')).toHaveText('draft.xml');
  const deleteDialog = page.getByRole('dialog', { name: 'Delete draft.xml?' });
  await openPopup(item.getByRole('button', { name: 'Delete draft.xml' }).first(), deleteDialog);
  await answerDialog(deleteDialog, 'Delete');
  await expect(notices.entry('draft.xml is deleted.')).toBeVisible();
  await fileInput(item).setInputFiles({
    name: 'config.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(config('customer complete')),
  });
  await expect(notices.entry('config.xml is uploaded.')).toBeVisible();
  const configRow = item.getByTestId('dip-asset').filter({ hasText: 'config.xml' });
  await expect(configRow).toContainText('Customer complete');
  await expect(configRow).toContainText('deviceId');
  await expect(configRow).toContainText('D1');
  await item.getByRole('button', { name: 'Submit the files' }).click();
  await expect(notices.entry('Step 3 is completed.')).toBeVisible();

  // 4. Encrypted file: not .asc and not armoured are refused before sending; the named file arrives; the owner
  // confirms the submitted step.
  item = await expectActive(page, 4, 'Upload the encrypted image');
  await expect(item.getByText('Once submitted, this step is confirmed by the project owner.')).toBeVisible();
  await fileInput(item).setInputFiles({
    name: 'app.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'),
  });
  await expect(item.getByRole('alert').filter({ hasText: 'app.bin was not uploaded' })).toContainText(
    'Encrypted files must be .asc files.',
  );
  await fileInput(item).setInputFiles({
    name: 'plain.asc',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(item.getByRole('alert').filter({ hasText: 'plain.asc was not uploaded' })).toContainText(
    'These files are not encrypted.',
  );
  await fileInput(item).setInputFiles({
    name: 'app.bin.asc',
    mimeType: 'text/plain',
    buffer: Buffer.from(ARMOURED),
  });
  await expect(notices.entry('app.bin.asc is uploaded.')).toBeVisible();
  await item.getByRole('button', { name: 'Submit the files' }).click();
  await expect(notices.entry('Step 4 is submitted.')).toBeVisible();
  await expect(item.getByText('Submitted, waiting for confirmation')).toBeVisible();
  // Under the before_resolve policy a submitted step's files can no longer be deleted.
  await expect(item.getByRole('button', { name: 'Delete app.bin.asc' })).toHaveCount(0);
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm step 4?' });
  await openPopup(item.getByRole('button', { name: 'Confirm step' }), confirmDialog);
  await answerDialog(confirmDialog, 'Confirm');
  await expect(notices.entry('Step 4 is completed.')).toBeVisible();

  // 5. SRC: the rule's message before sending, then a unique code.
  item = await expectActive(page, 5, 'Request a short ROM code');
  const src = item.getByRole('textbox', { name: 'Short ROM code (SRC)' });
  await src.fill('ab');
  await expect(src).toHaveValue('AB');
  await submitStep(item).click();
  await expect(item.getByText('The SRC must be 3 to 8 capital letters or digits.')).toBeVisible();
  await src.fill('H9SRC1');
  await submitStep(item).click();
  await expect(notices.entry('Step 5 is completed.')).toBeVisible();
  // A completed step closes; opened, it shows what was entered.
  const srcSummary = item.getByRole('button', { name: /Step 5: Request a short ROM code/ });
  await expect(srcSummary).toHaveAttribute('aria-expanded', 'false');
  await srcSummary.click();
  await expect(item.getByText('H9SRC1')).toBeVisible();

  // The company space admin resets the process to the SRC step (csaReset), after confirming.
  const csa = await signedInPage(browser, 'csa@portal.test', projectPath);
  const csaStep = stepItem(csa, 'Request a short ROM code');
  await csaStep.getByRole('button', { name: /Step 5: Request a short ROM code/ }).click();
  const resetDialog = csa.getByRole('dialog', { name: 'Reset the process to step 5?' });
  await openPopup(csaStep.getByRole('button', { name: 'Reset to this step' }), resetDialog);
  await expect(resetDialog).toContainText('are discarded');
  await shot(csa, 'dip-04-reset-dialog');
  await expectNoSeriousA11yFindings(csa, 'design-in process, reset dialog');
  await answerDialog(resetDialog, 'Reset');
  await expect(new Notifications(csa).entry('The process is back at step 5.')).toBeVisible();
  await csa.context().close();

  // The customer sees step 5 open again, without the SRC, and works on to the end.
  await page.reload();
  item = await expectActive(page, 5, 'Request a short ROM code');
  await expect(item.getByText('H9SRC1')).toHaveCount(0);
  await item.getByRole('textbox', { name: 'Short ROM code (SRC)' }).fill('H9SRC2');
  await submitStep(item).click();
  await expect(notices.entry('Step 5 is completed.')).toBeVisible();

  item = await expectActive(page, 6, 'Describe your application');
  await submitStep(item).click();
  await expect(item.getByText('Please enter a text.')).toBeVisible();
  await item.getByRole('textbox', { name: 'Your text' }).fill('A factory gateway.\nVolume: 10k per year.');
  await submitStep(item).click();
  await expect(notices.entry('Step 6 is completed.')).toBeVisible();

  // The process is resolved; every file is listed with its uploader, step, time and scan result.
  await expect(section.getByTestId('dip-workflow-status')).toHaveText('Workflow status: Resolved');
  await expect(section.getByText('All 6 steps are completed')).toBeVisible();
  const all = section.getByRole('table', { name: 'Files of the design-in process' });
  const rows = all.getByTestId('dip-asset');
  await expect(rows).toHaveCount(4);
  for (const [name, stepLabel] of [
    ['schematics.pdf', '2. Upload your schematics'],
    ['bom.csv', '2. Upload your schematics'],
    ['config.xml', '3. Upload the configuration'],
    ['app.bin.asc', '4. Upload the encrypted image'],
  ] as const) {
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText(stepLabel);
    await expect(row).toContainText('customer@portal.test');
    await expect(row).toContainText('Not scanned');
    await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  }
  // A file downloads with its name.
  const download = page.waitForEvent('download');
  await rows.filter({ hasText: 'bom.csv' }).getByRole('button', { name: 'Download bom.csv' }).click();
  expect((await download).suggestedFilename()).toBe('bom.csv');

  const done = section.getByTestId('dip-follow-up');
  await expect(done).toContainText(`The project continues on ${NEXT_BOARD}.`);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'dip-05-resolved');
  await expectNoSeriousA11yFindings(page, 'design-in process, resolved');

  // The follow-up project opens on the next board.
  await done.getByRole('link', { name: 'Open the follow-up project' }).click();
  await expect(page).toHaveURL(/\/my\/projects\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(project!.uuid as string);
  await expect(page.getByRole('definition').filter({ hasText: NEXT_BOARD })).toBeVisible();
});
