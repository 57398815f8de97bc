import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/resources';
import { ApiError } from '../src/transport/errors.js';
import { checkEncryptedName, checkExtension, checkUploadName } from '../src/uploads/file-rules.js';

function refusal(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('checkUploadName', () => {
  it.each(['config.xml', 'Board_v2-(final).bin', 'a', 'x'.repeat(96) + '.asc', 'firmware.1.2.hex'])(
    'accepts %j',
    (name) => {
      expect(() => checkUploadName(name, ['other.xml'])).not.toThrow();
    },
  );

  it.each([
    ['a/b.xml', 'a slash'],
    ['..\\b.xml', 'a backslash'],
    ['../etc/passwd', 'a path upwards'],
    ['..', 'two dots'],
    ['.', 'a dot'],
    ['a..b', 'two dots inside'],
    ['my file.xml', 'a space'],
    ['ünïcödé.xml', 'letters outside ASCII'],
    ['a;b', 'a semicolon'],
    ['nul\u0000.xml', 'a NUL byte'],
    ['', 'nothing'],
  ])('refuses %j (%s) with invalid_name, naming the file', (name) => {
    const error = refusal(() => checkUploadName(name));
    expect(error.status).toBe(400);
    expect(error.errors.map((item) => item.errorCode)).toContain('invalid_name');
    expect(error.errors[0]!.resources).toEqual([name]);
    expect(error.errors[0]!.messages[0]).toBeTruthy();
  });

  it('accepts 100 characters and refuses 101 with name_too_long', () => {
    expect(() => checkUploadName('a'.repeat(96) + '.xml')).not.toThrow();
    const error = refusal(() => checkUploadName('a'.repeat(97) + '.xml'));
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      {
        errorCode: 'name_too_long',
        resources: ['a'.repeat(97) + '.xml'],
        messages: [ERROR_MESSAGES.name_too_long],
      },
    ]);
  });

  it('reports both problems of a long name with bad characters', () => {
    const error = refusal(() => checkUploadName('a/'.repeat(60)));
    expect(error.errors.map((item) => item.errorCode)).toEqual(['name_too_long', 'invalid_name']);
  });

  it('refuses a name already taken, letter case ignored, with 409 duplicate_name', () => {
    const error = refusal(() => checkUploadName('Config.XML', ['notes.txt', 'config.xml']));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual([
      { errorCode: 'duplicate_name', resources: ['Config.XML'], messages: [ERROR_MESSAGES.duplicate_name] },
    ]);
  });
});

describe('checkExtension', () => {
  it('accepts the extension in any letter case, or any of a list', () => {
    expect(() => checkExtension('config.XML', '.xml')).not.toThrow();
    expect(() => checkExtension('image.bin', ['.hex', '.bin'])).not.toThrow();
  });

  it.each([
    ['config.json', '.xml'],
    ['config.xml.asc', '.xml'],
    ['xml', '.xml'],
  ])('refuses %j for %s with wrong_file_type', (name, extension) => {
    const error = refusal(() => checkExtension(name, extension));
    expect(error.status).toBe(400);
    expect(error.errors[0]).toMatchObject({ errorCode: 'wrong_file_type', resources: [name] });
    expect(error.errors[0]!.messages[0]).toContain(extension);
  });

  it('refuses everything when no type is accepted', () => {
    expect(refusal(() => checkExtension('a.bin', [])).errors[0]!.errorCode).toBe('wrong_file_type');
  });
});

describe('checkEncryptedName', () => {
  it('wants .asc, else not_encrypted', () => {
    expect(() => checkEncryptedName('secret.bin.asc')).not.toThrow();
    expect(refusal(() => checkEncryptedName('secret.bin')).errors[0]).toMatchObject({
      errorCode: 'not_encrypted',
      resources: ['secret.bin'],
    });
  });
});
