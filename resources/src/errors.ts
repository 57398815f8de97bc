import { z } from 'zod';

// The codes live in their own module: a first page that needs the status titles only does not carry them.
export {
  CONFLICT_ERROR_CODES,
  DIP_ERROR_CODES,
  ERROR_CODES,
  GENERIC_ERROR_CODES,
  INVITATION_ERROR_CODES,
  isErrorCode,
  type ErrorCode,
} from './error-codes.js';

// The texts (and what reads them) live in their own modules: a first page that only needs the codes and the
// status titles does not carry them. Re-exported here so callers keep one address.
export {
  CURRENT_USER_ERROR_MESSAGES,
  SIGN_IN_MESSAGES,
  DOWNLOAD_DISABLED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './shell-error-messages.js';
export { ERROR_MESSAGES, errorMessage, forbiddenMessage } from './error-messages.js';
export { BILLING_ISSUE_MESSAGES, MESSAGES } from './page-messages.js';
export { errorFieldPath, errorsByField, type ErrorsByFieldOptions } from './error-fields.js';

/** HTTP status titles of spec calls-auth-errors §8.2. */
export const STATUS_TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  403: 'Forbidden, lack of permissions',
  404: 'Resource not found',
  409: 'Conflict',
  500: 'Internal server error',
  502: 'Service unavailable',
};

/** Titles of the failures that carry no HTTP status (spec calls-auth-errors §8.2). */
export const ERROR_TITLES = {
  networkFailure: 'Network failure',
  unknownError: 'Unknown error',
  invalidWorkflow: 'Internal error (invalid workflow)',
} as const;

/**
 * The title of an HTTP status: its own when §8.2 lists it, else that of its class (another 4xx is an invalid
 * request, another 5xx an internal server error). Status 0 means no answer arrived: a network failure.
 */
export function statusTitle(status: number): string {
  if (status === 0) return ERROR_TITLES.networkFailure;
  const own = STATUS_TITLES[status];
  if (own) return own;
  if (Number.isInteger(status) && status >= 400 && status < 500)
    return STATUS_TITLES[400] ?? ERROR_TITLES.unknownError;
  if (Number.isInteger(status) && status >= 500 && status < 600)
    return STATUS_TITLES[500] ?? ERROR_TITLES.unknownError;
  return ERROR_TITLES.unknownError;
}

/** The download failure toast: how many of the requested downloads failed. */
export function downloadFailedMessage(failed: number, total: number): string {
  return total <= 1 ? 'The download failed.' : `${failed} of ${total} downloads failed.`;
}

const errorItemSchema = z.object({
  errorCode: z.string(),
  resources: z.array(z.string()),
  messages: z.array(z.string()),
});

/** The error body of spec calls-auth-errors §3: status, data type, errors list. */
export const errorBodySchema = z.object({
  status: z.number().int(),
  type: z.string(),
  errors: z.array(errorItemSchema),
  supportId: z.string().optional(),
});

export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
