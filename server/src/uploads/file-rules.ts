import {
  dipUploadNameProblems,
  duplicateNameProblem,
  encryptedNameProblem,
  fileTypeProblem,
  uploadNameProblems,
  type DipUploadTarget,
  type UploadProblem,
} from '@portal/resources';
import { ApiError } from '../transport/errors.js';

/**
 * The upload rules of @portal/resources (`upload-rules.ts`, spec product §9, calls-auth-errors §8.3) as API
 * answers: each problem becomes an ApiError of its status whose item list (`resources`) names the file. The upload
 * form calls the same rules, so it refuses what the server refuses, with the same message.
 */
export function throwUploadProblems(name: string, problems: readonly (UploadProblem | null)[]): void {
  const found = problems.filter((problem): problem is UploadProblem => problem !== null);
  if (found.length === 0) return;
  throw new ApiError(
    found[0]!.status,
    found.map(({ errorCode, message }) => ({ errorCode, resources: [name], messages: [message] })),
  );
}

/** Throws when the name of a new upload breaks a rule (400) or is already taken among `existingNames` (409). */
export function checkUploadName(name: string, existingNames: Iterable<string> = []): void {
  throwUploadProblems(name, uploadNameProblems(name));
  throwUploadProblems(name, [duplicateNameProblem(name, existingNames)]);
}

/** Throws `wrong_file_type` (400) unless the name ends with the extension, or one of them (letter case ignored). */
export function checkExtension(name: string, extension: string | readonly string[]): void {
  throwUploadProblems(name, [fileTypeProblem(name, extension)]);
}

/**
 * Throws `not_encrypted` (400) unless the name is `.asc`; the content is checked while it streams
 * (`receiveUpload` with `inspect: 'encrypted'`).
 */
export function checkEncryptedName(name: string): void {
  throwUploadProblems(name, [encryptedNameProblem(name)]);
}

/** Throws the first problem of a design-in upload's name: its characters, the step's and board's types, a duplicate. */
export function checkDipUploadName(name: string, target: DipUploadTarget): void {
  throwUploadProblems(name, dipUploadNameProblems(name, target));
}
