import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorFieldPath, errorsByField, type ErrorItem } from './errors.js';

const item = (errorCode: string, resources: string[], messages: string[] = [`${errorCode}!`]): ErrorItem => ({
  errorCode,
  resources,
  messages,
});

describe('errorFieldPath', () => {
  it('drops where a validation error was found, and keeps a rule error’s field', () => {
    expect(errorFieldPath('body.newProjectOwner.email')).toBe('newProjectOwner.email');
    expect(errorFieldPath('querystring.page')).toBe('page');
    expect(errorFieldPath('params.id')).toBe('id');
    expect(errorFieldPath('name')).toBe('name');
    expect(errorFieldPath('bodyweight')).toBe('bodyweight');
  });
});

describe('errorsByField', () => {
  it('puts messages on the fields their resources name, validation and rule errors alike, in order', () => {
    const sorted = errorsByField([
      item('invalid_request', ['body.name'], ['Name is required.']),
      item('duplicate', ['name'], ['This name is taken.']),
      item('forbidden', [], ['Admins only.']),
    ]);
    expect(sorted).toEqual({
      codes: ['invalid_request', 'duplicate', 'forbidden'],
      fields: { name: ['Name is required.', 'This name is taken.'] },
      form: ['Admins only.'],
      items: [],
    });
  });

  it('maps resources onto the form’s own fields; one a form does not have goes to the form', () => {
    const names: Record<string, string> = { board: 'serialNumber', serialNumber: 'serialNumber' };
    const sorted = errorsByField(
      [item('conflict', ['body.board', 'serialNumber']), item('x', ['body.other'])],
      {
        field: (path) => names[path],
      },
    );
    expect(sorted.fields).toEqual({ serialNumber: ['conflict!'] });
    expect(sorted.form).toEqual(['x!']);
  });

  it('lists the items of list codes once, under the message, unless they name a field', () => {
    const sorted = errorsByField(
      [
        item('file_not_uploaded', ['a.asc', 'b.asc']),
        item('file_not_uploaded', ['b.asc']),
        item('salescode_not_matching', ['body.value']),
        item('invalid_request', ['c']),
      ],
      {
        field: (path) => (path === 'value' ? path : undefined),
        itemListCodes: ['file_not_uploaded', 'salescode_not_matching'],
      },
    );
    expect(sorted.items).toEqual(['a.asc', 'b.asc']);
    expect(sorted.fields).toEqual({ value: ['salescode_not_matching!'] });
    expect(sorted.form).toEqual(['file_not_uploaded!', 'file_not_uploaded!', 'invalid_request!']);
  });

  it('gives an item without a message the message of its code', () => {
    expect(errorsByField([item('not_found', ['id'], [''])]).fields).toEqual({
      id: [ERROR_MESSAGES.not_found],
    });
  });
});
