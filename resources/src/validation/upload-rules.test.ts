import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_SIZE_BYTES, MAX_XML_FILE_SIZE_BYTES, sizeLimitText } from '../constants.js';
import { ERROR_MESSAGES } from '../errors.js';
import {
  UPLOAD_MESSAGES,
  duplicateNameProblem,
  encryptedContentProblem,
  encryptedNameProblem,
  encryptedUploadName,
  endsArmoured,
  fileSizeProblem,
  fileTooBigMessage,
  fileTypeProblem,
  startsArmoured,
  uploadNameProblems,
} from './upload-rules.js';

const codes = (problems: readonly { errorCode: string }[]) => problems.map((found) => found.errorCode);

describe('upload name rule', () => {
  it.each(['config.xml', 'Board_v2-(final).bin', 'a', `${'x'.repeat(96)}.asc`, 'firmware.1.2.hex'])(
    'accepts %j',
    (name) => expect(uploadNameProblems(name)).toEqual([]),
  );

  it.each([
    ['empty', '', ['invalid_name'], UPLOAD_MESSAGES.nameRequired],
    ['a space', 'my file.xml', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['a slash', 'a/b.xml', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['a backslash', 'a\\b.xml', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['an umlaut', 'ümlaut.pdf', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['dots alone', '...', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['two dots inside', 'a..b.xml', ['invalid_name'], ERROR_MESSAGES.invalid_name],
    ['101 characters', `${'a'.repeat(97)}.xml`, ['name_too_long'], ERROR_MESSAGES.name_too_long],
    ['long with slashes', 'a/'.repeat(60), ['name_too_long', 'invalid_name'], ERROR_MESSAGES.name_too_long],
  ])('refuses %s with 400', (_case, name, expected, message) => {
    const problems = uploadNameProblems(name);
    expect(codes(problems)).toEqual(expected);
    expect(problems[0]).toMatchObject({ status: 400, message });
  });

  it('finds a duplicate letter case ignored, with 409', () => {
    expect(duplicateNameProblem('Config.XML', ['notes.txt', 'config.xml'])).toEqual({
      status: 409,
      errorCode: 'duplicate_name',
      message: ERROR_MESSAGES.duplicate_name,
    });
    expect(duplicateNameProblem('config.xml', ['config.xml.asc'])).toBeNull();
  });
});

describe('file type rules', () => {
  it('takes the extension or one of several, letter case ignored, and lists them when refusing', () => {
    expect(fileTypeProblem('config.XML', '.xml')).toBeNull();
    expect(fileTypeProblem('image.bin', ['.hex', '.BIN'])).toBeNull();
    expect(fileTypeProblem('config.xml.asc', '.xml')).toEqual({
      status: 400,
      errorCode: 'wrong_file_type',
      message: `${ERROR_MESSAGES.wrong_file_type} Accepted: .xml.`,
    });
    expect(fileTypeProblem('a.bin', [])?.message).toBe(`${ERROR_MESSAGES.wrong_file_type} Accepted: none.`);
  });

  it('wants .asc for encrypted files, else not_encrypted', () => {
    expect(encryptedNameProblem('secret.bin.ASC')).toBeNull();
    expect(encryptedNameProblem('secret.bin')).toEqual({
      status: 400,
      errorCode: 'not_encrypted',
      message: 'Encrypted files must be .asc files.',
    });
    expect(encryptedUploadName(' boot.bin ')).toBe('boot.bin.asc');
  });
});

describe('file size rule', () => {
  it('accepts the limit itself and refuses one byte more with 413 and the limit’s message', () => {
    expect(fileSizeProblem(MAX_UPLOAD_FILE_SIZE_BYTES)).toBeNull();
    expect(fileSizeProblem(MAX_UPLOAD_FILE_SIZE_BYTES + 1)).toEqual({
      status: 413,
      errorCode: 'file_too_big',
      message: 'A file may be at most 25 MB.',
    });
    expect(MAX_XML_FILE_SIZE_BYTES).toBe(5 * 1024 * 1024);
    expect(fileSizeProblem(MAX_XML_FILE_SIZE_BYTES + 1, MAX_XML_FILE_SIZE_BYTES)?.message).toBe(
      'An XML file may be at most 5 MB.',
    );
    expect(fileSizeProblem(11, 10)?.message).toBe('A file may be at most 10 bytes.');
  });

  it('refuses an empty file with file_not_uploaded', () => {
    expect(fileSizeProblem(0)).toMatchObject({ status: 400, errorCode: 'file_not_uploaded' });
  });
});

describe('encrypted content rule', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const armoured = '-----BEGIN PGP MESSAGE-----\n\nhQEMA1234\n=abcd\n-----END PGP MESSAGE-----\n';

  it('passes an ASCII-armoured PGP message, also after a byte order mark', () => {
    expect(encryptedContentProblem(bytes(armoured))).toBeNull();
    expect(encryptedContentProblem(bytes(`\uFEFF  ${armoured}`))).toBeNull();
  });

  it('refuses bytes that are not UTF-8, then text without the armour', () => {
    expect(encryptedContentProblem(new Uint8Array([0x2d, 0xe9, 0xff]))?.errorCode).toBe(
      'unsupported_encoding',
    );
    expect(encryptedContentProblem(bytes('just text'))?.errorCode).toBe('not_encrypted');
    expect(encryptedContentProblem(bytes(armoured.replace('-----END PGP MESSAGE-----', '')))?.message).toBe(
      UPLOAD_MESSAGES.notArmoured,
    );
  });

  it('reads the start and the end apart, as a stream does', () => {
    expect(startsArmoured('-----BEGIN PGP MESSAGE-----\nabc')).toBe(true);
    expect(startsArmoured('hello')).toBe(false);
    expect(endsArmoured('xyz\n-----END PGP MESSAGE-----\n\n')).toBe(true);
    expect(endsArmoured('-----END PGP MESSAGE----- trailing')).toBe(false);
  });
});

describe('limits in messages', () => {
  it('names each byte limit from its constant, so a changed limit changes the message', () => {
    expect(sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)).toBe('25 MB');
    expect(sizeLimitText(MAX_XML_FILE_SIZE_BYTES)).toBe('5 MB');
    expect(sizeLimitText(256 * 1024)).toBe('256 KB');
    expect(sizeLimitText(1000)).toBe('1000 bytes');
    expect(ERROR_MESSAGES.file_too_big).toBe(
      `A file may be at most ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)}.`,
    );
    expect(fileTooBigMessage(MAX_XML_FILE_SIZE_BYTES)).toBe('An XML file may be at most 5 MB.');
    expect(fileTooBigMessage(3 * 1024 * 1024)).toBe('A file may be at most 3 MB.');
  });
});
