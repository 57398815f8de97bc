import { eq } from 'drizzle-orm';
import type { ExportAccessRequest } from '@portal/resources';
import { users } from '../../db/schema.js';
import { tools } from '../../db/schema-catalogue.js';
import type { exportAccessRequests } from '../../db/schema-commerce.js';
import { iso, isoOrNull, type Executor } from './context.js';

export type RequestRow = typeof exportAccessRequests.$inferSelect;

/** The record of an export access request, with its tool and requester. */
export async function exportAccessRecord(db: Executor, row: RequestRow): Promise<ExportAccessRequest> {
  const [joined] = await db
    .select({ featureId: tools.featureId, toolName: tools.name, userEmail: users.email })
    .from(tools)
    .innerJoin(users, eq(users.id, row.userId))
    .where(eq(tools.id, row.toolId))
    .limit(1);
  return {
    id: row.id,
    featureId: joined!.featureId,
    toolName: joined!.toolName,
    userEmail: joined!.userEmail,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    requestedAt: iso(row.createdAt),
    decidedAt: isoOrNull(row.decidedAt),
  };
}
