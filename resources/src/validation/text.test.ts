import { describe, expect, it } from 'vitest';
import { billingInformationInputSchema } from '../entities/cart.js';
import { registrationSchema } from '../identity.js';
import { z } from 'zod';
import { licenseUpdateSchema } from '../entities/license.js';
import { EXPORT_ACCESS_REASON_MAX_LENGTH, exportAccessRequestInputSchema } from '../entities/tool.js';
import { httpUrlSchema, metaDescriptionSchema, requiredText, singleLineText, tooLong } from './text.js';
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

describe('tooLong', () => {
  it('names the limit its check was given, so a changed limit changes the message', () => {
    expect(messagesFor(z.string().max(3, tooLong('Name may have')), 'abcd')).toEqual([
      'Name may have at most 3 characters.',
    ]);
    expect(messagesFor(z.string().max(5, tooLong('Name may have')), 'abcdef')).toEqual([
      'Name may have at most 5 characters.',
    ]);
  });

  it('reads as the messages did when they spelled the number', () => {
    expect(messagesFor(licenseUpdateSchema, { revoked: false, comments: chars(1001) })).toEqual([
      'Comments may have at most 1000 characters.',
    ]);
    expect(
      messagesFor(exportAccessRequestInputSchema, { reason: chars(EXPORT_ACCESS_REASON_MAX_LENGTH + 1) }),
    ).toEqual([`The reason may have at most ${EXPORT_ACCESS_REASON_MAX_LENGTH} characters.`]);
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

describe('singleLineText: names, company and country', () => {
  it.each(['Nora\nBcc: x', 'Nora\r', 'Tab\there', 'Bell\u0007', 'C1\u0085', 'Sep\u2028', 'NUL\u0000'])(
    'refuses %j with the message at the field',
    (value) => {
      expect(messagesFor(singleLineText('Given name'), value)).toEqual([
        'Given name may not contain line breaks or control characters.',
      ]);
      const registration = registrationSchema.safeParse({
        email: 'a@example.com',
        password: 'a-long-password',
        givenName: value,
        familyName: value,
        company: value,
        country: value,
      });
      expect(registration.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
        'givenName',
        'familyName',
        'company',
        'country',
      ]);
      const billing = billingInformationInputSchema.safeParse({
        companyName: value,
        billingAddress: null,
        shippingAddress: null,
        taxId: null,
      });
      expect(billing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['companyName', 'Company name may not contain line breaks or control characters.'],
      ]);
    },
  );

  it('takes ordinary names, accents and punctuation', () => {
    expect(messagesFor(singleLineText('Company'), 'Ünïcødé & Söhne, S.A. (Zürich) =1')).toEqual([]);
  });
});
