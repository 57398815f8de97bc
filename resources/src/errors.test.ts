import { describe, expect, it } from 'vitest';
import {
  BILLING_ISSUE_MESSAGES,
  CONFLICT_ERROR_CODES,
  CURRENT_USER_ERROR_MESSAGES,
  downloadFailedMessage,
  ERROR_CODES,
  ERROR_MESSAGES,
  errorMessage,
  forbiddenMessage,
  GENERIC_ERROR_CODES,
  isErrorCode,
  MESSAGES,
  statusTitle,
  UNKNOWN_ERROR_MESSAGE,
} from './errors.js';

const CURRENT_USER_CODES = [
  'file_not_referenced',
  'file_not_uploaded',
  'not_encrypted',
  'unsupported_encoding',
];
const ALL_CODES = [...ERROR_CODES, ...GENERIC_ERROR_CODES, ...CONFLICT_ERROR_CODES];

describe('error codes', () => {
  it('hold the 409 reasons of §8.2 as codes', () => {
    expect(CONFLICT_ERROR_CODES).toEqual([
      'serial_number_already_registered',
      'company_space_exists',
      'user_in_other_company_space',
      'user_still_in_projects',
      'deletion_with_members',
    ]);
  });

  it('are unique across the lists', () => {
    expect(new Set(ALL_CODES).size).toBe(ALL_CODES.length);
  });

  it.each([
    ['file_too_big', true],
    ['deletion_with_members', true],
    ['not_found', true],
    ['File_too_big', false],
    ['toString', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('isErrorCode(%j) is %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});

describe('errorMessage', () => {
  it.each(ALL_CODES)('%s has a message of its own', (code) => {
    const message = errorMessage(code);
    expect(message).toBe(ERROR_MESSAGES[code]);
    expect(message.trim()).not.toBe('');
    expect(message).not.toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('gives every code a different message', () => {
    expect(new Set(ALL_CODES.map((code) => errorMessage(code))).size).toBe(ALL_CODES.length);
  });

  it.each(CURRENT_USER_CODES)('%s speaks to the current user when they are in the list', (code) => {
    const forUser = errorMessage(code, { currentUserInList: true });
    expect(forUser).not.toBe(errorMessage(code));
    expect(forUser).toBe(CURRENT_USER_ERROR_MESSAGES[code as keyof typeof CURRENT_USER_ERROR_MESSAGES]);
    expect(errorMessage(code, { currentUserInList: false })).toBe(
      ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES],
    );
  });

  it('has a current-user variant for exactly the four codes of §8.3', () => {
    expect(Object.keys(CURRENT_USER_ERROR_MESSAGES).sort()).toEqual([...CURRENT_USER_CODES].sort());
  });

  it.each(ALL_CODES.filter((code) => !CURRENT_USER_CODES.includes(code)))(
    '%s has no current-user variant',
    (code) => {
      expect(errorMessage(code, { currentUserInList: true })).toBe(errorMessage(code));
    },
  );

  it.each(['no_such_code', '', 'constructor', 'FILE_TOO_BIG'])(
    'answers the unknown-error message for %j',
    (code) => {
      expect(errorMessage(code)).toBe(UNKNOWN_ERROR_MESSAGE);
      expect(errorMessage(code, { currentUserInList: true })).toBe(UNKNOWN_ERROR_MESSAGE);
    },
  );
});

describe('statusTitle', () => {
  it.each([
    [400, 'Invalid request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden, lack of permissions'],
    [404, 'Resource not found'],
    [409, 'Conflict'],
    [500, 'Internal server error'],
    [502, 'Service unavailable'],
    [0, 'Network failure'],
    [405, 'Invalid request'],
    [499, 'Invalid request'],
    [503, 'Internal server error'],
    [599, 'Internal server error'],
    [600, 'Unknown error'],
    [399, 'Unknown error'],
    [200, 'Unknown error'],
    [-1, 'Unknown error'],
    [400.5, 'Unknown error'],
    [Number.NaN, 'Unknown error'],
  ])('%s is titled %j', (status, title) => {
    expect(statusTitle(status)).toBe(title);
  });
});

describe('forbiddenMessage', () => {
  it.each([
    ['abc-123', `${ERROR_MESSAGES.forbidden} Support ID: abc-123`],
    [' abc ', `${ERROR_MESSAGES.forbidden} Support ID: abc`],
    ['', ERROR_MESSAGES.forbidden],
    ['  ', ERROR_MESSAGES.forbidden],
    [null, ERROR_MESSAGES.forbidden],
    [undefined, ERROR_MESSAGES.forbidden],
  ])('with support ID %j reads %j', (supportId, message) => {
    expect(forbiddenMessage(supportId)).toBe(message);
  });
});

describe('messages of §8.1 and §8.4', () => {
  it.each([
    ['failedToFetchUser', 'Failed to fetch authenticated user'],
    ['invalidAuthenticationType', 'Invalid authentication type'],
    ['productDataIncomplete', 'Product/board data is incomplete'],
    ['projectListIncomplete', 'List of projects is incomplete'],
    ['serialNumberInvalid', 'Validation error. A serial number may consist only of letters and numbers.'],
  ] as const)('%s is the spec text word for word', (name, text) => {
    expect(MESSAGES[name]).toBe(text);
  });

  it('has a non-empty, distinct text for every message and billing issue', () => {
    const texts = [...Object.values(MESSAGES), ...Object.values(BILLING_ISSUE_MESSAGES)];
    expect(texts.every((text) => text.trim() !== '')).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each([
    [1, 1, 'The download failed.'],
    [0, 0, 'The download failed.'],
    [1, 2, '1 of 2 downloads failed.'],
    [3, 3, '3 of 3 downloads failed.'],
  ])('%i failed downloads of %i read %j', (failed, total, message) => {
    expect(downloadFailedMessage(failed, total)).toBe(message);
  });
});
