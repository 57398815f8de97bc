import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, INVITATION_ERROR_CODES, MESSAGES, errorMessage, isErrorCode } from '../errors.js';
import { messagesFor } from '../validation/test-helpers.js';
import { projectBoardReferenceSchema } from '../validation/project.js';
import { invitationCreatePayloadSchema, invitationDetailsSchema } from './invitation.js';
import {
  PROJECT_CANCEL_TRANSITIONS,
  PROJECT_FIELDS,
  addMultipleMembersPayloadSchema,
  projectCreatePayloadSchema,
  projectFieldsSchema,
  projectListFilterSchema,
} from './project.js';

describe('what a product is registered by (board)', () => {
  it.each(['NX107SN0001', 'SN-2024-0001', 'NX128_Evaluation_Kit', '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f'])(
    'accepts %s',
    (board) => {
      expect(messagesFor(projectBoardReferenceSchema, board)).toEqual([]);
      expect(messagesFor(projectCreatePayloadSchema, { name: 'P', board })).toEqual([]);
    },
  );

  it.each([
    ['', 'Select a product.'],
    ['   ', 'Select a product.'],
    ['SN 0001', 'A serial number may consist only of letters, numbers and hyphens.'],
    ['SN0001!', 'A serial number may consist only of letters, numbers and hyphens.'],
  ])('refuses %j', (board, message) => {
    expect(messagesFor(projectBoardReferenceSchema, board)).toEqual([message]);
  });
});

describe('invitation error codes (calls §8.4)', () => {
  it('are codes of their own, each with the message of MESSAGES', () => {
    expect(INVITATION_ERROR_CODES.every(isErrorCode)).toBe(true);
    expect(INVITATION_ERROR_CODES.map((code) => errorMessage(code))).toEqual([
      MESSAGES.invitationInvalidPassword,
      MESSAGES.invitationAlreadyMember,
      MESSAGES.invitationNoLongerValid,
      MESSAGES.invitationExpired,
      MESSAGES.invitationMissing,
    ]);
    expect(new Set(INVITATION_ERROR_CODES.map((code) => ERROR_MESSAGES[code])).size).toBe(5);
  });
});

describe('invitation payloads', () => {
  it('takes no password or one of 10 to 128 characters', () => {
    expect(messagesFor(invitationCreatePayloadSchema, {})).toEqual([]);
    expect(messagesFor(invitationCreatePayloadSchema, { password: 'long-enough' })).toEqual([]);
    expect(messagesFor(invitationCreatePayloadSchema, { password: 'short' })).toEqual([
      'The invitation password must have at least 10 characters.',
    ]);
  });

  it('describes what the invitee sees', () => {
    const details = {
      id: '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f',
      link: 'https://portal.example.com/invitation/3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f',
      expiresAt: '2026-01-01T00:00:00.000Z',
      status: 'active',
      project: { uuid: '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f', name: 'P', boardName: 'B', secure: false },
      invitedBy: null,
    };
    expect(invitationDetailsSchema.parse(details)).toEqual(details);
  });
});

describe('project call schemas', () => {
  it('add several users to several projects, within limits', () => {
    const id = '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f';
    expect(
      messagesFor(addMultipleMembersPayloadSchema, { projects: [id], users: ['a@example.com'] }),
    ).toEqual([]);
    expect(messagesFor(addMultipleMembersPayloadSchema, { projects: [], users: ['a@example.com'] })).toEqual([
      'Select at least one project.',
    ]);
    expect(messagesFor(addMultipleMembersPayloadSchema, { projects: [id], users: ['nope'] })).toEqual([
      'Please enter a valid email address.',
    ]);
  });

  it('allow-list the list filters', () => {
    expect(projectListFilterSchema.safeParse({ status: ['active'], group: 'None', q: 'x' }).success).toBe(
      true,
    );
    expect(projectListFilterSchema.safeParse({ owner: 'x' }).success).toBe(false);
    expect(projectListFilterSchema.safeParse({ board: 'not-a-uuid' }).success).toBe(false);
  });

  it('answer only asked fields besides id and uuid', () => {
    expect(PROJECT_FIELDS).toContain('members');
    const id = '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f';
    expect(projectFieldsSchema.safeParse({ id, uuid: id, name: 'P' }).success).toBe(true);
    expect(projectFieldsSchema.safeParse({ name: 'P' }).success).toBe(false);
  });

  it('walk cancellation from active through requested to cancelled or back', () => {
    expect(PROJECT_CANCEL_TRANSITIONS).toEqual({
      request: { from: 'active', to: 'cancellation-requested' },
      accept: { from: 'cancellation-requested', to: 'cancelled' },
      reject: { from: 'cancellation-requested', to: 'active' },
    });
  });
});
