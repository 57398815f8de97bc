import { ApiError } from '@portal/data-provider';
import { describe, expect, it } from 'vitest';
import {
  apiStepErrors,
  descriptionHtml,
  descriptionText,
  newStepRow,
  stepErrors,
  toListItem,
  toRows,
  type StepRow,
} from './dip-steps';

const UUID = '00000000-0000-4000-8000-000000000001';
const saved: StepRow = {
  ...toRows([
    {
      id: UUID,
      stepNumber: 1,
      title: 'Upload the schematics',
      description: 'Your schematics as PDF.',
      resolverRoles: ['project-member'],
      completer: 'fae',
      completionType: 'file-upload',
      confirmationRequired: true,
      csaReset: false,
      secure: false,
      childProject: null,
    },
  ])[0]!,
};

describe('the DIP step editor rules', () => {
  it('sends a saved step by id, a new one without, and a removed one flagged', () => {
    const fresh = { ...newStepRow(), title: 'Check the pinout' };
    expect(toListItem(saved)).toMatchObject({ id: UUID, title: 'Upload the schematics', childProject: null });
    expect(toListItem(saved)).not.toHaveProperty('stepNumber');
    expect(toListItem(fresh)).not.toHaveProperty('id');
    expect(toListItem({ ...saved, removed: true })).toMatchObject({ id: UUID, removed: true });
    // A child project's fields go only with a child-project step.
    const child = { boardIspn: 'NX121-SHIELD', ownerEmail: 'owner@example.com', substituteEmail: null };
    expect(toListItem({ ...fresh, childProject: child }).childProject).toBeNull();
  });

  it.each([
    [{ title: 'ab' }, 'title', 'Step title must have at least 3 characters.'],
    [
      { completionType: 'input', description: null },
      'description',
      'Description is required when the step has a task type.',
    ],
    [{ resolverRoles: [] }, 'resolverRoles', 'Select who resolves this step.'],
    [
      { resolverRoles: ['nobody', 'fae'] },
      'resolverRoles',
      'Nobody cannot be combined with other resolvers.',
    ],
    [
      { completionType: 'sales-code-input', description: 'x' },
      'completionType',
      'Sales code input is deprecated and cannot be used for new steps.',
    ],
    [
      { completionType: 'child-project', description: 'x', resolverRoles: ['nobody'] },
      'childProject',
      'A child-project step needs a board and an owner email.',
    ],
    [
      {
        completionType: 'child-project',
        description: 'x',
        resolverRoles: ['project-owner'],
        childProject: { boardIspn: 'NX', ownerEmail: 'a@example.com', substituteEmail: null },
      },
      'resolverRoles',
      'A child-project step is resolved by the system only: set its resolver to Nobody.',
    ],
  ] as const)('refuses %o on %s with the API message', (change, field, message) => {
    const row = { ...newStepRow(), title: 'A good title', ...change } as StepRow;
    expect(stepErrors([row]).rows[0]?.[field]).toBe(message);
  });

  it('keeps an existing sales code step, skips removed steps, and needs one step that stays', () => {
    const salesCode = { ...saved, completionType: 'sales-code-input' as const };
    expect(stepErrors([salesCode]).rows).toEqual({});
    expect(stepErrors([{ ...saved, removed: true, title: '' }]).list).toEqual([
      'A design-in process needs at least one step.',
    ]);
    expect(stepErrors([]).list).toEqual(['A design-in process needs at least one step.']);
  });

  it("places the API's messages on the row and field it names", () => {
    const error = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [
        {
          errorCode: 'invalid_request',
          resources: ['body.steps.1.childProject.ownerEmail'],
          messages: ['No portal user has this email address.'],
        },
        { errorCode: 'conflict', resources: [], messages: ['Reload.'] },
      ],
    });
    expect(apiStepErrors(error)).toEqual({
      rows: { 1: { 'childProject.ownerEmail': 'No portal user has this email address.' } },
      list: ['Reload.'],
    });
  });
});

describe('the description box', () => {
  it('shows rich text as plain text, never its markup', () => {
    expect(descriptionText('<p>Read the terms &amp; accept them.</p>')).toBe('Read the terms & accept them.');
    expect(descriptionText('<p>First</p><p>Second<br>line</p>')).toBe('First\n\nSecond\nline');
    expect(descriptionText(null)).toBe('');
  });

  it('saves typed text as paragraphs, escaped, and nothing as null', () => {
    expect(descriptionHtml('First\n\nSecond\nline')).toBe('<p>First</p><p>Second<br>line</p>');
    expect(descriptionHtml('a <b> & "c"')).toBe('<p>a &lt;b&gt; &amp; &quot;c&quot;</p>');
    expect(descriptionHtml('  \n\n ')).toBeNull();
    expect(descriptionHtml(descriptionText('<p>One</p><p>Two</p>'))).toBe('<p>One</p><p>Two</p>');
  });
});
