import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { GettingStartedListItem, GettingStartedStep } from '@portal/resources';
import { gettingStartedItems } from '../../db/schema-boards.js';
import type { Executor } from './boards.js';

type ItemRow = typeof gettingStartedItems.$inferSelect;

/** Whose items: the board's own (no step), or those of one of its design-in steps with its number in the list. */
export type ItemOwner = { boardId: string } & (
  { dipStepId: null } | { dipStepId: string; stepNumber: number }
);

export const toGettingStartedStep = (row: ItemRow, stepNumber: number | null): GettingStartedStep => ({
  id: row.id,
  title: row.title,
  description: row.description,
  order: row.position,
  dipStepNumber: stepNumber,
});

const ownedBy = (owner: ItemOwner) =>
  and(
    eq(gettingStartedItems.boardId, owner.boardId),
    owner.dipStepId === null
      ? isNull(gettingStartedItems.dipStepId)
      : eq(gettingStartedItems.dipStepId, owner.dipStepId),
  );

/** The items of a board or of one of its design-in steps, in their order. */
export async function gettingStartedItemsOf(db: Executor, owner: ItemOwner): Promise<GettingStartedStep[]> {
  const rows = await db
    .select()
    .from(gettingStartedItems)
    .where(ownedBy(owner))
    .orderBy(asc(gettingStartedItems.position), asc(gettingStartedItems.id));
  return rows.map((row) => toGettingStartedStep(row, owner.dipStepId === null ? null : owner.stepNumber));
}

/**
 * Writes a saved list ("applied on save"): items marked removed are deleted (a new one marked removed is dropped),
 * the others updated or created at their place in the list.
 */
export async function writeGettingStartedItems(
  tx: Executor,
  owner: ItemOwner,
  items: readonly GettingStartedListItem[],
): Promise<void> {
  const removed = items.flatMap((item) => (item.removed && item.id ? [item.id] : []));
  if (removed.length) {
    await tx.delete(gettingStartedItems).where(and(ownedBy(owner), inArray(gettingStartedItems.id, removed)));
  }
  for (const [position, item] of items.filter((entry) => !entry.removed).entries()) {
    const values = {
      title: item.title.trim(),
      description: item.description?.trim() ? item.description : null,
      position,
    };
    if (item.id) {
      await tx
        .update(gettingStartedItems)
        .set(values)
        .where(and(ownedBy(owner), eq(gettingStartedItems.id, item.id)));
    } else {
      await tx
        .insert(gettingStartedItems)
        .values({ ...values, boardId: owner.boardId, dipStepId: owner.dipStepId });
    }
  }
}
