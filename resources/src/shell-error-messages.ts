import type { ErrorCode } from './errors.js';

// Apart from the table of texts (error-messages.ts): the shell's notices need only these, and a first page
// carries no more.
/** The codes of spec §8.3 whose message speaks to the current user when they are in the error's list. */
export const CURRENT_USER_ERROR_MESSAGES = {
  file_not_referenced: 'Files you uploaded are not referenced in the configuration file.',
  file_not_uploaded: 'You have not yet uploaded these files referenced in the configuration file.',
  not_encrypted: 'Files you uploaded are not encrypted.',
  unsupported_encoding: 'Files you uploaded are not UTF-8 encoded.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The message for a code the portal does not know (a newer server, a proxy's own answer). */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/** A version whose files may not be downloaded: the tool page says it without loading the table of texts. */
export const DOWNLOAD_DISABLED_MESSAGE = 'The files of this version cannot be downloaded.';

/** 'Failed to fetch authenticated user' and 'Invalid authentication type' of spec calls-auth-errors §8.1. */
export const SIGN_IN_MESSAGES = {
  failedToFetchUser: 'Failed to fetch authenticated user',
  invalidAuthenticationType: 'Invalid authentication type',
} as const;
