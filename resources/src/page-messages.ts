import { SIGN_IN_MESSAGES } from './shell-error-messages.js';

// Apart from errors.ts, whose status titles every page's shell reads: these texts are read by pages only, and a
// bundler that keeps a whole object for one of its properties would put them all on the first page.
/**
 * Texts of spec calls-auth-errors §8.1 and §8.4. Those the spec quotes are word for word; the spec only names
 * the others, so their wording is the portal's.
 */
export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  /** A user named by email is not in the portal (spec §8.2: 404 user). */
  userNotFound: 'User not found.',
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
