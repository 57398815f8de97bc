import { z } from 'zod';
import { FILE_NAME_MAX_LENGTH, MAX_UPLOAD_FILE_SIZE_BYTES } from '../constants.js';
import { ERROR_MESSAGES } from '../errors.js';
import { withErrorCode } from './error-codes.js';
import { requiredText } from './text.js';

/**
 * The name of an uploaded file. The upload rules carry the error codes of spec calls-auth-errors §8.3, so the
 * server's answer and the form's message come from the same rule.
 */
export const uploadFileNameSchema = z
  .string()
  .refine((name) => name.length > 0, { error: 'File name is required.', abort: true })
  .refine((name) => name.length <= FILE_NAME_MAX_LENGTH, {
    error: ERROR_MESSAGES.name_too_long,
    params: withErrorCode('name_too_long'),
  })
  // Dots alone (`.`, `..`) or `..` inside would read as a path on a disk, so they are refused like separators.
  .refine((name) => /^[A-Za-z0-9.()_-]*$/.test(name) && !name.includes('..') && !/^\.+$/.test(name), {
    error: ERROR_MESSAGES.invalid_name,
    params: withErrorCode('invalid_name'),
  });

export const uploadFileSizeSchema = z
  .number()
  .int()
  .nonnegative()
  .refine((size) => size <= MAX_UPLOAD_FILE_SIZE_BYTES, {
    error: ERROR_MESSAGES.file_too_big,
    params: withErrorCode('file_too_big'),
  });

/** A file picked for upload; a browser `File` passes as it is. */
export const uploadFileSchema = z.object({
  name: uploadFileNameSchema,
  size: uploadFileSizeSchema,
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

const hasExtension = (extension: string) => (file: { name: string }) =>
  file.name.toLowerCase().endsWith(extension);

/** The secure configuration of a secure project's design-in step. */
export const secureConfigFileSchema = uploadFileSchema.refine(hasExtension('.xml'), {
  error: 'The secure configuration must be an .xml file.',
  path: ['name'],
  params: withErrorCode('wrong_file_type'),
});

/** Files of a secure design-in step travel encrypted, as ASCII-armoured `.asc` files. */
export const encryptedFileSchema = uploadFileSchema.refine(hasExtension('.asc'), {
  error: 'Encrypted files must be .asc files.',
  path: ['name'],
  params: withErrorCode('not_encrypted'),
});

/**
 * A file a secure configuration names (an XML entry of type `filename`) is uploaded encrypted: this gives the
 * name of the upload to look for, the named file plus `.asc`.
 */
export const encryptedUploadNameSchema = requiredText('File name is required.').transform(
  (name) => `${name.trim()}.asc`,
);

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (bytes: Uint8Array) => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The content of an encrypted file must be UTF-8 text. */
export const encryptedFileContentSchema = z.instanceof(Uint8Array).refine(isUtf8, {
  error: 'Encrypted files must be UTF-8 text.',
  params: withErrorCode('unsupported_encoding'),
});

/** Files uploaded together: each valid, and no two with the same name (letter case ignored, as on Windows). */
export function uploadSetSchema(fileSchema: z.ZodType<UploadFile> = uploadFileSchema) {
  return z.array(fileSchema).superRefine((files, ctx) => {
    const seen = new Set<string>();
    files.forEach((file, index) => {
      const key = file.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `Another file in this upload is already named ${file.name}.`,
          path: [index, 'name'],
          params: withErrorCode('duplicate_name'),
        });
      }
      seen.add(key);
    });
  });
}
