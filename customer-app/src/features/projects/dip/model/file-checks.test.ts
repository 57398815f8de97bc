import { ERROR_MESSAGES, MAX_XML_FILE_SIZE_BYTES } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { checkEncryptedContent, checkUploadFile, checkUploadFiles, type UploadTarget } from './file-checks';

const MB = 1024 * 1024;
const plain: UploadTarget = { completionType: 'file-upload', existingNames: [], acceptedFileTypes: null };
const xml: UploadTarget = { ...plain, completionType: 'file-upload-xml-validation' };
const encrypted: UploadTarget = { ...plain, completionType: 'file-upload-encrypted' };
const file = (name: string, size = 10) => ({ name, size });
const codes = (name: string, target = plain, size = 10) =>
  checkUploadFile(file(name, size), target).map((problem) => problem.code);

describe('client-side upload checks (spec §5, §9; calls §8.3)', () => {
  it('lets a good file through', () => {
    expect(checkUploadFile(file('Schematics_v2-(final).pdf'), plain)).toEqual([]);
    expect(checkUploadFile(file('config.XML'), xml)).toEqual([]);
    expect(checkUploadFile(file('app.bin.asc'), encrypted)).toEqual([]);
  });

  it('refuses names with other characters, with the server’s invalid_name message', () => {
    for (const name of ['my file.pdf', 'a/b.pdf', 'a\\b.pdf', 'ümlaut.pdf', 'x;y.pdf']) {
      expect(checkUploadFile(file(name), plain)).toEqual([
        { code: 'invalid_name', message: ERROR_MESSAGES.invalid_name },
      ]);
    }
  });

  it('refuses names the server reads as a path step: dots alone and ..', () => {
    expect(codes('..')).toEqual(['invalid_name']);
    expect(codes('...')).toEqual(['invalid_name']);
    expect(codes('a..b.pdf')).toEqual(['invalid_name']);
    expect(codes('')).toEqual(['invalid_name']);
  });

  it('refuses names over 100 characters (100 pass)', () => {
    expect(codes(`${'a'.repeat(96)}.pdf`)).toEqual([]);
    expect(checkUploadFile(file(`${'a'.repeat(97)}.pdf`), plain)).toEqual([
      { code: 'name_too_long', message: ERROR_MESSAGES.name_too_long },
    ]);
  });

  it('refuses files over 25 MB (26214400 bytes pass) and empty files', () => {
    expect(codes('big.bin', plain, 26_214_400)).toEqual([]);
    expect(checkUploadFile(file('big.bin', 26_214_401), plain)).toEqual([
      { code: 'file_too_big', message: ERROR_MESSAGES.file_too_big },
    ]);
    expect(codes('empty.bin', plain, 0)).toEqual(['file_not_uploaded']);
  });

  it('bounds configuration files at 5 MB, as the server parses them whole', () => {
    expect(codes('c.xml', xml, MAX_XML_FILE_SIZE_BYTES)).toEqual([]);
    expect(checkUploadFile(file('c.xml', 5 * MB + 1), xml)).toEqual([
      { code: 'file_too_big', message: 'An XML file may be at most 5 MB.' },
    ]);
  });

  it('takes only .xml for a configuration and only .asc for encrypted files', () => {
    expect(checkUploadFile(file('config.txt'), xml)).toEqual([
      { code: 'wrong_file_type', message: `${ERROR_MESSAGES.wrong_file_type} Accepted: .xml.` },
    ]);
    expect(checkUploadFile(file('app.bin'), encrypted)).toEqual([
      { code: 'not_encrypted', message: 'Encrypted files must be .asc files.' },
    ]);
  });

  it('takes only the accepted file types of a secure board', () => {
    const secure = { ...plain, acceptedFileTypes: ['.xml', '.asc'] };
    expect(codes('notes.pdf', secure)).toEqual(['wrong_file_type']);
    expect(checkUploadFile(file('notes.pdf'), secure)[0]!.message).toBe(
      `${ERROR_MESSAGES.wrong_file_type} Accepted: .xml, .asc.`,
    );
    expect(codes('image.ASC', secure)).toEqual([]);
  });

  it('refuses a name the step already has, letter case ignored', () => {
    const target = { ...plain, existingNames: ['Report.PDF'] };
    expect(checkUploadFile(file('report.pdf'), target)).toEqual([
      { code: 'duplicate_name', message: ERROR_MESSAGES.duplicate_name },
    ]);
  });

  it('refuses the second of two picked files with one name, and checks each file on its own', () => {
    const checked = checkUploadFiles([file('a.pdf'), file('A.pdf'), file('b c.pdf')], plain);
    expect(checked.map((entry) => entry.problems.map((problem) => problem.code))).toEqual([
      [],
      ['duplicate_name'],
      ['invalid_name'],
    ]);
  });
});

describe('content checks of encrypted files', () => {
  const armoured = '-----BEGIN PGP MESSAGE-----\n\nhQEMA1234\n=abcd\n-----END PGP MESSAGE-----\n';

  it('passes an ASCII-armoured PGP message', async () => {
    expect(await checkEncryptedContent(new Blob([armoured]))).toEqual([]);
  });

  it('refuses text that is not UTF-8 (unsupported_encoding)', async () => {
    const latin1 = new Uint8Array([0x2d, 0x2d, 0xe9, 0xff, 0x0a]);
    expect(await checkEncryptedContent(new Blob([latin1]))).toEqual([
      { code: 'unsupported_encoding', message: ERROR_MESSAGES.unsupported_encoding },
    ]);
  });

  it('refuses UTF-8 text without the PGP armour (not_encrypted)', async () => {
    const problems = await checkEncryptedContent(new Blob(['just some text\n']));
    expect(problems.map((problem) => problem.code)).toEqual(['not_encrypted']);
    expect(problems[0]!.message).toContain(ERROR_MESSAGES.not_encrypted);
  });
});
