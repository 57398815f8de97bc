import {
  dipUploadFileProblems,
  encryptedContentProblem,
  type DipUploadTarget,
  type ErrorCode,
  type UploadFile,
  type UploadProblem,
} from '@portal/resources';

/** Why a picked file is not sent: the code of spec calls §8.3 and the message the server gives for it. */
export interface FileProblem {
  code: ErrorCode;
  message: string;
}

/** What the checks need to know about the step a file goes to. */
export interface UploadTarget extends DipUploadTarget {
  existingNames: readonly string[];
}

const asFileProblem = ({ errorCode, message }: UploadProblem): FileProblem => ({ code: errorCode, message });

/**
 * The checks of one file by name and size: the design-in upload rules of `@portal/resources`, which the server
 * applies too, so the form says before sending exactly what the server would answer.
 */
export function checkUploadFile(file: UploadFile, target: UploadTarget): FileProblem[] {
  return dipUploadFileProblems(file, target).map(asFileProblem);
}

/** A picked file with the problems that keep it from being sent (none: it may go). */
export interface CheckedFile<F extends UploadFile = UploadFile> {
  file: F;
  problems: FileProblem[];
}

/**
 * Checks the files picked or dropped together: each on its own, and no two of them with the same name (the
 * second is refused as a duplicate, as the server would refuse it after the first arrived).
 */
export function checkUploadFiles<F extends UploadFile>(
  files: readonly F[],
  target: UploadTarget,
): CheckedFile<F>[] {
  return files.map((file, index) => {
    const earlier = files.slice(0, index).map((other) => other.name);
    const existingNames = [...target.existingNames, ...earlier];
    return { file, problems: checkUploadFile(file, { ...target, existingNames }) };
  });
}

/**
 * The content checks of an encrypted file, read in the browser before it is sent: UTF-8 text that is an
 * ASCII-armoured PGP message, by the rule the server applies while the file streams in.
 */
export async function checkEncryptedContent(file: Blob): Promise<FileProblem[]> {
  const problem = encryptedContentProblem(new Uint8Array(await file.arrayBuffer()));
  return problem ? [asFileProblem(problem)] : [];
}
