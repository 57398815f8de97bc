import { describe, expect, it } from 'vitest';
import { httpUrlSchema, metaDescriptionSchema, requiredText } from './text.js';
import { chars, messagesFor } from './test-helpers.js';

describe('metaDescriptionSchema', () => {
  it('accepts 158 characters', () => {
    expect(messagesFor(metaDescriptionSchema, chars(158))).toEqual([]);
  });

  it('refuses 159 characters', () => {
    expect(messagesFor(metaDescriptionSchema, chars(159))).toEqual([
      'The meta description may have at most 158 characters.',
    ]);
  });
});

describe('httpUrlSchema', () => {
  it.each([['https://example.com/a?b=c'], ['http://localhost:3000/']])('accepts %j', (url) => {
    expect(messagesFor(httpUrlSchema, url)).toEqual([]);
  });

  it.each([['example.com'], ['ftp://example.com'], ['javascript:alert(1)'], ['']])('refuses %j', (url) => {
    expect(messagesFor(httpUrlSchema, url)).toEqual([
      'Please enter a valid URL starting with http:// or https://.',
    ]);
  });
});

describe('requiredText', () => {
  const schema = requiredText('Name is required.').max(3, 'Too long.');

  it.each([[''], ['  \t'], [undefined], [null]])('shows only the required message for %j', (value) => {
    expect(messagesFor(schema, value)).toEqual(['Name is required.']);
  });

  it('runs the other checks on a given value', () => {
    expect(messagesFor(schema, 'abcd')).toEqual(['Too long.']);
  });
});
