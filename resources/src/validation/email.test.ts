import { describe, expect, it } from 'vitest';
import { emailOrEmptySchema, emailSchema, providerEmailSchema, sameEmail } from './email.js';
import { chars, messagesFor } from './test-helpers.js';

/** A valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${chars(length - '@example.com'.length)}@example.com`;

describe('emailSchema', () => {
  it.each([
    ['a plain address', 'ada@example.com'],
    ['255 characters', emailOfLength(255)],
  ])('accepts %s', (_case, email) => {
    expect(messagesFor(emailSchema, email)).toEqual([]);
  });

  it.each([
    ['256 characters', emailOfLength(256), 'An email address may have at most 255 characters.'],
    ['no domain', 'ada@', 'Please enter a valid email address.'],
    ['empty', '', 'Please enter a valid email address.'],
  ])('refuses %s', (_case, email, message) => {
    expect(messagesFor(emailSchema, email)).toEqual([message]);
  });
});

describe('emailOrEmptySchema (follow-up owner)', () => {
  it.each([[''], ['next@example.com']])('accepts %j', (value) => {
    expect(messagesFor(emailOrEmptySchema, value)).toEqual([]);
  });

  it('refuses a malformed address', () => {
    expect(messagesFor(emailOrEmptySchema, 'next@')).toEqual([
      'Please enter a valid email address or leave the field empty.',
    ]);
  });
});

describe('providerEmailSchema', () => {
  it('accepts the default development domain', () => {
    expect(messagesFor(providerEmailSchema(), 'fae@portal.test')).toEqual([]);
  });

  const schema = providerEmailSchema(['provider.com', 'provider.cn']);

  it.each([['fae@provider.com'], ['fae@provider.cn'], ['FAE@Provider.COM']])('accepts %j', (email) => {
    expect(messagesFor(schema, email)).toEqual([]);
  });

  it.each([
    ['fae@customer.com', 'Please enter a provider email address ending in @provider.com or @provider.cn.'],
    [
      'fae@mail.provider.com',
      'Please enter a provider email address ending in @provider.com or @provider.cn.',
    ],
    ['fae@notprovider.com', 'Please enter a provider email address ending in @provider.com or @provider.cn.'],
    ['fae', 'Please enter a valid email address.'],
  ])('refuses %j', (email, message) => {
    expect(messagesFor(schema, email)).toEqual([message]);
  });

  it('refuses a provider address over 255 characters', () => {
    const long = `${chars(256 - '@provider.com'.length)}@provider.com`;
    expect(messagesFor(schema, long)).toEqual(['An email address may have at most 255 characters.']);
  });
});

describe('sameEmail', () => {
  it.each([
    ['a@x.com', 'A@X.com', true],
    [' a@x.com', 'a@x.com', true],
    ['a@x.com', 'b@x.com', false],
    ['a@x.com', null, false],
    [undefined, undefined, false],
  ])('%j and %j: %j', (a, b, same) => {
    expect(sameEmail(a, b)).toBe(same);
  });
});
