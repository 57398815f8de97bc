import { describe, expect, it } from 'vitest';
import {
  bundleNameSchema,
  bundleUuidSchema,
  documentFileNameSchema,
  documentTitleSchema,
  gettingStartedTitleSchema,
  linkTitleSchema,
  linkUrlSchema,
  partnerLinkUrlSchema,
  partnerLogoUrlSchema,
  partnerNameSchema,
} from './catalogue.js';
import { chars, messagesFor } from './test-helpers.js';

const INVALID_URL = 'Please enter a valid URL starting with http:// or https://.';

describe.each([
  {
    rule: 'documentTitleSchema',
    schema: documentTitleSchema,
    valid: ['User Manual v1.2+rev_A-final', chars(255)],
    invalid: [
      ['', 'Document title is required.'],
      ['Manual (draft)', 'Document title may contain only letters, digits, spaces and _ - . +'],
      [chars(256), 'Document title may have at most 255 characters.'],
    ],
  },
  {
    rule: 'documentFileNameSchema',
    schema: documentFileNameSchema,
    valid: ['User manual (rev-2)_final', 'nx240-datasheet.pdf', 'manual v1.2.pdf'],
    invalid: [
      ['', 'File name is required.'],
      ['manual/1.pdf', 'File name may contain only letters, digits, spaces, dots and - _ ( )'],
      ['.hidden', 'File name may contain only letters, digits, spaces, dots and - _ ( )'],
      ['manual..pdf', 'File name may contain only letters, digits, spaces, dots and - _ ( )'],
    ],
  },
  {
    rule: 'bundleUuidSchema',
    schema: bundleUuidSchema,
    valid: ['b1d4c6a0-0000-4000-8000-000000000001', chars(255)],
    invalid: [
      ['', 'UUID is required'],
      [undefined, 'UUID is required'],
      [chars(256), 'UUID may have at most 255 characters'],
    ],
  },
  {
    rule: 'bundleNameSchema',
    schema: bundleNameSchema,
    valid: ['Motor control bundle', chars(255)],
    invalid: [
      ['', 'Name is required'],
      [chars(256), 'Name may have at most 255 characters'],
    ],
  },
  {
    rule: 'partnerNameSchema',
    schema: partnerNameSchema,
    valid: ['Acme Design House'],
    invalid: [
      ['', 'Partner name is required.'],
      [chars(256), 'Partner name may have at most 255 characters.'],
    ],
  },
  {
    rule: 'partnerLinkUrlSchema',
    schema: partnerLinkUrlSchema,
    valid: ['https://acme.example.com'],
    invalid: [
      ['', 'Partner link is required.'],
      ['acme.example.com', INVALID_URL],
      [`https://acme.example.com/${chars(2048)}`, 'A URL may have at most 2048 characters.'],
    ],
  },
  {
    rule: 'partnerLogoUrlSchema',
    schema: partnerLogoUrlSchema,
    valid: ['https://acme.example.com/logo.svg'],
    invalid: [['data:image/png;base64,AAAA', INVALID_URL]],
  },
  {
    rule: 'linkTitleSchema',
    schema: linkTitleSchema,
    valid: ['Application note'],
    invalid: [
      ['', 'Link title is required.'],
      [chars(256), 'Link title may have at most 255 characters.'],
    ],
  },
  {
    rule: 'linkUrlSchema',
    schema: linkUrlSchema,
    valid: ['http://example.com/notes'],
    invalid: [
      ['', 'Link URL is required.'],
      ['javascript:alert(1)', INVALID_URL],
    ],
  },
  {
    rule: 'gettingStartedTitleSchema',
    schema: gettingStartedTitleSchema,
    valid: ['Install the toolchain'],
    invalid: [['  ', 'Title is required.']],
  },
])('$rule', ({ schema, valid, invalid }) => {
  it.each(valid)('accepts %j', (value) => {
    expect(messagesFor(schema, value)).toEqual([]);
  });

  it.each(invalid)('refuses %j', (value, message) => {
    expect(messagesFor(schema, value)).toEqual([message]);
  });
});
