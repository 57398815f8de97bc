import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
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
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
