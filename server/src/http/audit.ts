import type { FastifyRequest } from 'fastify';
import { isSecretField } from '@portal/resources';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export const REDACTED = '[redacted]';

/** The value with every secret field (at any depth) replaced, so no audit record ever holds one. */
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

/** Writes the audit record of a change (who, what, before, after, when), in the caller's transaction if given. */
export async function audit(
  db: Pick<Database, 'insert'>,
  request: Pick<FastifyRequest, 'currentUser'>,
  entry: AuditEntry,
) {
  await db.insert(auditLog).values({
    actorId: request.currentUser?.id ?? null,
    actorClientId: request.currentUser?.serviceAccountClientId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: redactSecrets(entry.before ?? null),
    after: redactSecrets(entry.after ?? null),
  });
}
