import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Partner } from '@portal/resources';
import { boardPartners, partners } from '../../db/schema-boards.js';
import type { Executor } from '../../crud/repository.js';
import { partnerRecords } from './records.js';

/** The partners a board shows, by name (any case), each with its assigned count: the admin list and the project view. */
export async function boardPartnerRecords(db: Executor, boardId: string): Promise<Partner[]> {
  const rows = await db
    .select()
    .from(partners)
    .where(
      inArray(
        partners.id,
        db
          .select({ id: boardPartners.partnerId })
          .from(boardPartners)
          .where(eq(boardPartners.boardId, boardId)),
      ),
    )
    .orderBy(sql`lower(${partners.name})`, asc(partners.id));
  return partnerRecords(db, rows);
}

/** Assigns the partner to the board; false when it is assigned already. */
export async function assignPartner(tx: Executor, boardId: string, partnerId: string): Promise<boolean> {
  const [added] = await tx
    .insert(boardPartners)
    .values({ boardId, partnerId })
    .onConflictDoNothing()
    .returning();
  return !!added;
}

/** Unassigns the partner from the board; false when it was not assigned. */
export async function unassignPartner(tx: Executor, boardId: string, partnerId: string): Promise<boolean> {
  const removed = await tx
    .delete(boardPartners)
    .where(and(eq(boardPartners.boardId, boardId), eq(boardPartners.partnerId, partnerId)))
    .returning();
  return removed.length > 0;
}
