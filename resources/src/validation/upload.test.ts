import { ERROR_MESSAGES } from '../errors.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_UPLOAD_FILE_SIZE_BYTES } from '../constants.js';
import { errorCodeOf } from './error-codes.js';
import {
  encryptedFileContentSchema,
  encryptedFileSchema,
  encryptedUploadNameSchema,
  secureConfigFileSchema,
  uploadFileNameSchema,
  uploadFileSchema,
  uploadFileSizeSchema,
  uploadSetSchema,
} from './upload.js';
import { chars, messagesFor } from './test-helpers.js';

/** The error code the first failed rule carries. */
const errorCodeFor = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : errorCodeOf(result.error.issues[0]!);
};

describe('uploadFileNameSchema', () => {
  it.each([
    ['letters, digits, dots and -_()', 'board_v2-(final).tar.gz'],
    ['100 characters', `${chars(96)}.xml`],
  ])('accepts %s', (_case, name) => {
    expect(messagesFor(uploadFileNameSchema, name)).toEqual([]);
  });

  it.each([
    ['empty', '', 'File name is required.', 'invalid_name'],
    ['101 characters', `${chars(97)}.xml`, ERROR_MESSAGES.name_too_long, 'name_too_long'],
    ['a space', 'my file.xml', ERROR_MESSAGES.invalid_name, 'invalid_name'],
    ['a slash', '../config.xml', ERROR_MESSAGES.invalid_name, 'invalid_name'],
    ['dots alone', '..', ERROR_MESSAGES.invalid_name, 'invalid_name'],
    ['two dots inside', 'a..b.xml', ERROR_MESSAGES.invalid_name, 'invalid_name'],
  ])('refuses %s', (_case, name, message, errorCode) => {
    expect(messagesFor(uploadFileNameSchema, name)).toEqual([message]);
    expect(errorCodeFor(uploadFileNameSchema, name)).toBe(errorCode);
  });
});

describe('uploadFileSizeSchema', () => {
  it('is 25 MB, that is 26214400 bytes', () => {
    expect(MAX_UPLOAD_FILE_SIZE_BYTES).toBe(25 * 1024 * 1024);
  });

  it.each([[0], [MAX_UPLOAD_FILE_SIZE_BYTES]])('accepts %i bytes', (size) => {
    expect(messagesFor(uploadFileSizeSchema, size)).toEqual([]);
  });

  it('refuses one byte more than 25 MB, with the file_too_big code', () => {
    expect(messagesFor(uploadFileSizeSchema, MAX_UPLOAD_FILE_SIZE_BYTES + 1)).toEqual([
      'A file may be at most 25 MB.',
    ]);
    expect(errorCodeFor(uploadFileSizeSchema, MAX_UPLOAD_FILE_SIZE_BYTES + 1)).toBe('file_too_big');
  });
});

describe('uploadFileSchema', () => {
  it('accepts a browser File as it is', () => {
    const file = new File(['<config/>'], 'config.xml', { type: 'application/xml' });
    expect(uploadFileSchema.parse(file)).toEqual({ name: 'config.xml', size: 9 });
  });
});

describe('secureConfigFileSchema', () => {
  it.each([['config.xml'], ['CONFIG.XML']])('accepts %j', (name) => {
    expect(messagesFor(secureConfigFileSchema, { name, size: 10 })).toEqual([]);
  });

  it.each([['config.xml.asc'], ['config.json']])('refuses %j with wrong_file_type', (name) => {
    expect(messagesFor(secureConfigFileSchema, { name, size: 10 })).toEqual([
      `${ERROR_MESSAGES.wrong_file_type} Accepted: .xml.`,
    ]);
    expect(errorCodeFor(secureConfigFileSchema, { name, size: 10 })).toBe('wrong_file_type');
  });
});

describe('encryptedFileSchema', () => {
  it('accepts an .asc file', () => {
    expect(messagesFor(encryptedFileSchema, { name: 'firmware.bin.asc', size: 10 })).toEqual([]);
  });

  it('refuses any other file with not_encrypted', () => {
    const file = { name: 'firmware.bin', size: 10 };
    expect(messagesFor(encryptedFileSchema, file)).toEqual(['Encrypted files must be .asc files.']);
    expect(errorCodeFor(encryptedFileSchema, file)).toBe('not_encrypted');
  });
});

describe('encryptedFileContentSchema', () => {
  it('accepts UTF-8 text', () => {
    const armoured = new TextEncoder().encode('-----BEGIN PGP MESSAGE-----\nÄÖÜ\n');
    expect(messagesFor(encryptedFileContentSchema, armoured)).toEqual([]);
  });

  it('refuses bytes that are not UTF-8, with unsupported_encoding', () => {
    const latin1 = new Uint8Array([0x48, 0xe4, 0x6c]);
    expect(messagesFor(encryptedFileContentSchema, latin1)).toEqual([ERROR_MESSAGES.unsupported_encoding]);
    expect(errorCodeFor(encryptedFileContentSchema, latin1)).toBe('unsupported_encoding');
  });
});

describe('encryptedUploadNameSchema', () => {
  it('adds .asc to the file name a secure configuration names', () => {
    expect(encryptedUploadNameSchema.parse('firmware.bin')).toBe('firmware.bin.asc');
  });

  it('refuses an empty name', () => {
    expect(messagesFor(encryptedUploadNameSchema, ' ')).toEqual(['File name is required.']);
  });
});

describe('uploadSetSchema', () => {
  it('accepts files with different names', () => {
    const files = [
      { name: 'a.asc', size: 1 },
      { name: 'b.asc', size: 1 },
    ];
    expect(messagesFor(uploadSetSchema(), files)).toEqual([]);
  });

  it('refuses a second file of the same name, ignoring letter case, on that file', () => {
    const result = uploadSetSchema().safeParse([
      { name: 'a.asc', size: 1 },
      { name: 'b.asc', size: 1 },
      { name: 'A.asc', size: 1 },
    ]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [2, 'name'],
        message: 'Another file in this upload is already named A.asc.',
        params: { errorCode: 'duplicate_name' },
      }),
    ]);
  });

  it('checks each file with the schema given', () => {
    expect(messagesFor(uploadSetSchema(encryptedFileSchema), [{ name: 'a.bin', size: 1 }])).toEqual([
      'Encrypted files must be .asc files.',
    ]);
  });
});
