import { describe, expect, it } from 'vitest';
import {
  companySpaceNameSchema,
  developmentCodeSchema,
  invitationPasswordSchema,
  isCommonPassword,
  newInvitationPasswordSchema,
  newOwnerEmailSchema,
  projectGroupSchema,
  projectNameSchema,
  registrationSerialNumberSchema,
  salesCodeSchema,
  srcSchema,
  substituteEmailSchema,
} from './project.js';
import { errorCodeOf } from './error-codes.js';
import { chars, messagesFor } from './test-helpers.js';

const NAME_CHARS =
  'Project name must start and end with a letter or digit and may contain only letters, digits, spaces, - and _.';

describe('projectNameSchema', () => {
  it.each([
    ['a single letter', 'A'],
    ['letters, digits, spaces, - and _', 'Motor control_2-rev A'],
    ['45 characters', chars(45)],
  ])('accepts %s', (_case, name) => {
    expect(messagesFor(projectNameSchema, name)).toEqual([]);
  });

  it.each([
    ['empty', '', 'Project name is required.'],
    ['blank', '   ', 'Project name is required.'],
    ['46 characters', chars(46), 'Project name may have at most 45 characters.'],
    ['a leading space', ' Motor', NAME_CHARS],
    ['a trailing hyphen', 'Motor-', NAME_CHARS],
    ['a leading underscore', '_Motor', NAME_CHARS],
    ['other characters', 'Motor/Drive', NAME_CHARS],
    ['non-ASCII letters', 'Prüfstand', NAME_CHARS],
  ])('refuses %s', (_case, name, message) => {
    expect(messagesFor(projectNameSchema, name)).toEqual([message]);
  });
});

describe('projectGroupSchema', () => {
  it.each([['Lab'], ['Team 7 / EMEA'], ['x'], ['Nonesuch'], [chars(45)]])('accepts %j', (group) => {
    expect(messagesFor(projectGroupSchema, group)).toEqual([]);
  });

  it.each([
    ['None', 'The group name "None" is reserved.'],
    ['none', 'The group name "None" is reserved.'],
    [' Lab', 'Group must start and end with a letter or digit.'],
    ['Lab.', 'Group must start and end with a letter or digit.'],
    ['', 'Group must start and end with a letter or digit.'],
    [chars(46), 'Group may have at most 45 characters.'],
  ])('refuses %j', (group, message) => {
    expect(messagesFor(projectGroupSchema, group)).toEqual([message]);
  });
});

describe('srcSchema', () => {
  const message = 'The SRC must be 3 to 8 capital letters or digits.';

  it.each([
    ['3 characters', 'AB1'],
    ['8 characters', 'ABCD1234'],
  ])('accepts %s', (_case, src) => {
    expect(messagesFor(srcSchema, src)).toEqual([]);
  });

  it.each([
    ['2 characters', 'AB'],
    ['9 characters', 'ABCD12345'],
    ['small letters', 'ab1'],
    ['a hyphen', 'AB-1'],
  ])('refuses %s', (_case, src) => {
    expect(messagesFor(srcSchema, src)).toEqual([message]);
  });
});

describe('salesCodeSchema', () => {
  const message = 'The sales code must be 1 to 25 letters or digits.';

  it.each([
    ['1 character', 'a'],
    ['25 letters and digits', `${chars(20, 'Z')}12345`],
  ])('accepts %s', (_case, code) => {
    expect(messagesFor(salesCodeSchema, code)).toEqual([]);
  });

  it.each([
    ['0 characters', '', 'Sales code is required.'],
    ['26 characters', chars(26), message],
    ['a hyphen', 'SC-1', message],
  ])('refuses %s', (_case, code, expected) => {
    expect(messagesFor(salesCodeSchema, code)).toEqual([expected]);
  });
});

describe('developmentCodeSchema', () => {
  it.each([['DEV-42'], [chars(255)]])('accepts %j', (code) => {
    expect(messagesFor(developmentCodeSchema, code)).toEqual([]);
  });

  it.each([
    ['', 'Development code is required.'],
    [chars(256), 'Development code may have at most 255 characters.'],
  ])('refuses %j', (code, message) => {
    expect(messagesFor(developmentCodeSchema, code)).toEqual([message]);
  });
});

describe('registrationSerialNumberSchema', () => {
  it.each([['SN123'], ['AB-12-CD']])('accepts %j', (serial) => {
    expect(messagesFor(registrationSerialNumberSchema, serial)).toEqual([]);
  });

  it.each([
    ['', 'Serial number is required.'],
    ['AB_12', 'A serial number may consist only of letters, numbers and hyphens.'],
    ['AB 12', 'A serial number may consist only of letters, numbers and hyphens.'],
  ])('refuses %j', (serial, message) => {
    expect(messagesFor(registrationSerialNumberSchema, serial)).toEqual([message]);
  });
});

describe('companySpaceNameSchema', () => {
  const message =
    'Company space name must start with a letter or number and may contain only letters, numbers, spaces, hyphens and underscores.';

  it.each([['Acme'], ['4Tech Labs_EU-']])('accepts %j', (name) => {
    expect(messagesFor(companySpaceNameSchema, name)).toEqual([]);
  });

  it.each([
    ['', 'Company space name is required.'],
    ['-Acme', message],
    ['Acme & Co', message],
  ])('refuses %j', (name, expected) => {
    expect(messagesFor(companySpaceNameSchema, name)).toEqual([expected]);
  });
});

describe('invitationPasswordSchema', () => {
  it('accepts any password and refuses an empty one', () => {
    expect(messagesFor(invitationPasswordSchema, 'x7!')).toEqual([]);
    expect(messagesFor(invitationPasswordSchema, '')).toEqual(['Password is required.']);
  });
});

describe('substituteEmailSchema', () => {
  const schema = substituteEmailSchema('owner@example.com');

  it('accepts someone other than the owner', () => {
    expect(messagesFor(schema, 'deputy@example.com')).toEqual([]);
  });

  it.each([
    ['owner@example.com', 'The substitute must not be the project owner.'],
    ['Owner@Example.com', 'The substitute must not be the project owner.'],
    ['not-an-email', 'Please enter a valid email address.'],
  ])('refuses %j', (email, message) => {
    expect(messagesFor(schema, email)).toEqual([message]);
  });

  it('marks the owner case with the owner_equals_substitute error code', () => {
    const result = schema.safeParse('owner@example.com');
    expect(result.success).toBe(false);
    expect(errorCodeOf(result.error!.issues[0]!)).toBe('owner_equals_substitute');
  });
});

describe('newOwnerEmailSchema (transfer ownership)', () => {
  const schema = newOwnerEmailSchema({ owner: 'owner@example.com', substitute: 'deputy@example.com' });
  const message = 'The new owner must not already be the owner or the substitute.';

  it('accepts a third person', () => {
    expect(messagesFor(schema, 'next@example.com')).toEqual([]);
  });

  it.each([
    ['owner@example.com', message],
    ['DEPUTY@example.com', message],
    ['next@', 'Please enter a valid email address.'],
  ])('refuses %j', (email, expected) => {
    expect(messagesFor(schema, email)).toEqual([expected]);
  });

  it('accepts anyone but the owner when there is no substitute', () => {
    const noSubstitute = newOwnerEmailSchema({ owner: 'owner@example.com', substitute: null });
    expect(messagesFor(noSubstitute, 'deputy@example.com')).toEqual([]);
  });
});

describe('newInvitationPasswordSchema', () => {
  it('wants ten characters and refuses common ones ignoring case', () => {
    expect(messagesFor(newInvitationPasswordSchema, 'nine-char')).toEqual([
      'The invitation password must have at least 10 characters.',
    ]);
    for (const weak of ['Password123', 'QWERTYUIOP', 'aaaaaaaaaaaa']) {
      expect(isCommonPassword(weak)).toBe(true);
      expect(newInvitationPasswordSchema.safeParse(weak).success).toBe(false);
    }
    expect(newInvitationPasswordSchema.safeParse('plum-orbit-cellar').success).toBe(true);
  });
});
