import type { z } from 'zod';
import { toAdminError } from '../providers/errors';

/** A zod schema's verdict on form values, one message per top-level field, as react-admin's `validate` reads it. */
export function schemaErrors(
  schema: z.ZodType,
  values: unknown,
  fallbackField = 'root',
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : fallbackField;
    errors[key] = errors[key] ? `${errors[key]}\n${issue.message}` : issue.message;
  }
  return errors;
}

/** A react-admin `validate` from a zod schema. */
export const zodValidate =
  (schema: z.ZodType, fallbackField?: string) =>
  (values: Record<string, unknown>): Record<string, string> =>
    schemaErrors(schema, values, fallbackField);

/**
 * What a hand-made form's `onSubmit` answers when the call failed: the API's messages keyed by field, which
 * react-admin puts on the fields; without field errors, the error goes on as it is.
 */
export function submissionErrors(error: unknown): Record<string, unknown> {
  const adminError = toAdminError(error) as { body?: { errors?: Record<string, unknown> } };
  const errors = adminError.body?.errors;
  if (errors && Object.keys(errors).length > 0) return errors;
  throw adminError;
}
