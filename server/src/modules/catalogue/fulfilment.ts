import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  isInstallable,
  POSITION_DECISIONS,
  type InstallerRecord,
  type LicenseRecord,
  type LicenseStatus,
  type OrderPositionStatus,
  type OrderRecord,
  type OrderStatus,
} from '@portal/resources';
import { userRoles, users } from '../../db/schema.js';
import { tools } from '../../db/schema-catalogue.js';
import { installationKeys, installers, licenses, orderPositions, orders } from '../../db/schema-commerce.js';
import { ApiError } from '../../transport/errors.js';
import { iso, isoOrNull, keptFromInternalUse, mayUseInternalTools, type Executor } from './context.js';
import { LICENSE_TERMS } from './license-terms.js';
import { assertApprovable, positionContents } from './order-lines.js';

export type OrderRow = typeof orders.$inferSelect;
export type PositionRow = typeof orderPositions.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;
export type InstallerRow = typeof installers.$inferSelect;

/** A license's state of spec §4 at a moment. */
export function licenseStatus(row: Pick<LicenseRow, 'revokedAt' | 'expiration'>, now: Date): LicenseStatus {
  if (row.revokedAt) return 'revoked';
  if (!row.expiration) return 'perpetual';
  return row.expiration.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Crockford base32 without look-alikes, in four groups of five: 100 random bits. */
export function newInstallationKey(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

/**
 * The order's state from its positions (spec §4): a purchase not yet paid keeps its payment state; otherwise a
 * reopened position reopens the order, and it is done once every position is approved or rejected.
 */
export function orderStatusOf(
  order: Pick<OrderRow, 'kind' | 'paid' | 'status'>,
  positions: { status: string }[],
): OrderStatus {
  if (order.kind === 'purchase' && !order.paid) return order.status as OrderStatus;
  if (positions.some((position) => position.status === 'reopened')) return 'reopened';
  if (positions.every((position) => position.status === 'approved' || position.status === 'rejected'))
    return 'done';
  return 'in-progress';
}

/** An installer for the user and each installable tool the position stands for, with its first key. */
async function ensureInstallers(
  tx: Executor,
  userId: string,
  position: PositionRow,
  now: Date,
): Promise<void> {
  // A bundle brings installers for the content its position covers, never for payable tools sold apart.
  const featureIds = (await positionContents(tx, position)).coveredFeatureIds;
  if (!featureIds.length) return;
  const candidates = await tx
    .select({
      id: tools.id,
      type: tools.type,
      isOnlineTool: tools.isOnlineTool,
      isInstallableViaLauncher: tools.isInstallableViaLauncher,
      internalOnly: tools.internalOnly,
    })
    .from(tools)
    .where(inArray(tools.featureId, featureIds));
  // A tool marked for internal users after the order was placed: no installer key for someone who is not one.
  const internalTools =
    candidates.some((tool) => tool.internalOnly) &&
    mayUseInternalTools({
      roles: await tx.select({ name: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    });
  for (const tool of candidates) {
    if (!isInstallable(tool) || !tool.isInstallableViaLauncher) continue;
    if (keptFromInternalUse(tool, internalTools)) continue;
    const [created] = await tx
      .insert(installers)
      .values({ userId, toolId: tool.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (created)
      await tx
        .insert(installationKeys)
        .values({ installerId: created.id, key: newInstallationKey(), createdAt: now });
  }
}

/** Grants (or restores) the license of an approved position, and the installers it brings. */
async function grantLicense(tx: Executor, order: OrderRow, position: PositionRow, now: Date): Promise<void> {
  const terms = LICENSE_TERMS[order.kind];
  const expiration = terms.validityMs === null ? null : new Date(now.getTime() + terms.validityMs);
  await tx
    .insert(licenses)
    .values({
      userId: order.userId,
      orderPositionId: position.id,
      product: position.version ? `${position.name} ${position.version}` : position.name,
      featureId: position.featureId,
      version: position.version,
      type: terms.type,
      grantedAt: now,
      expiration,
    })
    .onConflictDoUpdate({
      target: licenses.orderPositionId,
      set: { revokedAt: null, grantedAt: now, expiration },
    });
  await ensureInstallers(tx, order.userId, position, now);
}

async function revokeLicense(tx: Executor, positionId: string, now: Date): Promise<void> {
  await tx.update(licenses).set({ revokedAt: now }).where(eq(licenses.orderPositionId, positionId));
}

/**
 * Decides one position: approval grants its license (and installers), rejection or reopening revokes it; the
 * order's status follows. `decidedBy` is null when the payment provider's confirmation approves a paid position.
 */
export async function decidePosition(
  tx: Executor,
  order: OrderRow,
  position: PositionRow,
  decision: {
    status: 'approved' | 'rejected' | 'reopened';
    comment: string | null;
    decidedBy: string | null;
  },
  now: Date,
): Promise<void> {
  const from = position.status as OrderPositionStatus;
  // One list with the console's order page (@portal/resources), so both offer and allow the same decisions.
  if (!POSITION_DECISIONS[from].includes(decision.status)) {
    throw ApiError.of(
      409,
      'invalid_state_transition',
      `A position that is ${from} cannot be ${decision.status}.`,
      ['status'],
    );
  }
  if (decision.status === 'approved') await assertApprovable(tx, order, position);
  const [updated] = await tx
    .update(orderPositions)
    .set({
      status: decision.status,
      comment: decision.comment,
      decidedBy: decision.decidedBy,
      decidedAt: now,
    })
    .where(eq(orderPositions.id, position.id))
    .returning();
  if (decision.status === 'approved') await grantLicense(tx, order, updated!, now);
  else await revokeLicense(tx, position.id, now);
}

/** Writes the order's status from its positions (after decisions or a payment). */
export async function refreshOrderStatus(tx: Executor, orderId: string, now: Date): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const positions = await tx
    .select({ status: orderPositions.status })
    .from(orderPositions)
    .where(eq(orderPositions.orderId, orderId));
  const status = orderStatusOf(order!, positions);
  if (status !== order!.status) {
    await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
  }
}

/** A paid purchase: the order is paid and its positions approved by the payment itself. */
export async function fulfilPurchase(tx: Executor, orderId: string, paymentMethod: string | null, now: Date) {
  const [order] = await tx
    .update(orders)
    .set({ paid: true, paymentMethod, status: 'in-progress', updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  const positions = await tx.select().from(orderPositions).where(eq(orderPositions.orderId, orderId));
  for (const position of positions) {
    if (position.status === 'in-progress') {
      await decidePosition(tx, order!, position, { status: 'approved', comment: null, decidedBy: null }, now);
    }
  }
  await refreshOrderStatus(tx, orderId, now);
}

export async function orderRecords(db: Executor, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (!rows.length) return [];
  const positions = await db
    .select()
    .from(orderPositions)
    .where(
      inArray(
        orderPositions.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderPositions.position));
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  return orderRecordsOf(rows, positions, new Map(emails.map((row) => [row.id, row.email])));
}

/** Order records from rows already at hand: the orders, their positions, and their owners' emails. */
export function orderRecordsOf(
  rows: OrderRow[],
  positions: PositionRow[],
  emailOf: Map<string, string>,
): OrderRecord[] {
  return rows.map((row) => {
    const own = positions
      .filter((position) => position.orderId === row.id)
      .sort((a, b) => a.position - b.position);
    return {
      id: row.id,
      number: row.number,
      requestedAt: iso(row.requestedAt),
      status: row.status as OrderStatus,
      featureIds: [...new Set(own.map((position) => position.featureId))],
      paid: row.paid,
      paymentMethod: row.paymentMethod,
      kind: row.kind,
      userEmail: emailOf.get(row.userId) ?? '',
      positions: own.map((position) => ({
        id: position.id,
        featureId: position.featureId,
        status: position.status as OrderPositionStatus,
        comment: position.comment,
        type: position.entryType as 'tool' | 'bundle' | 'custom-bundle',
        name: position.name,
        version: position.version,
        price:
          position.priceCents !== null && position.currency
            ? { amountCents: position.priceCents, currency: position.currency }
            : null,
        decidedAt: isoOrNull(position.decidedAt),
      })),
      total:
        row.totalCents !== null && row.currency
          ? { amountCents: row.totalCents, currency: row.currency }
          : null,
      checkoutId: row.checkoutId,
      updatedAt: iso(row.updatedAt),
    };
  });
}

export async function licenseRecords(db: Executor, rows: LicenseRow[], now: Date): Promise<LicenseRecord[]> {
  if (!rows.length) return [];
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const emailOf = new Map(emails.map((row) => [row.id, row.email]));
  const positionIds = rows.map((row) => row.orderPositionId).filter((id): id is string => !!id);
  const numbers = positionIds.length
    ? await db
        .select({ positionId: orderPositions.id, number: orders.number })
        .from(orderPositions)
        .innerJoin(orders, eq(orders.id, orderPositions.orderId))
        .where(inArray(orderPositions.id, positionIds))
    : [];
  const numberOf = new Map(numbers.map((row) => [row.positionId, row.number]));
  return rows.map((row) => ({
    id: row.id,
    grantedAt: iso(row.grantedAt),
    product: row.product,
    expiration: isoOrNull(row.expiration),
    type: row.type,
    status: licenseStatus(row, now),
    comments: row.comments,
    featureId: row.featureId,
    version: row.version,
    orderNumber: row.orderPositionId ? (numberOf.get(row.orderPositionId) ?? null) : null,
    userEmail: emailOf.get(row.userId) ?? '',
    revoked: row.revokedAt !== null,
  }));
}

export async function installerRecords(db: Executor, rows: InstallerRow[]): Promise<InstallerRecord[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const keys = await db
    .select()
    .from(installationKeys)
    .where(inArray(installationKeys.installerId, ids))
    .orderBy(desc(installationKeys.createdAt), desc(installationKeys.seq));
  const toolRows = await db
    .select({ id: tools.id, name: tools.name, featureId: tools.featureId })
    .from(tools)
    .where(inArray(tools.id, [...new Set(rows.map((row) => row.toolId))]));
  const toolOf = new Map(toolRows.map((row) => [row.id, row]));
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const emailOf = new Map(emails.map((row) => [row.id, row.email]));
  return rows.map((row) => {
    const own = keys
      .filter((key) => key.installerId === row.id)
      .map((key) => ({ key: key.key, createdAt: iso(key.createdAt) }));
    const tool = toolOf.get(row.toolId);
    return {
      id: row.id,
      installationKeys: own,
      latestKey: own[0] ?? null,
      name: tool?.name ?? '',
      featureId: tool?.featureId ?? '',
      userEmail: emailOf.get(row.userId) ?? '',
      createdAt: iso(row.createdAt),
    };
  });
}

/** The condition for one position of one order. */
export const positionOf = (orderId: string, positionId: string) =>
  and(eq(orderPositions.orderId, orderId), eq(orderPositions.id, positionId));
