import { z } from 'zod';
import { withErrorCode } from './error-codes.js';
import { requiredText } from './text.js';
import {
  SECURE_CONFIG_FILE_EXTENSION,
  UPLOAD_MESSAGES,
  encryptedNameProblem,
  encryptedUploadName,
  fileSizeProblem,
  fileTypeProblem,
  utf8Problem,
  uploadNameProblems,
  duplicateNameProblem,
  type UploadProblem,
} from './upload-rules.js';

/** A zod check that adds the problems a rule of `upload-rules.ts` finds, each with its error code. */
function fromRule<T>(rule: (value: T) => UploadProblem[] | UploadProblem | null, path?: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const found of [rule(value) ?? []].flat()) {
      ctx.addIssue({
        code: 'custom',
        message: found.message,
        params: withErrorCode(found.errorCode),
        ...(path ? { path: [path] } : {}),
      });
    }
  };
}

/** The name of an uploaded file, by the rule the server applies (`uploadNameProblems`). */
export const uploadFileNameSchema = z.string().superRefine(fromRule(uploadNameProblems));

export const uploadFileSizeSchema = z
  .number()
  .int()
  .nonnegative()
  .superRefine(fromRule((size: number) => (size > 0 ? fileSizeProblem(size) : null)));

/** A file picked for upload; a browser `File` passes as it is. */
export const uploadFileSchema = z.object({
  name: uploadFileNameSchema,
  size: uploadFileSizeSchema,
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

/** The secure configuration of a secure project's design-in step. */
export const secureConfigFileSchema = uploadFileSchema.superRefine(
  fromRule((file: UploadFile) => fileTypeProblem(file.name, SECURE_CONFIG_FILE_EXTENSION), 'name'),
);

/** Files of a secure design-in step travel encrypted, as ASCII-armoured `.asc` files. */
export const encryptedFileSchema = uploadFileSchema.superRefine(
  fromRule((file: UploadFile) => encryptedNameProblem(file.name), 'name'),
);

/**
 * A file a secure configuration names (an XML entry of type `filename`) is uploaded encrypted: this gives the
 * name of the upload to look for, the named file plus `.asc`.
 */
export const encryptedUploadNameSchema = requiredText(UPLOAD_MESSAGES.nameRequired).transform(
  encryptedUploadName,
);

/** The content of an encrypted file must be UTF-8 text. */
export const encryptedFileContentSchema = z.instanceof(Uint8Array).superRefine(fromRule(utf8Problem));

/** Files uploaded together: each valid, and no two with the same name (letter case ignored, as on Windows). */
export function uploadSetSchema(fileSchema: z.ZodType<UploadFile> = uploadFileSchema) {
  return z.array(fileSchema).superRefine((files, ctx) => {
    files.forEach((file, index) => {
      const earlier = files.slice(0, index).map((other) => other.name);
      if (duplicateNameProblem(file.name, earlier)) {
        ctx.addIssue({
          code: 'custom',
          message: `Another file in this upload is already named ${file.name}.`,
          path: [index, 'name'],
          params: withErrorCode('duplicate_name'),
        });
      }
    });
  });
}
