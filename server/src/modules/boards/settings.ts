import { eq, inArray } from 'drizzle-orm';
import type { AssetDeletePolicy, XmlValidationEntry } from '@portal/resources';
import { boards } from '../../db/schema.js';
import { metadataKeys } from '../../db/schema-catalogue.js';
import { dipFollowUps, secureWorkflowConfigs, xmlValidationEntries } from '../../db/schema-dip.js';
import type { Executor } from '../../crud/repository.js';

/**
 * The writes of a board's own settings (support link, and for its design-in process the follow-up, the secure
 * workflow and the XML validation entries); their reads are `app.dip`'s. The caller holds the board's lock.
 */

export async function saveSupportLink(tx: Executor, boardId: string, supportLink: string | null) {
  await tx.update(boards).set({ supportLink, updatedAt: new Date() }).where(eq(boards.id, boardId));
}

/** Creates or replaces the board's follow-up process. */
export async function saveFollowUp(
  tx: Executor,
  boardId: string,
  followUp: { nextBoardId: string; nextOwnerEmail: string | null },
) {
  await tx
    .insert(dipFollowUps)
    .values({ boardId, ...followUp })
    .onConflictDoUpdate({ target: dipFollowUps.boardId, set: { ...followUp, updatedAt: new Date() } });
}

export async function deleteFollowUp(tx: Executor, boardId: string) {
  await tx.delete(dipFollowUps).where(eq(dipFollowUps.boardId, boardId));
}

/** Creates or replaces the board's secure workflow configuration. */
export async function saveSecureWorkflow(
  tx: Executor,
  boardId: string,
  config: { acceptedFileTypes: string[]; deletePolicy: AssetDeletePolicy },
) {
  await tx
    .insert(secureWorkflowConfigs)
    .values({ boardId, ...config })
    .onConflictDoUpdate({
      target: secureWorkflowConfigs.boardId,
      set: { ...config, updatedAt: new Date() },
    });
}

/** Which of these metadata keys exist. */
export async function existingMetadataKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: metadataKeys.key })
    .from(metadataKeys)
    .where(inArray(metadataKeys.key, keys));
  return new Set(rows.map((row) => row.key));
}

/** Replaces the board's XML validation entries by these, in this order. */
export async function replaceXmlEntries(tx: Executor, boardId: string, entries: XmlValidationEntry[]) {
  await tx.delete(xmlValidationEntries).where(eq(xmlValidationEntries.boardId, boardId));
  if (entries.length) {
    await tx
      .insert(xmlValidationEntries)
      .values(entries.map((entry, position) => ({ ...entry, position, boardId })));
  }
}
