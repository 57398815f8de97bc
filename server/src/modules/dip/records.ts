import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  DEFAULT_ACCEPTED_FILE_TYPES,
  DEFAULT_ASSET_DELETE_POLICY,
  applicableDipSteps,
  dipCompletionTypeSchema,
  dipResolverRoleSchema,
  type AssetDeletePolicy,
  type DipCompletionType,
  type DipResolverRole,
  type DipStep,
  type SecureConfig,
  type XmlValidationEntry,
} from '@portal/resources';
import {
  boards,
  dipAssets,
  dipFollowUps,
  dipSteps,
  secureWorkflowConfigs,
  xmlValidationEntries,
} from '../../db/tables.js';
import type { Executor } from '../../crud/repository.js';

export type DipStepRow = typeof dipSteps.$inferSelect;
export type XmlEntryRow = typeof xmlValidationEntries.$inferSelect;

/** The completion type of a stored step; a value a later version dropped reads as none (informative). */
export const completionTypeOf = (row: DipStepRow): DipCompletionType | null =>
  dipCompletionTypeSchema.safeParse(row.completionType).data ?? null;

export const resolverRolesOf = (row: DipStepRow): DipResolverRole[] =>
  row.resolverRoles.flatMap((role) => dipResolverRoleSchema.safeParse(role).data ?? []);

export const completerOf = (row: DipStepRow): DipResolverRole | null =>
  dipResolverRoleSchema.safeParse(row.completer).data ?? null;

/** A stored step as the API answers it, numbered by its place in the list it is shown in. */
export function toDipStep(row: DipStepRow, stepNumber: number): DipStep {
  return {
    id: row.id,
    stepNumber,
    title: row.title,
    description: row.description,
    resolverRoles: resolverRolesOf(row),
    completer: completerOf(row),
    completionType: completionTypeOf(row),
    confirmationRequired: row.confirmationRequired,
    csaReset: row.csaReset,
    secure: row.secure,
    childProject:
      row.childBoardIspn && row.childOwnerEmail
        ? {
            boardIspn: row.childBoardIspn,
            ownerEmail: row.childOwnerEmail,
            substituteEmail: row.childSubstituteEmail,
          }
        : null,
  };
}

/** The steps of a board that are not removed, in their order. */
export async function boardStepRows(db: Executor, boardId: string): Promise<DipStepRow[]> {
  return db
    .select()
    .from(dipSteps)
    .where(and(eq(dipSteps.boardId, boardId), isNull(dipSteps.removedAt)))
    .orderBy(asc(dipSteps.position), asc(dipSteps.createdAt), asc(dipSteps.id));
}

/** The warning when nothing of a defined process applies to the board. */
const noStepApplies = (secure: boolean) =>
  `No step applies to this ${secure ? 'secure' : 'non-secure'} board: its projects have no design-in process.`;

/**
 * A board's process for the admin: every step (numbered in list order) and a warning for each step the board's
 * projects leave out because it is secure on a non-secure board or the reverse (spec §5).
 */
export function adminProcess(rows: DipStepRow[], board: { secure: boolean }) {
  const steps = rows.map((row, index) => toDipStep(row, index + 1));
  const { steps: applicable, warnings } = applicableDipSteps(steps, board);
  if (steps.length && !applicable.length) warnings.push(noStepApplies(board.secure));
  return { steps, warnings };
}

/** The steps a board's projects go through: not removed, and secure exactly when the board is. */
export async function applicableStepRows(
  db: Executor,
  board: { id: string; secure: boolean },
): Promise<DipStepRow[]> {
  return (await boardStepRows(db, board.id)).filter((row) => row.secure === board.secure);
}

export interface SecureSettings {
  acceptedFileTypes: string[];
  deletePolicy: AssetDeletePolicy;
  /** Whether the board has a row (otherwise the defaults apply). */
  stored: boolean;
}

export async function secureSettings(db: Executor, boardId: string): Promise<SecureSettings> {
  const [row] = await db
    .select()
    .from(secureWorkflowConfigs)
    .where(eq(secureWorkflowConfigs.boardId, boardId))
    .limit(1);
  return row
    ? { acceptedFileTypes: row.acceptedFileTypes, deletePolicy: row.deletePolicy, stored: true }
    : {
        acceptedFileTypes: [...DEFAULT_ACCEPTED_FILE_TYPES],
        deletePolicy: DEFAULT_ASSET_DELETE_POLICY,
        stored: false,
      };
}

export const toXmlEntry = (row: XmlEntryRow): XmlValidationEntry => ({
  type: row.type,
  xpath: row.xpath,
  metadataKey: row.metadataKey,
  errorMessage: row.errorMessage,
});

export async function xmlEntryRows(db: Executor, boardId: string): Promise<XmlEntryRow[]> {
  return db
    .select()
    .from(xmlValidationEntries)
    .where(eq(xmlValidationEntries.boardId, boardId))
    .orderBy(asc(xmlValidationEntries.position), asc(xmlValidationEntries.id));
}

/** The board's follow-up process with the next board's name, or null. */
export async function followUpOf(db: Executor, boardId: string) {
  const [row] = await db
    .select({
      nextBoardId: dipFollowUps.nextBoardId,
      nextOwnerEmail: dipFollowUps.nextOwnerEmail,
      nextBoardName: boards.name,
    })
    .from(dipFollowUps)
    .innerJoin(boards, eq(boards.id, dipFollowUps.nextBoardId))
    .where(eq(dipFollowUps.boardId, boardId))
    .limit(1);
  return row ?? null;
}

export const dipTags = ['design-in process'];

/**
 * The storage keys of a project's design-in files, for deleting a project: read them before the project row goes
 * (its asset rows go with it) and delete the files once the deletion committed.
 */
export async function projectDipFileKeys(db: Executor, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: dipAssets.storageKey })
    .from(dipAssets)
    .where(eq(dipAssets.projectId, projectId));
  return rows.map((row) => row.storageKey);
}

/** The secure workflow configuration of spec §3; its DIP asset validators are the board's XML validation entries. */
export async function secureConfigOf(db: Executor, boardId: string): Promise<SecureConfig> {
  const [settings, entries] = await Promise.all([secureSettings(db, boardId), xmlEntryRows(db, boardId)]);
  return {
    acceptedFileTypes: settings.acceptedFileTypes,
    dipAsset: { validators: entries.map(toXmlEntry), delete: [settings.deletePolicy] },
  };
}
