import { z } from 'zod';

/** Who made a change: a signed-in person, or the service account a machine client acted as. */
/**
 * Field names whose values are secrets, at any depth of a change's before/after: passwords and their hashes, client
 * secrets, tokens, TOTP seeds, keys, credentials, card data. The server redacts them when it writes a history record
 * and strips them when it answers one; the console shows only that they changed.
 */
export const SECRET_FIELD =
  /password|passwd|hash|secret|token|totp|api_?key|private_?key|credential|card|cvc|cvv|iban/i;

/** Whether a field of a history record holds a secret (see {@link SECRET_FIELD}). */
export const isSecretField = (field: string) => SECRET_FIELD.test(field);

export const auditActorSchema = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() });
export const auditServiceAccountSchema = z.object({ clientId: z.string(), name: z.string().nullable() });

/**
 * One history record (issue 22): who changed what and when, with the values before and after. Secret fields
 * (password hashes, client secrets, tokens) are stripped by the server before answering.
 */
export const auditRecordSchema = z.object({
  /** The identity column as a string: records number past 2^53 in a long-lived portal. */
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  action: z.string(),
  /** The entity type (`board`, `user_role`, `feature_flag`). */
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The person, null for a system change or a service account call. */
  actor: auditActorSchema.nullable(),
  /** The service account of a machine client's call, else null. */
  serviceAccount: auditServiceAccountSchema.nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
