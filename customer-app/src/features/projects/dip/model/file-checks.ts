import {
  ERROR_MESSAGES,
  encryptedFileContentSchema,
  encryptedFileSchema,
  errorCodeOf,
  secureConfigFileSchema,
  uploadFileNameSchema,
  uploadFileSchema,
  uploadSetSchema,
  type DipCompletionType,
  type ErrorCode,
  type UploadFile,
} from '@portal/resources';

/** An issue of a `@portal/resources` rule (zod), without importing zod here. */
type Issue = Parameters<typeof errorCodeOf>[0];

/**
 * The largest configuration the server parses (server/src/uploads/xml.ts `MAX_XML_BYTES`): an XML file is read
 * whole to be validated, so it is bounded tighter than the 25 MB of other files.
 */
export const MAX_CONFIG_FILE_BYTES = 5 * 1024 * 1024;

/** Why a picked file is not sent: the code of spec calls §8.3 and the message the server gives for it. */
export interface FileProblem {
  code: ErrorCode;
  message: string;
}

/** What the checks need to know about the step a file goes to. */
export interface UploadTarget {
  completionType: DipCompletionType | null;
  /** Names already uploaded to the step (a new file may not repeat one, letter case ignored). */
  existingNames: readonly string[];
  /** A secure board's accepted file types (`.xml`, `.asc`, …); null on other boards. */
  acceptedFileTypes: readonly string[] | null;
}

/**
 * The server's wording for each code (server/src/uploads/file-rules.ts and stream-upload.ts): the rules come from
 * `@portal/resources`, the messages are the API's, so the form says before sending exactly what the server would
 * answer.
 */
function messageFor(code: ErrorCode, target: UploadTarget, fallback: string): string {
  switch (code) {
    case 'wrong_file_type':
      return `${ERROR_MESSAGES.wrong_file_type} Accepted: ${acceptedTypes(target).join(', ')}.`;
    case 'not_encrypted':
      return 'Encrypted files must be .asc files.';
    case 'file_too_big':
      return target.completionType === 'file-upload-xml-validation'
        ? `An XML file may be at most ${MAX_CONFIG_FILE_BYTES / 1024 / 1024} MB.`
        : ERROR_MESSAGES.file_too_big;
    case 'invalid_name':
    case 'name_too_long':
    case 'duplicate_name':
      return ERROR_MESSAGES[code];
    default:
      return fallback;
  }
}

/** The file types a step takes by name: `.xml` for a configuration, else the secure board's list. */
function acceptedTypes(target: UploadTarget): string[] {
  if (target.completionType === 'file-upload-xml-validation') return ['.xml'];
  return [...(target.acceptedFileTypes ?? [])];
}

const hasExtension = (name: string, extension: string) =>
  name.toLowerCase().endsWith(extension.toLowerCase());

function problemsOf(issues: readonly Issue[], target: UploadTarget): FileProblem[] {
  return issues.flatMap((issue) => {
    const code = errorCodeOf(issue);
    if (!code) {
      // "File name is required." has no code of its own: the server answers it as invalid_name.
      return [{ code: 'invalid_name' as const, message: issue.message }];
    }
    return [{ code, message: messageFor(code, target, issue.message) }];
  });
}

/**
 * The checks of one file by name and size, in the order the server makes them: name (characters, length, a name
 * the file system could read as a path step), the file type the step or the secure board takes, duplicates among
 * the step's files, size and emptiness. Each problem carries the server's message for its code.
 */
export function checkUploadFile(file: UploadFile, target: UploadTarget): FileProblem[] {
  const problems = problemsOf(uploadFileNameSchema.safeParse(file.name).error?.issues ?? [], target);
  // The schema allows letters, digits and dots; the server also refuses dots alone and `..` (a path step).
  if (
    file.name.length > 0 &&
    !problems.some((problem) => problem.code === 'invalid_name') &&
    (/^\.+$/.test(file.name) || file.name.includes('..'))
  ) {
    problems.push({ code: 'invalid_name', message: ERROR_MESSAGES.invalid_name });
  }
  if (problems.length > 0) return problems;

  const typed =
    target.completionType === 'file-upload-xml-validation'
      ? secureConfigFileSchema
      : target.completionType === 'file-upload-encrypted'
        ? encryptedFileSchema
        : uploadFileSchema;
  const typeProblems = problemsOf(
    (typed.safeParse(file).error?.issues ?? []).filter((issue) => errorCodeOf(issue) !== 'file_too_big'),
    target,
  );
  if (
    target.acceptedFileTypes &&
    !target.acceptedFileTypes.some((extension) => hasExtension(file.name, extension)) &&
    !typeProblems.some((problem) => problem.code === 'wrong_file_type')
  ) {
    typeProblems.push({
      code: 'wrong_file_type',
      message: `${ERROR_MESSAGES.wrong_file_type} Accepted: ${target.acceptedFileTypes.join(', ') || 'none'}.`,
    });
  }
  if (typeProblems.length > 0) return typeProblems;

  const taken = target.existingNames.some((name) => name.toLowerCase() === file.name.toLowerCase());
  if (taken) return [{ code: 'duplicate_name', message: ERROR_MESSAGES.duplicate_name }];

  const limit =
    target.completionType === 'file-upload-xml-validation' ? MAX_CONFIG_FILE_BYTES : Number.POSITIVE_INFINITY;
  const sizeProblems = problemsOf(uploadFileSizeIssues(file.size), target);
  if (sizeProblems.length === 0 && file.size > limit) {
    sizeProblems.push({ code: 'file_too_big', message: messageFor('file_too_big', target, '') });
  }
  if (sizeProblems.length > 0) return sizeProblems;
  if (file.size === 0) {
    return [{ code: 'file_not_uploaded', message: 'The file is empty: no bytes arrived.' }];
  }
  return [];
}

function uploadFileSizeIssues(size: number): Issue[] {
  return uploadFileSchema.shape.size.safeParse(size).error?.issues ?? [];
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
  const duplicates = new Set(
    (uploadSetSchema().safeParse(files.map(({ name, size }) => ({ name, size }))).error?.issues ?? [])
      .filter((issue) => errorCodeOf(issue) === 'duplicate_name')
      .map((issue) => issue.path[0] as number),
  );
  return files.map((file, index) => {
    const own = checkUploadFile(file, target);
    if (own.length === 0 && duplicates.has(index)) {
      return { file, problems: [{ code: 'duplicate_name', message: ERROR_MESSAGES.duplicate_name }] };
    }
    return { file, problems: own };
  });
}

/** The armour an encrypted file starts with; anything else is `not_encrypted` on the server. */
const PGP_ARMOUR = '-----BEGIN PGP MESSAGE-----';

/**
 * The content checks of an encrypted file, read in the browser before it is sent: UTF-8 text
 * (`unsupported_encoding`, the rule of `@portal/resources`) that is an ASCII-armoured PGP message
 * (`not_encrypted`). Only for files that passed the name checks.
 */
export async function checkEncryptedContent(file: Blob): Promise<FileProblem[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!encryptedFileContentSchema.safeParse(bytes).success) {
    return [{ code: 'unsupported_encoding', message: ERROR_MESSAGES.unsupported_encoding }];
  }
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith(PGP_ARMOUR) || !/-----END PGP MESSAGE-----\s*$/.test(text)) {
    return [
      {
        code: 'not_encrypted',
        message: `${ERROR_MESSAGES.not_encrypted} An ASCII-armoured PGP message (-----BEGIN PGP MESSAGE-----) is expected.`,
      },
    ];
  }
  return [];
}
