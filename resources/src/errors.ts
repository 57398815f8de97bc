import { z } from 'zod';
import { ERROR_MESSAGES } from './error-messages.js';

/** Error codes with item lists of spec calls-auth-errors §8.3, plus the generic ones every API answer may carry. */
export const ERROR_CODES = [
  'file_not_referenced',
  'file_not_uploaded',
  'not_encrypted',
  'unsupported_encoding',
  'wrong_file_type',
  'duplicate_name',
  'invalid_name',
  'name_too_long',
  'file_too_big',
  'metadata_invalid',
  'match_failed',
  'not_promoted',
  'missing_multifactor_auth',
  'no_company_space',
  'wrong_company_space',
  'owner_equals_substitute',
  'short_rom_code_already_exists',
  'salescode_invalid',
  'salescode_not_matching',
] as const;

export const GENERIC_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'service_unavailable',
  'email_not_verified',
  'duplicate',
  'too_many_requests',
  'confirmation_required',
] as const;

/** The reasons of a 409 Conflict (spec calls-auth-errors §8.2), as codes so a client can tell them apart. */
export const CONFLICT_ERROR_CODES = [
  'serial_number_already_registered',
  'company_space_exists',
  'user_in_other_company_space',
  'user_still_in_projects',
  'deletion_with_members',
] as const;

/** The invitation errors of spec calls-auth-errors §8.4, each with its own code. */
export const INVITATION_ERROR_CODES = [
  'invitation_invalid_password',
  'invitation_already_member',
  'invitation_no_longer_valid',
  'invitation_expired',
  'invitation_missing',
] as const;

/** Refusals of the catalogue, downloads, questionnaires, orders and licenses. */
export const CATALOGUE_ERROR_CODES = [
  'export_controlled',
  'purchase_required',
  'download_disabled',
  'not_export_controlled',
  'not_orderable',
  'not_requestable',
  'not_installable',
  'cart_entry_unavailable',
  'questionnaire_answers_invalid',
  'questionnaire_in_use',
  'metadata_key_in_use',
  'question_has_dependents',
  'invalid_state_transition',
] as const;

/** The billing issues of spec calls-auth-errors §8.4, each with its own code (`billing_` and the issue). */
export const BILLING_ERROR_CODES = [
  'billing_no_address',
  'billing_country_not_whitelisted',
  'billing_not_export_approved',
  'billing_no_shipping_address',
  'billing_tax_id_missing',
  'billing_tax_id_invalid',
  'billing_pending',
] as const;

/** Checkout session states that refuse a call (spec product §4), and the payment provider's answers. */
export const CHECKOUT_ERROR_CODES = [
  'checkout_expired',
  'checkout_failed',
  'checkout_completed',
  'checkout_canceled',
  'payment_declined',
  'payment_retry',
  'payment_provider_error',
  'webhook_signature_invalid',
] as const;

/** Refusals of the design-in process that the codes of §8.3 do not cover (spec §4 design-in steps). */
export const DIP_ERROR_CODES = [
  'dip_step_not_active',
  'dip_step_already_resolved',
  'dip_step_not_resolved',
  'dip_files_missing',
  'dip_asset_locked',
  'config_not_customer_complete',
  'malware_detected',
] as const;

export type ErrorCode =
  | (typeof ERROR_CODES)[number]
  | (typeof GENERIC_ERROR_CODES)[number]
  | (typeof CONFLICT_ERROR_CODES)[number]
  | (typeof INVITATION_ERROR_CODES)[number]
  | (typeof CATALOGUE_ERROR_CODES)[number]
  | (typeof BILLING_ERROR_CODES)[number]
  | (typeof CHECKOUT_ERROR_CODES)[number]
  | (typeof DIP_ERROR_CODES)[number];

const ALL_ERROR_CODES: readonly string[] = [
  ...ERROR_CODES,
  ...GENERIC_ERROR_CODES,
  ...CONFLICT_ERROR_CODES,
  ...INVITATION_ERROR_CODES,
  ...CATALOGUE_ERROR_CODES,
  ...BILLING_ERROR_CODES,
  ...CHECKOUT_ERROR_CODES,
  ...DIP_ERROR_CODES,
];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ALL_ERROR_CODES.includes(value);
}

// The texts live in their own module: a first page that only needs the codes does not carry them.
export { ERROR_MESSAGES };

/** The codes of spec §8.3 whose message speaks to the current user when they are in the error's list. */
export const CURRENT_USER_ERROR_MESSAGES = {
  file_not_referenced: 'Files you uploaded are not referenced in the configuration file.',
  file_not_uploaded: 'You have not yet uploaded these files referenced in the configuration file.',
  not_encrypted: 'Files you uploaded are not encrypted.',
  unsupported_encoding: 'Files you uploaded are not UTF-8 encoded.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The message for a code the portal does not know (a newer server, a proxy's own answer). */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/**
 * The message of an error code; the current-user variant for the four codes that have one when the current
 * user is in the error's list. Unknown codes get the unknown-error message rather than the raw code.
 */
export function errorMessage(
  code: string,
  { currentUserInList = false }: { currentUserInList?: boolean } = {},
): string {
  if (!isErrorCode(code)) return UNKNOWN_ERROR_MESSAGE;
  if (currentUserInList && code in CURRENT_USER_ERROR_MESSAGES) {
    return CURRENT_USER_ERROR_MESSAGES[code as keyof typeof CURRENT_USER_ERROR_MESSAGES];
  }
  return ERROR_MESSAGES[code];
}

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

/** The 403 message with the support ID of the answer when it carries one (spec calls-auth-errors §8.2). */
export function forbiddenMessage(supportId?: string | null): string {
  const message = ERROR_MESSAGES.forbidden;
  return supportId?.trim() ? `${message} Support ID: ${supportId.trim()}` : message;
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

/**
 * The field an error's resource names: validation errors say where it was found (`body.owner.email`,
 * `querystring.page`), rule errors name the field itself (`owner.email`).
 */
export const errorFieldPath = (resource: string) => resource.replace(/^(body|querystring|params)\./, '');

/** A refusal sorted for a form: messages by field, the rest for the form as a whole, and the items codes list. */
export interface ErrorsByField {
  codes: string[];
  /** Messages by the form's field, in the order the server gave them. */
  fields: Record<string, string[]>;
  /** Messages of errors that name no field of the form. */
  form: string[];
  /** What the item-list codes name (their `resources`), once each. */
  items: string[];
}

export interface ErrorsByFieldOptions {
  /** The form's field for a resource's path (`errorFieldPath`); undefined: not a field of this form. */
  field?: (path: string) => string | undefined;
  /** Codes whose resources are things to list under the message (files, members), when they name no field. */
  itemListCodes?: Iterable<string>;
}

/**
 * Sorts the items of an error body (spec calls-auth-errors §3) onto a form's fields by the `resources` they name.
 * Every app's form mapping calls this, so a refusal lands on the same field everywhere. An item without a message
 * gets the one of its code.
 */
export function errorsByField(
  items: readonly ErrorItem[],
  { field = (path) => path, itemListCodes = [] }: ErrorsByFieldOptions = {},
): ErrorsByField {
  const listed = new Set(itemListCodes);
  const result: ErrorsByField = { codes: [], fields: {}, form: [], items: [] };
  for (const item of items) {
    result.codes.push(item.errorCode);
    const given = item.messages.filter(Boolean);
    const messages = given.length > 0 ? given : [errorMessage(item.errorCode)];
    const fields = new Set(
      item.resources
        .map((resource) => field(errorFieldPath(resource)))
        .filter((name): name is string => !!name),
    );
    for (const name of fields) (result.fields[name] ??= []).push(...messages);
    if (fields.size > 0) continue;
    result.form.push(...messages);
    if (!listed.has(item.errorCode)) continue;
    for (const resource of item.resources) if (!result.items.includes(resource)) result.items.push(resource);
  }
  return result;
}
