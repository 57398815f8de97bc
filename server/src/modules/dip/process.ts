import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  actsAsDipRole,
  dipConfirmerOf,
  dipWaitingFor,
  type DipResolverRole,
  type DipStepState,
  type WorkflowStatus,
} from '@portal/resources';
import { dipStepResults, projects } from '../../db/tables.js';
import type { Executor } from '../../crud/repository.js';
import { applicableStepRows, completerOf, resolverRolesOf, type DipStepRow } from './records.js';

export type DipResultRow = typeof dipStepResults.$inferSelect;

/**
 * Where a project's design-in process stands, derived from the board's applicable steps and the project's results:
 * the active step is the first one not completed; those before it are completed (or were skipped by a later
 * insertion, then they are active in turn), those after it pending. Deriving it means a change of the process by
 * an admin never leaves a project pointing at a step that no longer exists.
 */
export interface DipState {
  steps: DipStepRow[];
  results: Map<string, DipResultRow>;
  /** Index into `steps`; -1 when every step is completed or there are none. */
  active: number;
}

export function dipState(steps: DipStepRow[], results: Map<string, DipResultRow>): DipState {
  return { steps, results, active: steps.findIndex((step) => !results.get(step.id)?.completedAt) };
}

export function stepState(state: DipState, index: number): DipStepState {
  if (index === state.active) return 'active';
  return state.results.get(state.steps[index]!.id)?.completedAt ? 'completed' : 'pending';
}

/** Whether a step has been submitted and waits for its confirmation. */
export const isResolved = (state: DipState, step: DipStepRow) => !!state.results.get(step.id)?.resolvedAt;

/** Who confirms a resolved step: its completer, or the provider (the FAE) when none is set. */
export const confirmers = (step: DipStepRow): DipResolverRole[] => [dipConfirmerOf(completerOf(step))];

/** Who the active step waits for: its resolvers, or once it is resolved, who confirms it. */
export function waitingFor(state: DipState, step: DipStepRow): WorkflowStatus {
  return dipWaitingFor(isResolved(state, step) ? confirmers(step) : resolverRolesOf(step));
}

/** The workflow status of spec §4 (null: the board has no design-in process for this project). */
export function workflowStatus(state: DipState): WorkflowStatus | null {
  if (!state.steps.length) return null;
  if (state.active < 0) return 'resolved';
  return waitingFor(state, state.steps[state.active]!);
}

/** Whether someone with these project roles acts as a resolver role (the rule of @portal/resources). */
export const actsAs = actsAsDipRole;

export async function resultsOf(db: Executor, projectId: string): Promise<Map<string, DipResultRow>> {
  const rows = await db.select().from(dipStepResults).where(eq(dipStepResults.projectId, projectId));
  return new Map(rows.map((row) => [row.stepId, row]));
}

/** A project's state, read inside the caller's transaction. */
export async function loadDipState(
  db: Executor,
  project: { id: string },
  board: { id: string; secure: boolean },
): Promise<DipState> {
  const [steps, results] = await Promise.all([applicableStepRows(db, board), resultsOf(db, project.id)]);
  return dipState(steps, results);
}

/** The status a project starts with on a board whose process has these steps. */
export const initialStatus = (steps: DipStepRow[]): WorkflowStatus | null =>
  workflowStatus(dipState(steps, new Map()));

/** Writes the project's `dipStatus` when the process moved; answers the status. */
export async function syncDipStatus(
  tx: Executor,
  projectId: string,
  state: DipState,
): Promise<WorkflowStatus | null> {
  const status = workflowStatus(state);
  await tx
    .update(projects)
    .set({ dipStatus: status, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), sql`${projects.dipStatus} is distinct from ${status}`));
  return status;
}

/**
 * After an admin changed a board's process: every project on the board gets the status its process now has. Those
 * that never acted on a step share the first step's status (one statement); the others are worked out one by one.
 */
export async function syncBoardDipStatuses(
  tx: Executor,
  board: { id: string; secure: boolean },
): Promise<void> {
  const steps = await applicableStepRows(tx, board);
  const fresh = initialStatus(steps);
  const untouched = sql`not exists (select 1 from ${dipStepResults} where ${dipStepResults.projectId} = ${projects.id})`;
  await tx
    .update(projects)
    .set({ dipStatus: fresh })
    .where(
      and(eq(projects.boardId, board.id), untouched, sql`${projects.dipStatus} is distinct from ${fresh}`),
    );
  const started = await tx
    .selectDistinct({ projectId: dipStepResults.projectId })
    .from(dipStepResults)
    .innerJoin(projects, eq(projects.id, dipStepResults.projectId))
    .where(eq(projects.boardId, board.id));
  if (!started.length) return;
  const ids = started.map((row) => row.projectId);
  const rows = await tx.select().from(dipStepResults).where(inArray(dipStepResults.projectId, ids));
  for (const projectId of ids) {
    const results = new Map(
      rows.filter((row) => row.projectId === projectId).map((row) => [row.stepId, row]),
    );
    const status = workflowStatus(dipState(steps, results));
    await tx
      .update(projects)
      .set({ dipStatus: status })
      .where(and(eq(projects.id, projectId), sql`${projects.dipStatus} is distinct from ${status}`));
  }
}
