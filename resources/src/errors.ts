import { z } from 'zod';

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
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (typeof GENERIC_ERROR_CODES)[number];

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
