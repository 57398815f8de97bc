import { describe, expect, it } from 'vitest';
import { messagesFor } from '../validation/test-helpers.js';
import {
  isCustomerCompleteStatus,
  metadataKeyInputSchema,
  secureConfigInputSchema,
  xmlValidationEntryInputSchema,
} from './secure-workflow.js';

const entry = { type: 'match', xpath: "count(//key[@type='aes'])=1", metadataKey: null, errorMessage: null };

describe('xmlValidationEntryInputSchema', () => {
  it.each([
    ['a match entry', entry],
    ['a filename entry', { ...entry, type: 'filename', xpath: '//firmware/@file' }],
    [
      'a metadata entry with its key',
      { ...entry, type: 'metadata', xpath: '//device/@id', metadataKey: 'deviceId' },
    ],
  ])('accepts %s', (_case, value) => {
    expect(messagesFor(xmlValidationEntryInputSchema, value)).toEqual([]);
  });

  it.each([
    ['no XPath', { xpath: '' }, 'XPath is required.'],
    [
      'a metadata entry without key',
      { type: 'metadata', metadataKey: ' ' },
      'A metadata entry needs a metadata key.',
    ],
  ])('refuses %s', (_case, change, message) => {
    expect(messagesFor(xmlValidationEntryInputSchema, { ...entry, ...change })).toEqual([message]);
  });
});

describe('metadataKeyInputSchema', () => {
  it.each([
    [{ key: 'deviceId', label: 'Device ID' }, []],
    [{ key: '', label: 'Device ID' }, ['Key is required.']],
    [{ key: 'deviceId', label: '' }, ['Label is required.']],
    [{ key: 'board.rev_2-a', label: 'Revision' }, []],
    [
      { key: 'device id', label: 'x' },
      ['A key starts with a letter and holds only letters, digits, ".", "_" and "-".'],
    ],
    [
      { key: '2ndKey', label: 'x' },
      ['A key starts with a letter and holds only letters, digits, ".", "_" and "-".'],
    ],
    [
      { key: '<b>', label: 'x' },
      ['A key starts with a letter and holds only letters, digits, ".", "_" and "-".'],
    ],
  ])('%j gives %j', (value, messages) => {
    expect(messagesFor(metadataKeyInputSchema, value)).toEqual(messages);
  });
});

describe('the secure workflow configuration', () => {
  it.each([
    ['customer complete', true],
    ['Customer-Complete', true],
    [' customer_complete ', true],
    ['draft', false],
    ['', false],
    [null, false],
  ])('status %j is customer complete: %s', (status, complete) => {
    expect(isCustomerCompleteStatus(status)).toBe(complete);
  });

  it('takes accepted file types and a delete policy', () => {
    expect(
      messagesFor(secureConfigInputSchema, { acceptedFileTypes: ['.xml'], deletePolicy: 'always' }),
    ).toEqual([]);
    expect(
      messagesFor(secureConfigInputSchema, { acceptedFileTypes: ['xml'], deletePolicy: 'always' }),
    ).toEqual(['A file type is a dot followed by letters or digits, such as .xml.']);
  });
});
