import {
  FILE_NAME_MAX_LENGTH,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  MAX_XML_FILE_SIZE_BYTES,
  sizeLimitText,
} from '../constants.js';
import { ERROR_MESSAGES, type ErrorCode } from '../errors.js';

/**
 * The rules of uploaded files (spec product §9, calls-auth-errors §8.3) as plain functions: the server throws
 * each problem as its API answer, the upload form shows it before sending, so both say the same.
 */
export interface UploadProblem {
  /** The HTTP status the server answers this problem with. */
  status: 400 | 409 | 413;
  errorCode: ErrorCode;
  message: string;
}

/** A secure configuration file. */
export const SECURE_CONFIG_FILE_EXTENSION = '.xml';
/** Files of an encrypted-upload step travel as ASCII-armoured PGP messages. */
export const ENCRYPTED_FILE_EXTENSION = '.asc';
export const PGP_ARMOUR_HEADER = '-----BEGIN PGP MESSAGE-----';
const PGP_ARMOUR_FOOTER = /-----END PGP MESSAGE-----\s*$/;

export const UPLOAD_MESSAGES = {
  nameRequired: 'File name is required.',
  notEncryptedName: `Encrypted files must be ${ENCRYPTED_FILE_EXTENSION} files.`,
  notArmoured: `${ERROR_MESSAGES.not_encrypted} An ASCII-armoured PGP message (${PGP_ARMOUR_HEADER}) is expected.`,
  empty: 'The file is empty: no bytes arrived.',
} as const;

const problem = (
  status: UploadProblem['status'],
  errorCode: ErrorCode,
  message = ERROR_MESSAGES[errorCode],
) => ({
  status,
  errorCode,
  message,
});

/** Letters, digits, dots and `- _ ( )`: no path separator, no space. */
const NAME_CHARACTERS = /^[A-Za-z0-9.()_-]+$/;

/**
 * The problems of a new upload's name (400): empty, more than 100 characters, or characters other than letters,
 * digits, dots and `- _ ( )`; also dots alone or `..` inside, which a file system could read as a path step.
 */
export function uploadNameProblems(name: string): UploadProblem[] {
  if (name.length === 0) return [problem(400, 'invalid_name', UPLOAD_MESSAGES.nameRequired)];
  const problems: UploadProblem[] = [];
  if (name.length > FILE_NAME_MAX_LENGTH) problems.push(problem(400, 'name_too_long'));
  if (!NAME_CHARACTERS.test(name) || /^\.+$/.test(name) || name.includes('..')) {
    problems.push(problem(400, 'invalid_name'));
  }
  return problems;
}

/** Two names are the same file when they differ in letter case only (as on Windows, where they are downloaded). */
const sameFileName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** 409 `duplicate_name` when a file of the same place already has the name. */
export function duplicateNameProblem(name: string, existingNames: Iterable<string>): UploadProblem | null {
  for (const existing of existingNames) {
    if (sameFileName(existing, name)) return problem(409, 'duplicate_name');
  }
  return null;
}

const hasExtension = (name: string, extension: string) =>
  name.toLowerCase().endsWith(extension.toLowerCase());

/** 400 `wrong_file_type` unless the name ends with the extension, or one of them (letter case ignored). */
export function fileTypeProblem(name: string, accepted: string | readonly string[]): UploadProblem | null {
  const extensions = typeof accepted === 'string' ? [accepted] : accepted;
  if (extensions.some((extension) => hasExtension(name, extension))) return null;
  return problem(
    400,
    'wrong_file_type',
    `${ERROR_MESSAGES.wrong_file_type} Accepted: ${extensions.join(', ') || 'none'}.`,
  );
}

/** 400 `not_encrypted` unless the name ends with `.asc`. */
export function encryptedNameProblem(name: string): UploadProblem | null {
  return hasExtension(name, ENCRYPTED_FILE_EXTENSION)
    ? null
    : problem(400, 'not_encrypted', UPLOAD_MESSAGES.notEncryptedName);
}

/** The name under which a file a secure configuration names is uploaded: encrypted, with `.asc` added. */
export const encryptedUploadName = (name: string) => `${name.trim()}${ENCRYPTED_FILE_EXTENSION}`;

/** The message of a file over `maxBytes`: the spec's 25 MB, the XML bound, or any other limit in bytes. */
export function fileTooBigMessage(maxBytes: number): string {
  if (maxBytes === MAX_UPLOAD_FILE_SIZE_BYTES) return ERROR_MESSAGES.file_too_big;
  if (maxBytes === MAX_XML_FILE_SIZE_BYTES) return `An XML file may be at most ${sizeLimitText(maxBytes)}.`;
  return `A file may be at most ${sizeLimitText(maxBytes)}.`;
}

/** 413 `file_too_big`: a file over `maxBytes`. */
export const fileTooBigProblem = (maxBytes = MAX_UPLOAD_FILE_SIZE_BYTES): UploadProblem =>
  problem(413, 'file_too_big', fileTooBigMessage(maxBytes));

/** 400 `file_not_uploaded`: no bytes arrived. */
export const emptyFileProblem = (): UploadProblem => problem(400, 'file_not_uploaded', UPLOAD_MESSAGES.empty);

/** 413 `file_too_big` over `maxBytes` (that size itself is accepted); 400 `file_not_uploaded` for no bytes. */
export function fileSizeProblem(size: number, maxBytes = MAX_UPLOAD_FILE_SIZE_BYTES): UploadProblem | null {
  if (size > maxBytes) return fileTooBigProblem(maxBytes);
  if (size === 0) return emptyFileProblem();
  return null;
}

/** Whether text (or its start, read so far) begins with the PGP armour; a byte order mark and blanks may lead. */
export const startsArmoured = (head: string) =>
  head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith(PGP_ARMOUR_HEADER);

/** Whether text (or its last characters) ends with the PGP armour's footer. */
export const endsArmoured = (tail: string) => PGP_ARMOUR_FOOTER.test(tail);

export const notArmouredProblem = (): UploadProblem =>
  problem(400, 'not_encrypted', UPLOAD_MESSAGES.notArmoured);

export const notUtf8Problem = (): UploadProblem => problem(400, 'unsupported_encoding');

const utf8 = new TextDecoder('utf-8', { fatal: true });

const decodeUtf8 = (bytes: Uint8Array): string | null => {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
};

/** 400 `unsupported_encoding` for bytes that are not UTF-8 text. */
export const utf8Problem = (bytes: Uint8Array): UploadProblem | null =>
  decodeUtf8(bytes) === null ? notUtf8Problem() : null;

/**
 * The content problem of a whole encrypted file: 400 `unsupported_encoding` for bytes that are not UTF-8, 400
 * `not_encrypted` for text that is not an ASCII-armoured PGP message. (The server checks the same while streaming.)
 */
export function encryptedContentProblem(bytes: Uint8Array): UploadProblem | null {
  const text = decodeUtf8(bytes);
  if (text === null) return notUtf8Problem();
  return startsArmoured(text) && endsArmoured(text) ? null : notArmouredProblem();
}
