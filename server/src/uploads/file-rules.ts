import { ERROR_MESSAGES, FILE_NAME_MAX_LENGTH, type ErrorCode, type ErrorItem } from '@portal/resources';
import { ApiError } from '../http/errors.js';

/**
 * The name rules of uploaded files (spec product §9, calls-auth-errors §8.3). Each refusal is an ApiError whose
 * item list (`resources`) names the file, with the message of @portal/resources for its code:
 * - `invalid_name` (400): anything but letters, digits, dots and `- _ ( )`, so no path separator (`/`, `\`) and no
 *   space; also a name of dots alone and a name with `..`, which a file system could read as a path step;
 * - `name_too_long` (400): more than 100 characters;
 * - `duplicate_name` (409): a file of the same place already has the name, letter case ignored (as on Windows,
 *   where the customer downloads them side by side).
 */
const NAME = /^[A-Za-z0-9.()_-]+$/;

const item = (errorCode: ErrorCode, name: string, message = ERROR_MESSAGES[errorCode]): ErrorItem => ({
  errorCode,
  resources: [name],
  messages: [message],
});

/** Throws when the name of a new upload breaks a rule or is already taken among `existingNames`. */
export function checkUploadName(name: string, existingNames: Iterable<string> = []): void {
  const problems: ErrorItem[] = [];
  if (name.length === 0) {
    problems.push(item('invalid_name', name, 'File name is required.'));
  }
  if (name.length > FILE_NAME_MAX_LENGTH) problems.push(item('name_too_long', name));
  if (name.length > 0 && (!NAME.test(name) || /^\.+$/.test(name) || name.includes('..'))) {
    problems.push(item('invalid_name', name));
  }
  if (problems.length > 0) throw new ApiError(400, problems);
  const key = name.toLowerCase();
  for (const existing of existingNames) {
    if (existing.toLowerCase() === key) throw new ApiError(409, [item('duplicate_name', name)]);
  }
}

const hasExtension = (name: string, extension: string) =>
  name.toLowerCase().endsWith(extension.toLowerCase());

/**
 * Throws `wrong_file_type` (400) unless the name ends with the extension, or one of them (letter case ignored):
 * `.xml` for a configuration file, a secure workflow's accepted file types.
 */
export function checkExtension(name: string, extension: string | readonly string[]): void {
  const accepted = typeof extension === 'string' ? [extension] : extension;
  if (!accepted.some((ext) => hasExtension(name, ext))) {
    throw new ApiError(400, [
      item(
        'wrong_file_type',
        name,
        `${ERROR_MESSAGES.wrong_file_type} Accepted: ${accepted.join(', ') || 'none'}.`,
      ),
    ]);
  }
}

/**
 * Files of an encrypted-upload step are ASCII-armoured PGP messages named `.asc`; another name is `not_encrypted`
 * (400), as @portal/resources' `encryptedFileSchema` tells the form. The content is checked while it streams
 * (`receiveUpload` with `inspect: 'encrypted'`).
 */
export function checkEncryptedName(name: string): void {
  if (!hasExtension(name, '.asc')) {
    throw new ApiError(400, [item('not_encrypted', name, 'Encrypted files must be .asc files.')]);
  }
}
