import { MAX_UPLOAD_FILE_SIZE_BYTES, MAX_XML_FILE_SIZE_BYTES } from '../constants.js';
import type { DipCompletionType } from '../entities/dip.js';
import {
  ENCRYPTED_FILE_EXTENSION,
  SECURE_CONFIG_FILE_EXTENSION,
  duplicateNameProblem,
  encryptedNameProblem,
  fileSizeProblem,
  fileTypeProblem,
  uploadNameProblems,
  type UploadProblem,
} from '../validation/upload-rules.js';

/** The step a file is uploaded to, as the upload rules look at it. */
export interface DipUploadTarget {
  completionType: DipCompletionType | null;
  /** Names already uploaded to the step. */
  existingNames: Iterable<string>;
  /** A secure board's accepted file types (`.xml`, `.asc`, …); null on other boards. */
  acceptedFileTypes: readonly string[] | null;
}

/**
 * The first failing check of a design-in upload's name, in the order the server makes them: the name itself,
 * the file type of the step (a configuration is `.xml`, an encrypted file `.asc`), the secure board's accepted
 * types, then a name the step already has. Empty: the name may be uploaded.
 */
export function dipUploadNameProblems(name: string, target: DipUploadTarget): UploadProblem[] {
  const own = uploadNameProblems(name);
  if (own.length > 0) return own;
  const checks = [
    () =>
      target.completionType === 'file-upload-xml-validation'
        ? fileTypeProblem(name, SECURE_CONFIG_FILE_EXTENSION)
        : null,
    () => (target.completionType === 'file-upload-encrypted' ? encryptedNameProblem(name) : null),
    () => (target.acceptedFileTypes ? fileTypeProblem(name, target.acceptedFileTypes) : null),
    () => duplicateNameProblem(name, target.existingNames),
  ];
  for (const check of checks) {
    const found = check();
    if (found) return [found];
  }
  return [];
}

/** The file types a step takes, for a file picker: the step's own (`.xml`, `.asc`), else the secure board's; null: any. */
export function dipUploadAcceptedTypes(
  target: Pick<DipUploadTarget, 'completionType' | 'acceptedFileTypes'>,
): readonly string[] | null {
  if (target.completionType === 'file-upload-xml-validation') return [SECURE_CONFIG_FILE_EXTENSION];
  if (target.completionType === 'file-upload-encrypted') return [ENCRYPTED_FILE_EXTENSION];
  return target.acceptedFileTypes;
}

/** Largest file a step takes: a configuration is parsed whole, so it is bounded tighter than other files. */
const dipUploadMaxBytes = (completionType: DipCompletionType | null) =>
  completionType === 'file-upload-xml-validation' ? MAX_XML_FILE_SIZE_BYTES : MAX_UPLOAD_FILE_SIZE_BYTES;

/** Every problem of a picked file by name, then by size (too big for the step, or empty). */
export function dipUploadFileProblems(
  file: { name: string; size: number },
  target: DipUploadTarget,
): UploadProblem[] {
  const byName = dipUploadNameProblems(file.name, target);
  if (byName.length > 0) return byName;
  const bySize = fileSizeProblem(file.size, dipUploadMaxBytes(target.completionType));
  return bySize ? [bySize] : [];
}
