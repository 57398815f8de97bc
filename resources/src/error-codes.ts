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
const CATALOGUE_ERROR_CODES = [
  'export_controlled',
  'purchase_required',
  'download_disabled',
  'internal_use_only',
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
const BILLING_ERROR_CODES = [
  'billing_no_address',
  'billing_country_not_whitelisted',
  'billing_not_export_approved',
  'billing_no_shipping_address',
  'billing_tax_id_missing',
  'billing_tax_id_invalid',
  'billing_pending',
] as const;

/** Checkout session states that refuse a call (spec product §4), and the payment provider's answers. */
const CHECKOUT_ERROR_CODES = [
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
