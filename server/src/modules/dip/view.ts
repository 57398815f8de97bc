import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DipAsset, DipProcess, DipStepResult } from '@portal/resources';
import { dipAssets, dipSteps, gettingStartedItems, projectDips, users } from '../../db/tables.js';
import type { Executor } from '../../crud/repository.js';
import { abilities, type DipActor } from './rules.js';
import {
  isResolved,
  stepState,
  waitingFor,
  workflowStatus,
  type DipResultRow,
  type DipState,
} from './process.js';
import { followUpOf, secureSettings, toDipStep } from './records.js';
import type { DipAssetRow } from './assets.js';
import { toGettingStartedStep } from '../boards/getting-started.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function emailsOf(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email]));
}

function toResult(row: DipResultRow, emails: Map<string, string>): DipStepResult {
  return {
    value: row.value,
    checked: row.checked,
    comment: row.comment,
    childProjectId: row.childProjectId,
    resolvedBy: row.resolvedBy ? (emails.get(row.resolvedBy) ?? null) : null,
    resolvedAt: iso(row.resolvedAt),
    completedBy: row.completedBy ? (emails.get(row.completedBy) ?? null) : null,
    completedAt: iso(row.completedAt),
    systemError: row.systemError,
  };
}

/** A project's design-in process as the caller sees it (spec §4): each step's state, who it waits for, what they may do. */
export async function processView(
  db: Executor,
  project: { id: string },
  board: { id: string; secure: boolean },
  state: DipState,
  actor: DipActor,
): Promise<DipProcess> {
  const stepIds = state.steps.map((step) => step.id);
  const [settings, followUp, [dip], assetCounts, items, emails] = await Promise.all([
    secureSettings(db, board.id),
    followUpOf(db, board.id),
    db.select().from(projectDips).where(eq(projectDips.projectId, project.id)).limit(1),
    db
      .select({ stepId: dipAssets.stepId, total: count() })
      .from(dipAssets)
      .where(eq(dipAssets.projectId, project.id))
      .groupBy(dipAssets.stepId),
    stepIds.length
      ? db
          .select()
          .from(gettingStartedItems)
          .where(
            and(eq(gettingStartedItems.boardId, board.id), inArray(gettingStartedItems.dipStepId, stepIds)),
          )
          .orderBy(asc(gettingStartedItems.position), asc(gettingStartedItems.id))
      : Promise.resolve([]),
    emailsOf(
      db,
      [...state.results.values()].flatMap((row) => [row.resolvedBy, row.completedBy]),
    ),
  ]);
  const counts = new Map(assetCounts.map((row) => [row.stepId, row.total]));
  const active = state.active >= 0 ? state.steps[state.active]! : null;
  return {
    projectId: project.id,
    workflowStatus: workflowStatus(state),
    activeStepId: active?.id ?? null,
    steps: state.steps.map((step, index) => {
      const result = state.results.get(step.id);
      const stepNumber = index + 1;
      return {
        ...toDipStep(step, stepNumber),
        state: stepState(state, index),
        resolved: index === state.active && isResolved(state, step),
        waitingFor: index === state.active ? waitingFor(state, step) : null,
        result: result ? toResult(result, emails) : null,
        assetCount: counts.get(step.id) ?? 0,
        gettingStarted: items
          .filter((item) => item.dipStepId === step.id)
          .map((item) => toGettingStartedStep(item, stepNumber)),
        can: abilities(actor, state, index),
      };
    }),
    followUp: followUp ? { ...followUp, projectId: dip?.followUpProjectId ?? null } : null,
    deletePolicy: settings.deletePolicy,
    acceptedFileTypes: board.secure ? settings.acceptedFileTypes : null,
  };
}

/** Asset rows with their step, as the asset routes answer them; steps are numbered in the project's process. */
export async function assetRecords(db: Executor, rows: DipAssetRow[], state: DipState): Promise<DipAsset[]> {
  const stepIds = [...new Set(rows.map((row) => row.stepId))];
  const steps = stepIds.length
    ? await db
        .select({ id: dipSteps.id, title: dipSteps.title, position: dipSteps.position })
        .from(dipSteps)
        .where(inArray(dipSteps.id, stepIds))
    : [];
  const byId = new Map(steps.map((step) => [step.id, step]));
  const numberOf = (stepId: string) => {
    const index = state.steps.findIndex((step) => step.id === stepId);
    return index >= 0 ? index + 1 : (byId.get(stepId)?.position ?? 0) + 1;
  };
  return rows.map((row) => ({
    id: row.id,
    filename: row.filename,
    uploadedBy: row.uploaderEmail,
    uploadedToStep: numberOf(row.stepId),
    uploadedAt: row.uploadedAt.toISOString(),
    malwareDetected: row.scanStatus === 'infected',
    stepId: row.stepId,
    stepTitle: byId.get(row.stepId)?.title ?? '',
    size: row.size,
    sha256: row.sha256,
    kind: row.kind,
    scanStatus: row.scanStatus,
    metadata: row.metadata ?? null,
    customerComplete: row.customerComplete ?? null,
  }));
}
