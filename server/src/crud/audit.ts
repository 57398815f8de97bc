import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { isSecretField, type AuditAction, type AuditEntity } from '@portal/resources';
import type { Database } from '../db/client.js';
import type {} from '../auth/plugin.js';
import { auditLog, users } from '../db/schema.js';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The record this one is a part of (a tool version's tool): its History shows this change. */
  parent?: { entity: AuditEntity; id: string };
  /**
   * The person the record is about, by user id, when its values do not name them by `userId` (a role grant).
   * Their email and name are written with the record.
   */
  subjectId?: string;
}

const REDACTED = '[redacted]';

/**
 * The value with every secret field (at any depth) replaced, so no audit record ever holds one.
 * @public tested by server/test/audit-coverage.test.ts, which Knip leaves out (see knip.jsonc).
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      isSecretField(key) && field !== null && field !== undefined ? REDACTED : redactSecrets(field),
    ]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `userId` a record's values name, if any: a permission, a membership, a company space member. */
function userIdOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const id = (value as { userId?: unknown }).userId;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/**
 * The person a record is about (issue 45): the entry's `subjectId`, else the `userId` its values name. One rule
 * for every write, so a History never guesses from entity names.
 */
const subjectIdOf = (entry: Pick<AuditEntry, 'subjectId' | 'before' | 'after'>) =>
  entry.subjectId ?? userIdOf(entry.after) ?? userIdOf(entry.before);

/** A person's name as the history shows it: given and family name, or null. */
export const fullName = (user: { givenName: string | null; familyName: string | null }) =>
  [user.givenName, user.familyName].filter(Boolean).join(' ') || null;

/**
 * Writes the audit record of a change (who, what, before, after, when; the record it is a part of and the person
 * it is about), in the caller's transaction if given.
 */
export async function audit(
  db: Pick<Database, 'insert' | 'select'>,
  request: Pick<FastifyRequest, 'currentUser'>,
  entry: AuditEntry,
) {
  const subjectId = subjectIdOf(entry);
  const [subject] = subjectId
    ? await db
        .select({ email: users.email, givenName: users.givenName, familyName: users.familyName })
        .from(users)
        .where(eq(users.id, subjectId))
        .limit(1)
    : [];
  await db.insert(auditLog).values({
    actorId: request.currentUser?.id ?? null,
    actorClientId: request.currentUser?.serviceAccountClientId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: redactSecrets(entry.before ?? null),
    after: redactSecrets(entry.after ?? null),
    subjectId: subjectId ?? null,
    subjectEmail: subject?.email ?? null,
    subjectName: subject ? fullName(subject) : null,
    parentEntity: entry.parent?.entity ?? null,
    parentId: entry.parent?.id ?? null,
  });
}
