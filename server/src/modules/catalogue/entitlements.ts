import { and, eq, inArray, isNull, or, gt } from 'drizzle-orm';
import { hasSerialProductNumber, type ExportAccessStatus } from '@portal/resources';
import { exportAccessRequests, licenses, orderPositions, orders } from '../../db/schema-commerce.js';
import type { Executor } from './context.js';
import { LICENSE_TERMS } from './license-terms.js';

/** A license key that pays for a version: a commercial license, or one granted by a paid purchase's position. */
const paidKey = (featureId: string, version: string) => `paid:${featureId}@${version}`;

/**
 * Active licenses of a user, as `featureId` (every version) and `featureId@version` keys, and a {@link paidKey} for
 * the exact version of each license that was paid for. Read only through {@link isEntitled}.
 */
export async function entitlementsOf(
  db: Executor,
  userId: string | null,
  featureIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (!userId || !featureIds.length) return new Set();
  const rows = await db
    .select({
      featureId: licenses.featureId,
      version: licenses.version,
      type: licenses.type,
      kind: orders.kind,
      paid: orders.paid,
    })
    .from(licenses)
    .leftJoin(orderPositions, eq(orderPositions.id, licenses.orderPositionId))
    .leftJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(
      and(
        eq(licenses.userId, userId),
        inArray(licenses.featureId, [...featureIds]),
        isNull(licenses.revokedAt),
        or(isNull(licenses.expiration), gt(licenses.expiration, now)),
      ),
    );
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(row.version ? `${row.featureId}@${row.version}` : row.featureId);
    const paid = row.type === LICENSE_TERMS.purchase.type || (row.kind === 'purchase' && row.paid === true);
    if (paid && row.version) keys.add(paidKey(row.featureId, row.version));
  }
  return keys;
}

/**
 * Whether the licenses cover a version (issue 17): a payable version (SPN) only by a paid license for exactly that
 * version — an evaluation license, a request order's or a license without a version never pays for one; any other
 * version by any license of the tool or of that version.
 */
export const isEntitled = (
  entitlements: Set<string>,
  featureId: string,
  version: { version: string; spn?: string | null },
) =>
  hasSerialProductNumber(version)
    ? entitlements.has(paidKey(featureId, version.version))
    : entitlements.has(featureId) || entitlements.has(`${featureId}@${version.version}`);

/** The state of a user's export access for each tool: granted wins over pending, pending over refused. */
export async function exportAccessOf(
  db: Executor,
  userId: string | null,
  toolIds: readonly string[],
): Promise<Map<string, ExportAccessStatus>> {
  const result = new Map<string, ExportAccessStatus>();
  if (!userId || !toolIds.length) return result;
  const rows = await db
    .select({ toolId: exportAccessRequests.toolId, status: exportAccessRequests.status })
    .from(exportAccessRequests)
    .where(and(eq(exportAccessRequests.userId, userId), inArray(exportAccessRequests.toolId, [...toolIds])));
  const rank: Record<ExportAccessStatus, number> = { granted: 3, pending: 2, refused: 1 };
  for (const row of rows) {
    const current = result.get(row.toolId);
    if (!current || rank[row.status] > rank[current]) result.set(row.toolId, row.status);
  }
  return result;
}
