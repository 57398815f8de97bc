import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Partner } from '@portal/resources';
import { boardPartners, partners } from '../../db/schema-boards.js';
import type { Executor } from '../boards/boards.js';

export type PartnerRow = typeof partners.$inferSelect;

/** The number of boards showing a partner, as a column the partner list sorts by. */
export const assignedCountColumn = sql<number>`(select count(*) from ${boardPartners} where ${boardPartners.partnerId} = ${partners.id})`;

/** Partner records with their assigned count (how many boards show each). */
export async function partnerRecords(db: Executor, rows: PartnerRow[]): Promise<Partner[]> {
  if (!rows.length) return [];
  const counts = await db
    .select({ id: boardPartners.partnerId, total: count() })
    .from(boardPartners)
    .where(
      inArray(
        boardPartners.partnerId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(boardPartners.partnerId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    linkUrl: row.linkUrl,
    logoUrl: row.logoUrl,
    assignedCount: counts.find((c) => c.id === row.id)?.total ?? 0,
  }));
}

export async function findPartner(db: Executor, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

export async function partnerRecord(db: Executor, row: PartnerRow): Promise<Partner> {
  const [record] = await partnerRecords(db, [row]);
  return record!;
}
