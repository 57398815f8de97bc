import { describe, expect, it } from 'vitest';
import { emailVerifiedSchema, roleGrantSchema } from './user.js';
import { messagesFor } from './test-helpers.js';

describe('emailVerifiedSchema', () => {
  it.each([[true], ['true']])('accepts %j', (claim) => {
    expect(messagesFor(emailVerifiedSchema, claim)).toEqual([]);
  });

  it.each([[false], ['false'], ['TRUE'], ['']])('refuses %j', (claim) => {
    expect(messagesFor(emailVerifiedSchema, claim)).toEqual([
      'Please verify your email address, then log in again.',
    ]);
  });
});

describe('roleGrantSchema', () => {
  const schema = roleGrantSchema([{ email: 'ada@example.com', role: 'Admin' }]);

  it.each([
    ['a new user', { email: 'bob@example.com', role: 'Admin' }],
    ['another role of a user', { email: 'ada@example.com', role: 'Support' }],
  ])('accepts %s', (_case, grant) => {
    expect(messagesFor(schema, grant)).toEqual([]);
  });

  it.each([
    ['a grant the user has', { email: 'ADA@example.com', role: 'Admin' }, 'This user already has this role.'],
    ['an invalid email', { email: 'ada', role: 'Admin' }, 'Please enter a valid email address.'],
    ['an unknown role', { email: 'bob@example.com', role: 'Root' }, 'Please choose a role.'],
  ])('refuses %s', (_case, grant, message) => {
    expect(messagesFor(schema, grant)).toEqual([message]);
  });
});
