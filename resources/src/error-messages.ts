import {
  CURRENT_USER_ERROR_MESSAGES,
  DOWNLOAD_DISABLED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './shell-error-messages.js';
import { FILE_NAME_MAX_LENGTH, MAX_UPLOAD_FILE_SIZE_BYTES, sizeLimitText } from './constants.js';
import type { ErrorCode } from './errors.js';

/**
 * The message a user reads for each error code. The spec gives no texts for these (§8.3: "not shown"); the
 * coded errors are followed by their item list (the `resources` of the error), so the texts introduce it.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  file_not_referenced: 'These files are not referenced in the configuration file.',
  file_not_uploaded: 'These files are referenced in the configuration file but have not been uploaded.',
  not_encrypted: 'These files are not encrypted.',
  unsupported_encoding: 'These files are not UTF-8 encoded.',
  wrong_file_type: 'This file type is not accepted here.',
  duplicate_name: 'A file with this name already exists.',
  invalid_name: 'A file name may contain only letters, digits, dots, hyphens, underscores and parentheses.',
  name_too_long: `A file name may be at most ${FILE_NAME_MAX_LENGTH} characters long.`,
  file_too_big: `A file may be at most ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)}.`,
  metadata_invalid: 'The metadata of these files is invalid.',
  match_failed: 'These files do not match the expected content.',
  not_promoted: 'Your account is not enabled for secure projects.',
  missing_multifactor_auth: 'Please sign in with multi-factor authentication to continue.',
  no_company_space: 'You need a company space to create projects.',
  wrong_company_space: 'This belongs to another company space.',
  owner_equals_substitute: 'Owner and substitute cannot be the same user.',
  short_rom_code_already_exists: 'This short ROM code (SRC) is already in use.',
  salescode_invalid: 'The sales code is invalid.',
  salescode_not_matching: 'The sales code does not match this project.',
  invalid_request: 'The request is invalid.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission for this.',
  not_found: 'The resource was not found.',
  conflict: 'This conflicts with existing data.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not accepted.',
  internal_error: 'Something went wrong on our side. Please try again later.',
  service_unavailable: 'The service is unavailable. Please try again later.',
  email_not_verified: 'Verify your email address, then sign in again.',
  duplicate: 'This already exists.',
  too_many_requests: 'Too many attempts. Wait a moment and try again.',
  confirmation_required: 'Confirm this change to go ahead.',
  serial_number_already_registered: 'This serial number is already registered with a project.',
  company_space_exists: 'A company space with this name already exists.',
  user_in_other_company_space: 'This user is already in another company space.',
  user_still_in_projects: 'This user cannot be removed while still a member of projects.',
  deletion_with_members: 'This cannot be deleted while it still has members.',
  invitation_invalid_password: 'The invitation is unknown or the password is wrong.',
  invitation_already_member: 'You are already a member of this project.',
  invitation_no_longer_valid: 'This invitation is no longer valid.',
  invitation_expired: 'This invitation has expired.',
  invitation_missing: 'The invitation is missing.',
  export_controlled: 'This download is restricted by export control. You can request access.',
  purchase_required: 'This version is payable: buy it before downloading.',
  download_disabled: DOWNLOAD_DISABLED_MESSAGE,
  internal_use_only: 'This item is for internal use only.',
  not_export_controlled: 'This item is not export controlled; no access request is needed.',
  not_orderable: 'These items cannot be ordered.',
  not_requestable: 'These items cannot be requested.',
  not_installable: 'This item cannot be installed with the launcher.',
  cart_entry_unavailable: 'These cart entries are no longer available.',
  questionnaire_answers_invalid: 'Please answer the questions these items ask.',
  questionnaire_in_use: 'This questionnaire cannot be deleted while items still ask it.',
  metadata_key_in_use: 'This metadata key is used by the XML validation of a board. Remove it there first.',
  question_has_dependents: 'This question cannot be deleted while other questions depend on it.',
  invalid_state_transition: 'This change is not possible in the current state.',
  billing_no_address: 'Your billing address is missing.',
  billing_country_not_whitelisted: 'We cannot deliver to your country.',
  billing_not_export_approved: 'Your company is not approved for export.',
  billing_no_shipping_address: 'Your shipping address is missing.',
  billing_tax_id_missing: 'Your tax ID is missing.',
  billing_tax_id_invalid: 'Your tax ID is invalid.',
  billing_pending: 'Your billing information is being checked.',
  checkout_expired: 'This checkout has expired. Please check out again.',
  checkout_failed: 'The payment of this checkout failed. Please check out again.',
  checkout_completed: 'This checkout is already paid.',
  checkout_canceled: 'This checkout was canceled. Resume it to pay.',
  payment_declined: 'The card was declined.',
  payment_retry: 'The payment did not go through. Please try again or use another card.',
  payment_provider_error: 'The payment provider could not be reached. Please try again later.',
  webhook_signature_invalid: 'The event signature is not valid.',
  dip_step_not_active: 'This step is not the active step of the design-in process.',
  dip_step_already_resolved: 'This step has already been submitted.',
  dip_step_not_resolved: 'This step has not been submitted yet.',
  dip_files_missing: 'Upload at least one file before submitting this step.',
  dip_asset_locked: 'Files of a submitted step can no longer be deleted.',
  config_not_customer_complete: 'The configuration file is not in the state "customer complete".',
  malware_detected: 'These files contain malware.',
};

/**
 * The message of an error code; the current-user variant for the four codes that have one when the current
 * user is in the error's list. Unknown codes get the unknown-error message rather than the raw code.
 */
export function errorMessage(
  code: string,
  { currentUserInList = false }: { currentUserInList?: boolean } = {},
): string {
  // Every code has a text, so the texts' keys are the known codes.
  if (!Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, code)) return UNKNOWN_ERROR_MESSAGE;
  if (currentUserInList && code in CURRENT_USER_ERROR_MESSAGES) {
    return CURRENT_USER_ERROR_MESSAGES[code as keyof typeof CURRENT_USER_ERROR_MESSAGES];
  }
  return ERROR_MESSAGES[code as ErrorCode];
}

/** The 403 message with the support ID of the answer when it carries one (spec calls-auth-errors §8.2). */
export function forbiddenMessage(supportId?: string | null): string {
  const message = ERROR_MESSAGES.forbidden;
  return supportId?.trim() ? `${message} Support ID: ${supportId.trim()}` : message;
}
