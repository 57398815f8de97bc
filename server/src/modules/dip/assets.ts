import { and, asc, eq, inArray } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@portal/resources';
import { dipAssets } from '../../db/tables.js';
import { ApiError, notFound } from '../../transport/errors.js';
import type { Executor } from '../../crud/repository.js';
import type { DipState } from './process.js';
import { completionTypeOf, type DipStepRow } from './records.js';

export type DipAssetRow = typeof dipAssets.$inferSelect;
export type NewDipAsset = typeof dipAssets.$inferInsert;

/** Where an asset's bytes live: by ids only, so no file name ever reaches a storage path. */
export const assetStorageKey = (projectId: string, assetId: string) => `dip/${projectId}/${assetId}`;

/** The files of one step of a project. */
export const stepAssets = (db: Executor, projectId: string, stepId: string): Promise<DipAssetRow[]> =>
  db
    .select()
    .from(dipAssets)
    .where(and(eq(dipAssets.projectId, projectId), eq(dipAssets.stepId, stepId)));

/** The files of a project (of one step when given), oldest first. */
export const projectAssets = (db: Executor, projectId: string, stepId?: string): Promise<DipAssetRow[]> =>
  db
    .select()
    .from(dipAssets)
    .where(and(eq(dipAssets.projectId, projectId), stepId ? eq(dipAssets.stepId, stepId) : undefined))
    .orderBy(asc(dipAssets.uploadedAt), asc(dipAssets.id));

/** A file of this project, or 404 (a file of another project is not found either). */
export async function findAsset(db: Executor, projectId: string, assetId: string): Promise<DipAssetRow> {
  const [row] = await db
    .select()
    .from(dipAssets)
    .where(and(eq(dipAssets.id, assetId), eq(dipAssets.projectId, projectId)))
    .limit(1);
  if (!row) throw notFound('File not found.', ['asset']);
  return row;
}

export async function insertAsset(tx: Executor, values: NewDipAsset): Promise<DipAssetRow> {
  const [row] = await tx.insert(dipAssets).values(values).returning();
  return row!;
}

export async function deleteAsset(tx: Executor, id: string): Promise<void> {
  await tx.delete(dipAssets).where(eq(dipAssets.id, id));
}

/** Deletes the files of these steps of a project; answers their storage keys (deleted once the change committed). */
export async function deleteStepAssets(
  tx: Executor,
  projectId: string,
  stepIds: string[],
): Promise<string[]> {
  const rows = await tx
    .delete(dipAssets)
    .where(and(eq(dipAssets.projectId, projectId), inArray(dipAssets.stepId, stepIds)))
    .returning({ storageKey: dipAssets.storageKey });
  return rows.map((row) => row.storageKey);
}

/**
 * The encrypted files the project's configurations reference: those uploaded to the configuration steps before
 * `step` in its process. Null when the project has no configuration there (then nothing is checked).
 */
export async function referencedFiles(
  db: Executor,
  projectId: string,
  state: DipState,
  step: DipStepRow,
): Promise<string[] | null> {
  const index = state.steps.findIndex((candidate) => candidate.id === step.id);
  const earlier = state.steps
    .slice(0, Math.max(index, 0))
    .filter((candidate) => completionTypeOf(candidate) === 'file-upload-xml-validation')
    .map((candidate) => candidate.id);
  if (!earlier.length) return null;
  const configs = await db
    .select({ referencedFiles: dipAssets.referencedFiles })
    .from(dipAssets)
    .where(
      and(
        eq(dipAssets.projectId, projectId),
        inArray(dipAssets.stepId, earlier),
        eq(dipAssets.kind, 'config'),
      ),
    );
  if (!configs.length) return null;
  return [...new Set(configs.flatMap((config) => config.referencedFiles ?? []))].sort();
}

/** The encrypted files of an encrypted step against what the configurations reference (409 for each side). */
function checkReferences(names: string[], referenced: string[]): void {
  const uploaded = new Set(names.map((name) => name.toLowerCase()));
  const missing = referenced.filter((name) => !uploaded.has(name.toLowerCase()));
  if (missing.length) throw ApiError.of(409, 'file_not_uploaded', ERROR_MESSAGES.file_not_uploaded, missing);
  const wanted = new Set(referenced.map((name) => name.toLowerCase()));
  const extra = names.filter((name) => !wanted.has(name.toLowerCase()));
  if (extra.length) throw ApiError.of(409, 'file_not_referenced', ERROR_MESSAGES.file_not_referenced, extra);
}

/** The checks a step that takes files needs before it is submitted (spec §4, §5, calls §8.3). */
export async function checkFilesOfStep(
  tx: Executor,
  projectId: string,
  state: DipState,
  step: DipStepRow,
): Promise<void> {
  const type = completionTypeOf(step);
  const rows = await stepAssets(tx, projectId, step.id);
  if (!rows.length)
    throw ApiError.of(409, 'dip_files_missing', ERROR_MESSAGES.dip_files_missing, [step.title]);
  const infected = rows.filter((row) => row.scanStatus === 'infected').map((row) => row.filename);
  if (infected.length) {
    throw ApiError.of(
      409,
      'malware_detected',
      'Delete the files that contain malware before submitting this step.',
      infected,
    );
  }
  if (type === 'file-upload-xml-validation') {
    const drafts = rows
      .filter((row) => row.kind === 'config' && !row.customerComplete)
      .map((row) => row.filename);
    if (drafts.length) {
      throw ApiError.of(
        409,
        'config_not_customer_complete',
        'The configuration file must be in the state "customer complete" (status="customer complete" on its root element) to submit this step.',
        drafts,
      );
    }
  }
  if (type === 'file-upload-encrypted') {
    const referenced = await referencedFiles(tx, projectId, state, step);
    if (referenced)
      checkReferences(
        rows.map((row) => row.filename),
        referenced,
      );
  }
}
