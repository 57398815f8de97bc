import { describe, expect, it } from 'vitest';
import { messagesFor } from '../validation/test-helpers.js';
import {
  dipInputSchema,
  dipResolveInputSchema,
  dipStepInputSchema,
  dipStepListInputSchema,
  dipWaitingFor,
  followUpInputSchema,
  type DipStepInput,
} from './dip.js';

const STEP_ID = '0d6f3b4a-2c1e-4f5a-8b9c-1d2e3f4a5b6c';
const step: DipStepInput = {
  title: 'Upload schematics',
  description: 'Upload the schematics of your design.',
  resolverRoles: ['project-owner', 'project-member'],
  completer: null,
  completionType: 'file-upload',
  confirmationRequired: true,
  csaReset: false,
  secure: false,
  childProject: null,
};
const childProjectStep: DipStepInput = {
  ...step,
  title: 'Start production project',
  resolverRoles: ['nobody'],
  completionType: 'child-project',
  childProject: { boardIspn: 'SP001234', ownerEmail: 'owner@example.com', substituteEmail: null },
};

describe('dipStepInputSchema', () => {
  it.each([
    ['a file upload step', step],
    ['an informative step without description', { ...step, completionType: null, description: null }],
    ['a step resolved by nobody', { ...step, resolverRoles: ['nobody'] }],
    ['a child-project step', childProjectStep],
    ['an existing sales code step', { ...step, id: STEP_ID, completionType: 'sales-code-input' }],
  ] as const)('accepts %s', (_case, value) => {
    expect(messagesFor(dipStepInputSchema, value)).toEqual([]);
  });

  it.each([
    ['no title', { title: '' }, 'Step title is required.'],
    ['no resolver', { resolverRoles: [] }, 'Select who resolves this step.'],
    [
      'Nobody with another resolver',
      { resolverRoles: ['nobody', 'fae'] },
      'Nobody cannot be combined with other resolvers.',
    ],
    [
      'a task type without description',
      { description: '  ' },
      'Description is required when the step has a task type.',
    ],
    [
      'a new sales code step',
      { completionType: 'sales-code-input' },
      'Sales code input is deprecated and cannot be used for new steps.',
    ],
  ] as const)('refuses %s', (_case, change, message) => {
    expect(messagesFor(dipStepInputSchema, { ...step, ...change })).toEqual([message]);
  });

  it.each([
    [
      'without a child project',
      { childProject: null },
      ['A child-project step needs a board and an owner email.'],
    ],
    [
      'without a board',
      { childProject: { ...childProjectStep.childProject!, boardIspn: '' } },
      ['Select the board of the child project.'],
    ],
    [
      'without an owner email',
      { childProject: { ...childProjectStep.childProject!, ownerEmail: '' } },
      ["The child project's owner email is required."],
    ],
    [
      'with the owner as substitute',
      { childProject: { ...childProjectStep.childProject!, substituteEmail: 'Owner@example.com' } },
      ['The substitute must not be the project owner.'],
    ],
    [
      'resolved by a person',
      { resolverRoles: ['project-owner'] },
      ['A child-project step is resolved by the system only: set its resolver to Nobody.'],
    ],
  ] as const)('refuses a child-project step %s', (_case, change, messages) => {
    expect(messagesFor(dipStepInputSchema, { ...childProjectStep, ...change })).toEqual(messages);
  });
});

describe('dipInputSchema', () => {
  it('accepts a process of one step', () => {
    expect(messagesFor(dipInputSchema, [step])).toEqual([]);
  });

  it('refuses a process without steps', () => {
    expect(messagesFor(dipInputSchema, [])).toEqual(['A design-in process needs at least one step.']);
  });
});

describe('followUpInputSchema', () => {
  const nextBoardId = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

  it.each([
    ['an empty next owner', { nextBoardId, nextOwnerEmail: '' }, []],
    ['a next owner', { nextBoardId, nextOwnerEmail: 'next@example.com' }, []],
    [
      'a malformed next owner',
      { nextBoardId, nextOwnerEmail: 'next@' },
      ['Please enter a valid email address or leave the field empty.'],
    ],
    ['no next board', { nextBoardId: '', nextOwnerEmail: '' }, ['Select the next board.']],
  ])('%s gives %j', (_case, value, messages) => {
    expect(messagesFor(followUpInputSchema, value)).toEqual(messages);
  });
});

describe('dipStepListInputSchema', () => {
  it('checks kept steps only: a removed one may be left incomplete', () => {
    expect(
      messagesFor(dipStepListInputSchema, {
        steps: [step, { ...step, title: '', id: STEP_ID, removed: true }],
      }),
    ).toEqual([]);
    expect(messagesFor(dipStepListInputSchema, { steps: [step, { ...step, title: '' }] })).toEqual([
      'Step title is required.',
    ]);
  });

  it('needs one step that stays, and each step once', () => {
    expect(messagesFor(dipStepListInputSchema, { steps: [{ ...step, id: STEP_ID, removed: true }] })).toEqual(
      ['A design-in process needs at least one step.'],
    );
    expect(
      messagesFor(dipStepListInputSchema, {
        steps: [
          { ...step, id: STEP_ID },
          { ...step, id: STEP_ID },
        ],
      }),
    ).toEqual(['A step appears twice in the list.']);
  });

  it('refuses confirmation by Nobody', () => {
    expect(
      messagesFor(dipStepInputSchema, { ...step, confirmationRequired: true, completer: 'nobody' }),
    ).toEqual(['Nobody cannot confirm a step: choose who confirms it, or leave it to the provider.']);
  });
});

describe('dipResolveInputSchema', () => {
  it.each([
    ['check', { checked: true }, []],
    ['check', {}, ['Tick the box to confirm.']],
    ['check-with-comment', { checked: true }, ['Please add a comment.']],
    ['input', { value: ' ' }, ['Please enter a value.']],
    ['textarea', { value: 'Some text' }, []],
    ['short-rom-code-input', { value: 'AB12' }, []],
    ['short-rom-code-input', { value: 'ab12' }, ['The SRC must be 3 to 8 capital letters or digits.']],
    ['dev-code-input', { value: '' }, ['Development code is required.']],
    ['sales-code-input', { value: 'SC 1' }, ['The sales code must be 1 to 25 letters or digits.']],
    ['file-upload', {}, []],
  ] as const)('%s with %j gives %j', (type, value, messages) => {
    expect(messagesFor(dipResolveInputSchema(type), value)).toEqual(messages);
  });

  it('marks an invalid sales code with salescode_invalid', () => {
    const issue = dipResolveInputSchema('sales-code-input').safeParse({ value: '!' }).error!.issues[0]!;
    expect(issue.code === 'custom' && issue.params).toEqual({ errorCode: 'salescode_invalid' });
  });
});

describe('dipWaitingFor', () => {
  it.each([
    [['nobody'], 'assigned-to-nobody'],
    [['project-owner'], 'assigned-to-owner'],
    [['project-owner', 'project-member'], 'assigned-to-member'],
    [['csa'], 'assigned-to-member'],
    [['fae'], 'assigned-to-provider'],
    [['project-owner', 'fae'], 'in-progress'],
  ] as const)('%j waits for %s', (roles, status) => {
    expect(dipWaitingFor(roles)).toBe(status);
  });
});
