import {
  ERROR_MESSAGES,
  FILE_NAME_MAX_LENGTH,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  MAX_XML_FILE_SIZE_BYTES,
  dipResolveInputSchema,
  sizeLimitText,
  type DipCompletionType,
} from '@portal/resources';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import {
  OWNER,
  PROJECT_ID,
  makeAsset,
  makeProcess,
  makeProject,
  makeStep,
  renderDip,
} from '../test/render-dip';

const resolvePath = (stepId: string) => `POST projects/${PROJECT_ID}/dip/steps/${stepId}/resolve`;

/** The message `dipResolveInputSchema` (the API's rule) gives for this input: the form must show the same. */
function ruleMessage(type: DipCompletionType, input: object): string {
  return dipResolveInputSchema(type).safeParse(input).error!.issues[0]!.message;
}

describe('DesignInProcess', () => {
  it('shows the steps with their states, who the active one waits for, and the workflow status', async () => {
    const done = makeStep('check', {
      title: 'Accept the terms',
      state: 'completed',
      waitingFor: null,
      can: { upload: false, resolve: false, complete: false, reset: false },
      result: {
        value: null,
        checked: true,
        comment: null,
        childProjectId: null,
        resolvedBy: 'owner@portal.test',
        resolvedAt: '2026-03-01T09:00:00.000Z',
        completedBy: 'owner@portal.test',
        completedAt: '2026-03-01T09:00:00.000Z',
        systemError: null,
      },
    });
    const active = makeStep('input', {
      title: 'Name the site',
      stepNumber: 2,
      waitingFor: 'assigned-to-owner',
    });
    const pending = makeStep('textarea', {
      title: 'Describe it',
      stepNumber: 3,
      state: 'pending',
      waitingFor: null,
    });
    renderDip({ process: makeProcess([done, active, pending], { workflowStatus: 'assigned-to-owner' }) });

    expect(await screen.findByRole('heading', { name: 'Design-in process' })).toBeTruthy();
    expect((await screen.findByTestId('dip-workflow-status')).textContent).toBe(
      'Workflow status: Assigned to the owner',
    );
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Steps of the design-in process' });
    const items = within(list).getAllByTestId('dip-step');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Completed')).toBeTruthy();
    expect(within(items[1]!).getByText('Active')).toBeTruthy();
    expect(within(items[1]!).getByText('Waiting for the project owner')).toBeTruthy();
    expect(within(items[2]!).getByText('Pending')).toBeTruthy();
    // The active step is open with its form; the description keeps its emphasis and loses its script.
    expect(within(items[1]!).getByRole('textbox', { name: /Your answer/ })).toBeTruthy();
    expect(items[1]!.querySelector('strong')?.textContent).toBe('this');
    expect(document.querySelector('[data-testid="design-in-process"] script')).toBeNull();
  });

  it('asks nothing and renders nothing for a project without a design-in status (its board has no process)', async () => {
    const { calls } = renderDip({
      process: { status: 500, body: { status: 500, type: 'internal_error', errors: [] } },
      project: makeProject({ dipStatus: null }),
    });
    await waitFor(() => expect(calls.some((call) => call.path === 'users/me')).toBe(true));
    expect(calls.filter((call) => call.path.includes('/dip'))).toEqual([]);
    expect(screen.queryByTestId('design-in-process')).toBeNull();
  });

  it('renders nothing when the process is gone since the project was read (404)', async () => {
    const { calls } = renderDip({
      process: {
        status: 404,
        body: {
          status: 404,
          type: 'not_found',
          errors: [{ errorCode: 'not_found', resources: ['dip'], messages: ['No process.'] }],
        },
      },
    });
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/dip'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading the design-in process')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Design-in process' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    renderDip({ process: { status: 500, body: { status: 500, type: 'internal_error', errors: [] } } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the form of the active step, per completion type', () => {
  it('check: refuses an unticked box with the API’s message, then sends checked', async () => {
    const step = makeStep('check');
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: {
        [resolvePath(step.id)]: {
          status: 200,
          body: makeProcess([{ ...step, state: 'completed' }], { workflowStatus: 'resolved' }),
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
    expect(await screen.findByText(ruleMessage('check', { checked: false }))).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm that this step is done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ checked: true }),
    );
  });

  it('check with comment: needs the tick and a comment', async () => {
    const step = makeStep('check-with-comment');
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: { [resolvePath(step.id)]: { status: 200, body: makeProcess([step]) } },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I confirm that this step is done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    expect(
      await screen.findByText(ruleMessage('check-with-comment', { checked: true, comment: '' })),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), { target: { value: 'Looks good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        checked: true,
        comment: 'Looks good',
      }),
    );
  });

  it.each([
    ['input', /Your answer/, 'Munich plant'],
    ['textarea', /Your text/, 'A gateway\nfor factories'],
    ['dev-code-input', /Development code/, 'DEV-42'],
  ] as const)(
    '%s: an empty value is refused with the API’s message, a value is sent',
    async (type, label, value) => {
      const step = makeStep(type);
      const { calls } = renderDip({
        process: makeProcess([step]),
        answers: { [resolvePath(step.id)]: { status: 200, body: makeProcess([step]) } },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
      expect(await screen.findByText(ruleMessage(type, { value: '' }))).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: label }));
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
      await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ value }));
    },
  );

  it('SRC: capitals only, 3 to 8; the server’s short_rom_code_already_exists lands on the field', async () => {
    const step = makeStep('short-rom-code-input');
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: {
        [resolvePath(step.id)]: {
          status: 409,
          body: {
            status: 409,
            type: 'conflict',
            errors: [
              {
                errorCode: 'short_rom_code_already_exists',
                resources: ['value'],
                messages: ['This short ROM code (SRC) is already in use on this board.'],
              },
            ],
          },
        },
      },
    });
    const field = await screen.findByRole('textbox', { name: /Short ROM code/ });
    fireEvent.change(field, { target: { value: 'ab' } });
    expect((field as HTMLInputElement).value).toBe('AB');
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    expect(await screen.findByText(ruleMessage('short-rom-code-input', { value: 'AB' }))).toBeTruthy();
    fireEvent.change(field, { target: { value: 'abc12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    expect(
      await screen.findByText('This short ROM code (SRC) is already in use on this board.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ value: 'ABC12' });
  });

  it('sales code (deprecated, existing steps): the rule’s message before sending', async () => {
    const step = makeStep('sales-code-input');
    renderDip({ process: makeProcess([step]) });
    fireEvent.change(await screen.findByRole('textbox', { name: /Sales code/ }), {
      target: { value: 'no way!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit step' }));
    expect(await screen.findByText(ruleMessage('sales-code-input', { value: 'no way!' }))).toBeTruthy();
  });

  it('no task: marked as done with an empty body', async () => {
    const step = makeStep(null);
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: { [resolvePath(step.id)]: { status: 200, body: makeProcess([step]) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({}));
  });

  it('file upload: the drop zone, the step’s files, and the server’s refusal with its item list', async () => {
    const step = makeStep('file-upload', {
      can: { upload: true, resolve: true, complete: false, reset: false },
    });
    renderDip({
      process: makeProcess([step]),
      answers: {
        [resolvePath(step.id)]: {
          status: 409,
          body: {
            status: 409,
            type: 'conflict',
            errors: [
              {
                errorCode: 'malware_detected',
                resources: ['virus.exe'],
                messages: ['Delete the files that contain malware before submitting this step.'],
              },
            ],
          },
        },
      },
    });
    expect(await screen.findByRole('region', { name: 'Upload files to step 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    // The limits come from the rules' constants, never retyped in the text.
    expect(
      screen.getByText(`Up to ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)} per file.`, { exact: false })
        .textContent,
    ).toContain(`at most ${FILE_NAME_MAX_LENGTH} characters.`);
    fireEvent.click(screen.getByRole('button', { name: 'Submit the files' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Delete the files that contain malware before submitting this step.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toBe('virus.exe');
  });

  it('file upload: a dropped file that breaks a rule is refused before sending, with the server’s message', async () => {
    const step = makeStep('file-upload-xml-validation', {
      can: { upload: true, resolve: true, complete: false, reset: false },
    });
    const { calls } = renderDip({ process: makeProcess([step]) });
    const zone = await screen.findByTestId('dip-drop-zone');
    expect(
      screen.getByText(`an .xml file of up to ${sizeLimitText(MAX_XML_FILE_SIZE_BYTES)}.`, { exact: false }),
    ).toBeTruthy();
    const files = [new File(['x'], 'config.txt'), new File(['x'], 'my config.xml')];
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(await screen.findByText(`${ERROR_MESSAGES.wrong_file_type} Accepted: .xml.`)).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES.invalid_name)).toBeTruthy();
    expect(screen.getByText('config.txt was not uploaded')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('child project: made by the system, no form for the customer', async () => {
    const step = makeStep('child-project', {
      resolverRoles: ['nobody'],
      waitingFor: 'assigned-to-nobody',
      can: { upload: false, resolve: false, complete: false, reset: false },
    });
    renderDip({ process: makeProcess([step], { workflowStatus: 'assigned-to-nobody' }) });
    expect(
      await screen.findByText('The system creates the child project when this step is reached.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit step' })).toBeNull();
  });

  it('view only: no form, and who may act instead', async () => {
    const step = makeStep('input', {
      resolverRoles: ['project-owner', 'csa'],
      can: { upload: false, resolve: false, complete: false, reset: false },
    });
    renderDip({ process: makeProcess([step]) });
    expect(
      await screen.findByText(
        'You can follow this step, but only the project owner or the company space admin can work on it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('confirmation, reset, files and follow-up', () => {
  it('confirms a submitted step after asking', async () => {
    const step = makeStep('file-upload', {
      resolved: true,
      confirmationRequired: true,
      completer: 'fae',
      waitingFor: 'assigned-to-provider',
      can: { upload: false, resolve: false, complete: true, reset: false },
    });
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: {
        [`POST projects/${PROJECT_ID}/dip/steps/${step.id}/complete`]: {
          status: 200,
          body: makeProcess([{ ...step, state: 'completed', resolved: false }], {
            workflowStatus: 'resolved',
          }),
        },
      },
    });
    expect(await screen.findByText('Submitted, waiting for confirmation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm step 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/complete'))).toBe(true));
  });

  it('resets to a step after a confirmation naming what is lost', async () => {
    const step = makeStep('short-rom-code-input', {
      can: { upload: false, resolve: true, complete: false, reset: true },
    });
    const { calls } = renderDip({
      process: makeProcess([step]),
      answers: { [`POST projects/${PROJECT_ID}/dip/reset`]: { status: 200, body: makeProcess([step]) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset to this step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the process to step 1?' });
    expect(within(dialog).getByText(/are discarded/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/reset'))?.body).toEqual({ stepId: step.id }),
    );
  });

  it('lists the files with uploader, step, time and malware flag; delete as the role allows', async () => {
    const step = makeStep('file-upload', {
      can: { upload: true, resolve: true, complete: false, reset: false },
    });
    const own = makeAsset(step);
    const other = makeAsset(step, {
      id: '00000000-0000-4000-8000-0000000a55e8',
      filename: 'virus.exe',
      uploadedBy: 'member@portal.test',
      malwareDetected: true,
      scanStatus: 'infected',
    });
    const member = makeUser({ id: 'bbbbbbbb-0000-4000-8000-000000000002', email: OWNER.email });
    renderDip({
      process: makeProcess([step]),
      assets: [own, other],
      user: member,
      project: makeProject({
        members: [{ id: member.id, username: 'm', email: OWNER.email, roles: ['member'] }],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Files of the design-in process' });
    const rows = within(table).getAllByTestId('dip-asset');
    expect(within(rows[0]!).getByText('schematics.pdf')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^1\. Step of type file-upload$/)).toBeTruthy();
    expect(within(rows[0]!).getByText('owner@portal.test')).toBeTruthy();
    expect(within(rows[0]!).getByText('Not scanned')).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(own.uploadedAt);
    expect(within(rows[1]!).getByText('Malware found')).toBeTruthy();
    // A member deletes their own file, not another's; a file with malware cannot be downloaded.
    expect(within(rows[0]!).getByRole('button', { name: 'Delete schematics.pdf' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Delete virus.exe' })).toBeNull();
    expect(
      (within(rows[1]!).getByRole('button', { name: 'Download virus.exe' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('deletes a file after asking', async () => {
    const step = makeStep('file-upload', {
      can: { upload: true, resolve: true, complete: false, reset: false },
    });
    const asset = makeAsset(step);
    const { calls } = renderDip({
      process: makeProcess([step]),
      assets: [asset],
      answers: { [`DELETE projects/${PROJECT_ID}/dip/assets/${asset.id}`]: { status: 200, body: asset } },
    });
    const table = await screen.findByRole('table', { name: 'Files of the design-in process' });
    fireEvent.click(within(table).getByRole('button', { name: 'Delete schematics.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete schematics.pdf?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('shows the XML validation result of a configuration: draft or customer complete, and its metadata', async () => {
    const step = makeStep('file-upload-xml-validation', {
      can: { upload: true, resolve: true, complete: false, reset: false },
    });
    renderDip({
      process: makeProcess([step]),
      assets: [
        makeAsset(step, {
          filename: 'config.xml',
          kind: 'config',
          customerComplete: false,
          metadata: { deviceId: 'D1' },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Files of the design-in process' });
    expect(within(table).getByText('Draft: not “customer complete” yet')).toBeTruthy();
    expect(within(table).getByText('deviceId')).toBeTruthy();
    expect(within(table).getByText('D1')).toBeTruthy();
    expect(screen.getByText(/Drafts pass the validation but cannot be submitted/)).toBeTruthy();
  });

  it('links the follow-up project once the process is complete', async () => {
    const step = makeStep('check', {
      state: 'completed',
      waitingFor: null,
      can: { upload: false, resolve: false, complete: false, reset: false },
    });
    const next = '00000000-0000-4000-8000-00000000f011';
    renderDip({
      process: makeProcess([step], {
        workflowStatus: 'resolved',
        activeStepId: null,
        followUp: { nextBoardId: next, nextBoardName: 'NX121_Shield', nextOwnerEmail: null, projectId: next },
      }),
    });
    const followUp = await screen.findByTestId('dip-follow-up');
    expect(within(followUp).getByText('The project continues on NX121_Shield.')).toBeTruthy();
    expect(
      within(followUp).getByRole('link', { name: 'Open the follow-up project' }).getAttribute('href'),
    ).toBe(`/my/projects/${next}`);
    expect(screen.getByTestId('dip-workflow-status').textContent).toBe('Workflow status: Resolved');
  });
});
