import { describe, expect, it } from 'vitest';
import { errorCodeOf } from '../validation/error-codes.js';
import { chars, messagesFor } from '../validation/test-helpers.js';
import {
  notificationSettingSchema,
  projectCreatePayloadSchema,
  projectPayloadSchemas,
  projectUpdatePayloadSchema,
  substituteAssignmentPayloadSchema,
  transferOwnershipPayloadSchema,
} from './project.js';

const BOARD_ID = '3f0f2c1e-9a7b-4c1d-8e2f-0a1b2c3d4e5f';
const PROJECT_UUID = '5b2d8a9e-1c3f-4e6a-9b0d-7c8e9f0a1b2c';
const validCreate = {
  name: 'Motor control',
  board: BOARD_ID,
  owner: 'owner@example.com',
  substitute: 'deputy@example.com',
  fae: 'fae@portal.test',
  group: 'Lab',
};

describe('projectCreatePayloadSchema', () => {
  it.each([
    ['a full payload', validCreate],
    ['only name and board', { name: 'X', board: BOARD_ID }],
    ['no group', { ...validCreate, group: null }],
  ])('accepts %s', (_case, payload) => {
    expect(messagesFor(projectCreatePayloadSchema, payload)).toEqual([]);
  });

  it.each([
    ['a 46-character name', { name: chars(46) }, 'Project name may have at most 45 characters.'],
    ['the group None', { group: 'None' }, 'The group name "None" is reserved.'],
    ['no board', { board: undefined }, 'Select a product.'],
    [
      'an FAE outside the provider domains',
      { fae: 'fae@customer.com' },
      'Please enter a provider email address ending in @portal.test.',
    ],
    [
      'the owner as substitute',
      { substitute: 'OWNER@example.com' },
      'The substitute must not be the project owner.',
    ],
  ])('refuses %s', (_case, change, message) => {
    expect(messagesFor(projectCreatePayloadSchema, { ...validCreate, ...change })).toEqual([message]);
  });

  it('puts owner_equals_substitute on the substitute field', () => {
    const result = projectCreatePayloadSchema.safeParse({ ...validCreate, substitute: validCreate.owner });
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['substitute']);
    expect(errorCodeOf(issue)).toBe('owner_equals_substitute');
  });

  it('checks the FAE against the configured provider domains', () => {
    const { create } = projectPayloadSchemas(['provider.com', 'provider.cn']);
    expect(messagesFor(create, { ...validCreate, fae: 'fae@provider.cn' })).toEqual([]);
    expect(messagesFor(create, { ...validCreate, fae: 'fae@portal.test' })).toEqual([
      'Please enter a provider email address ending in @provider.com or @provider.cn.',
    ]);
  });
});

describe('projectUpdatePayloadSchema', () => {
  it('accepts the uuid alone', () => {
    expect(messagesFor(projectUpdatePayloadSchema, { uuid: PROJECT_UUID })).toEqual([]);
  });

  it.each([
    ['a name with a trailing space', { name: 'Motor ' }],
    ['the group none', { group: 'none' }],
    ['an FAE outside the provider domains', { fae: 'fae@example.com' }],
  ])('refuses %s', (_case, change) => {
    expect(messagesFor(projectUpdatePayloadSchema, { uuid: PROJECT_UUID, ...change })).toHaveLength(1);
  });
});

describe('projectPayloadSchemas().faeAssignment', () => {
  it('accepts a provider address and refuses any other', () => {
    const { faeAssignment } = projectPayloadSchemas(['provider.com']);
    expect(messagesFor(faeAssignment, { email: 'fae@provider.com' })).toEqual([]);
    expect(messagesFor(faeAssignment, { email: 'fae@example.com' })).toEqual([
      'Please enter a provider email address ending in @provider.com.',
    ]);
  });
});

describe('substituteAssignmentPayloadSchema', () => {
  it('refuses the owner and accepts someone else', () => {
    const schema = substituteAssignmentPayloadSchema('owner@example.com');
    expect(messagesFor(schema, { email: 'deputy@example.com' })).toEqual([]);
    expect(messagesFor(schema, { email: 'owner@example.com' })).toEqual([
      'The substitute must not be the project owner.',
    ]);
  });
});

describe('transferOwnershipPayloadSchema', () => {
  const schema = transferOwnershipPayloadSchema({
    owner: 'owner@example.com',
    substitute: 'deputy@example.com',
  });

  it.each([
    ['next@example.com', []],
    ['deputy@example.com', ['The new owner must not already be the owner or the substitute.']],
    ['next', ['Please enter a valid email address.']],
  ])('%j gives %j', (email, messages) => {
    expect(messagesFor(schema, { newProjectOwner: { email } })).toEqual(messages);
  });
});

describe('notificationSettingSchema', () => {
  it('counts a setting without enabled as enabled', () => {
    expect(notificationSettingSchema.parse({ type: 'asset-upload' })).toEqual({
      type: 'asset-upload',
      enabled: true,
    });
  });

  it('refuses an unknown type', () => {
    expect(notificationSettingSchema.safeParse({ type: 'newsletter', enabled: true }).success).toBe(false);
  });
});
