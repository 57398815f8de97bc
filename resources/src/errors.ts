import { z } from 'zod';

// The codes live in their own module: a first page that needs the status titles only does not carry them.
export {
  BILLING_ERROR_CODES,
  CATALOGUE_ERROR_CODES,
  CHECKOUT_ERROR_CODES,
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
  DOWNLOAD_DISABLED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './shell-error-messages.js';
export { ERROR_MESSAGES, errorMessage, forbiddenMessage } from './error-messages.js';
export {
  errorFieldPath,
  errorsByField,
  type ErrorsByField,
  type ErrorsByFieldOptions,
} from './error-fields.js';

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

/**
 * Texts of spec calls-auth-errors §8.1 and §8.4. Those the spec quotes are word for word; the spec only names
 * the others, so their wording is the portal's.
 */
export const MESSAGES = {
  /** A user named by email is not in the portal (spec §8.2: 404 user). */
  userNotFound: 'User not found.',
  failedToFetchUser: 'Failed to fetch authenticated user',
  invalidAuthenticationType: 'Invalid authentication type',
  productDataIncomplete: 'Product/board data is incomplete',
  projectListIncomplete: 'List of projects is incomplete',
  serialNumberInvalid: 'Validation error. A serial number may consist only of letters and numbers.',
  serialNumberRequired: 'A serial number is required.',
  serialNumberOneProjectOnly: 'A serial number can be registered to one project only.',
  projectCreationForbidden: 'You are not allowed to create a project.',
  substituteNotFound: 'No user with this email address was found to be the substitute.',
  followUpUserNotFound: 'No user with this email address was found for the follow-up.',
  boardWithoutIspn: 'Documents cannot be assigned to a board without an ISPN.',
  updateFailed: 'The update failed. Please try again.',
  removalFailed: 'The removal failed. Please try again.',
  questionSaveFailed: 'The question could not be saved.',
  questionDeleteFailed: 'The question could not be deleted. Other questions may depend on it.',
  questionnaireCopyFailed: 'The questionnaire could not be copied.',
  invitationInvalidPassword: 'The invitation is unknown or the password is wrong.',
  invitationAlreadyMember: 'You are already a member of this project.',
  invitationNoLongerValid: 'This invitation is no longer valid.',
  invitationExpired: 'This invitation has expired.',
  invitationMissing: 'The invitation is missing.',
  cameraUnavailable:
    'The camera could not be started. Allow camera access or enter the serial number instead.',
  qrCodeUnreadable: 'The QR code could not be read.',
  exportRestricted: 'This download is restricted by export control. You can request access.',
} as const;

/** Billing issues of spec calls-auth-errors §8.4, by the reason the billing validation gives. */
export const BILLING_ISSUE_MESSAGES = {
  no_address: 'Your billing address is missing.',
  country_not_whitelisted: 'We cannot deliver to your country.',
  not_export_approved: 'Your company is not approved for export.',
  no_shipping_address: 'Your shipping address is missing.',
  tax_id_missing: 'Your tax ID is missing.',
  tax_id_invalid: 'Your tax ID is invalid.',
  pending: 'Your billing information is being checked.',
} as const;

/** The download failure toast: how many of the requested downloads failed. */
export function downloadFailedMessage(failed: number, total: number): string {
  return total <= 1 ? 'The download failed.' : `${failed} of ${total} downloads failed.`;
}

export const errorItemSchema = z.object({
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
