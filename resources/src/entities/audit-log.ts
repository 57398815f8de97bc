import { z } from 'zod';

/** Who made a change: a signed-in person, or the service account a machine client acted as. */
// The secret-field rule of history records lives in its own module (the console loads it with its diff only).
export * from '../secret-fields.js';

export const auditActorSchema = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() });
/** A service account's change: its client id, and the email of the user it acts as. */
export const auditServiceAccountSchema = z.object({
  clientId: z.string(),
  name: z.string().nullable(),
  actingAs: z.string().nullable(),
});
/** The person a record is about (a role grant, a permission, a membership), as written with the record. */
export const auditSubjectSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
/** The record a part's change belongs to (a tool version's tool), as written with the record. */
export const auditParentSchema = z.object({ entity: z.string(), id: z.string() });

/**
 * A history record's number: the identity column as the API writes it, digits only and at most 18 of them (far
 * more records than a portal makes), so a malformed one is refused before it reaches the database, by id or in a
 * list of ids.
 */
export const auditRecordNumber = z.string().regex(/^\d{1,18}$/, 'expected a record number');

/**
 * One history record (issue 22): who changed what and when, with the values before and after. Secret fields
 * (password hashes, client secrets, tokens) are stripped by the server before answering.
 */
export const auditRecordSchema = z.object({
  id: auditRecordNumber,
  at: z.iso.datetime({ offset: true }),
  action: z.string(),
  /** The entity type (`board`, `user_role`, `feature_flag`). */
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The person, null for a system change or a service account call. */
  actor: auditActorSchema.nullable(),
  /** The service account of a machine client's call, else null (then `actor` is null too). */
  serviceAccount: auditServiceAccountSchema.nullable(),
  /** The person the record is about, else null. */
  subject: auditSubjectSchema.nullable(),
  /** The record whose part changed, else null. */
  parent: auditParentSchema.nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
