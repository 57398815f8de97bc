import { describe, expect, it } from 'vitest';
import {
  boardNameSchema,
  boardSerialNumberSchema,
  parseSerialNumbersText,
  productIdentifierSchema,
  restrictionEmailSchema,
  serialNumbersTextSchema,
  supportLinkSchema,
} from './board.js';
import { chars, messagesFor } from './test-helpers.js';

const SERIAL_CHARS = 'Validation error. A serial number may consist only of letters and numbers.';

describe('boardNameSchema', () => {
  it.each([['XMC4700_Relax-Kit'], ['A1']])('accepts %j', (name) => {
    expect(messagesFor(boardNameSchema, name)).toEqual([]);
  });

  it.each([
    ['', 'Board name is required.'],
    ['Relax Kit', 'Board name may contain only letters, digits, - and _.'],
    ['Kit.v2', 'Board name may contain only letters, digits, - and _.'],
  ])('refuses %j', (name, message) => {
    expect(messagesFor(boardNameSchema, name)).toEqual([message]);
  });
});

describe('productIdentifierSchema', () => {
  it.each([['XMC 4700_Kit-2']])('accepts %j', (identifier) => {
    expect(messagesFor(productIdentifierSchema, identifier)).toEqual([]);
  });

  it.each([
    ['', 'Product identifier is required.'],
    ['   ', 'Product identifier is required.'],
    ['XMC#4700', 'Product identifier may contain only letters, digits, spaces, - and _.'],
  ])('refuses %j', (identifier, message) => {
    expect(messagesFor(productIdentifierSchema, identifier)).toEqual([message]);
  });
});

describe('supportLinkSchema', () => {
  const message =
    'Please enter a web address starting with http:// or https://, or mailto: followed by an email address.';

  it.each([['https://support.example.com/boards'], ['http://example.com'], ['mailto:support@example.com']])(
    'accepts %j',
    (link) => {
      expect(messagesFor(supportLinkSchema, link)).toEqual([]);
    },
  );

  it.each([
    ['mailto:'],
    ['mailto:support'],
    ['support@example.com'],
    ['ftp://example.com'],
    ['javascript:alert(1)'],
  ])('refuses %j', (link) => {
    expect(messagesFor(supportLinkSchema, link)).toEqual([message]);
  });
});

describe('boardSerialNumberSchema', () => {
  it.each([['SN0001'], [chars(45, '7')]])('accepts %j', (serial) => {
    expect(messagesFor(boardSerialNumberSchema, serial)).toEqual([]);
  });

  it.each([
    ['', 'Serial number is required.'],
    [chars(46, '7'), 'A serial number may have at most 45 characters.'],
    ['SN-0001', SERIAL_CHARS],
    ['SN 0001', SERIAL_CHARS],
  ])('refuses %j', (serial, message) => {
    expect(messagesFor(boardSerialNumberSchema, serial)).toEqual([message]);
  });
});

describe('parseSerialNumbersText', () => {
  it('reads one serial number per line, ignoring blank lines and surrounding spaces', () => {
    expect(parseSerialNumbersText('SN1\r\n  SN2  \n\n SN3\n')).toEqual({
      serialNumbers: ['SN1', 'SN2', 'SN3'],
      errors: [],
    });
  });

  it('keeps the valid lines and reports each invalid one with its line number', () => {
    expect(parseSerialNumbersText(`SN1\nSN-2\n${chars(46, '9')}\nSN1\nSN4`)).toEqual({
      serialNumbers: ['SN1', 'SN4'],
      errors: [
        { line: 2, value: 'SN-2', message: SERIAL_CHARS },
        { line: 3, value: chars(46, '9'), message: 'A serial number may have at most 45 characters.' },
        { line: 4, value: 'SN1', message: 'This serial number is already listed above.' },
      ],
    });
  });
});

describe('serialNumbersTextSchema', () => {
  it('parses the text to its serial numbers', () => {
    expect(serialNumbersTextSchema.parse('SN1\nSN2')).toEqual(['SN1', 'SN2']);
  });

  it.each([
    ['SN1\nSN_2', [`Line 2: ${SERIAL_CHARS}`]],
    [' \n ', ['Enter at least one serial number.']],
  ])('refuses %j', (text, messages) => {
    expect(messagesFor(serialNumbersTextSchema, text)).toEqual(messages);
  });
});

describe('restrictionEmailSchema', () => {
  const schema = restrictionEmailSchema(['listed@example.com']);

  it.each([
    ['new@example.com', []],
    ['Listed@Example.com', ['This email address is already on the list.']],
    ['listed', ['Please enter a valid email address.']],
  ])('%j gives %j', (email, messages) => {
    expect(messagesFor(schema, email)).toEqual(messages);
  });
});
