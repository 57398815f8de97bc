import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEPRECATED_DIP_COMPLETION_TYPES, type DipStepInput, type ErrorItem } from '@portal/resources';
import { boards, dipSteps } from '../../db/tables.js';
import { ApiError, notFound } from '../../transport/errors.js';
import type { Executor } from '../../crud/repository.js';
import { userByEmail } from '../projects/users.js';
import { boardStepRows, completionTypeOf, type DipStepRow } from './records.js';

const stepNotFound = () => notFound('Design-in step not found.', ['step']);

/** The columns a saved step writes. */
function stepValues(step: DipStepInput) {
  const child = step.completionType === 'child-project' ? step.childProject : null;
  return {
    title: step.title.trim(),
    description: step.description?.trim() ? step.description : null,
    resolverRoles: [...new Set(step.resolverRoles)],
    completer: step.completer,
    completionType: step.completionType,
    confirmationRequired: step.confirmationRequired,
    csaReset: step.csaReset,
    secure: step.secure,
    childBoardIspn: child?.boardIspn.trim() ?? null,
    childOwnerEmail: child?.ownerEmail.trim() ?? null,
    childSubstituteEmail: child?.substituteEmail?.trim() || null,
  };
}

/**
 * The rules of spec §5 that need the database: sales code input stays only on steps that already had it; a child
 * project names an existing board (by ISPN) and portal users as owner and substitute.
 */
export async function checkSteps(
  tx: Executor,
  steps: { index: number; step: DipStepInput }[],
  current: Map<string, DipStepRow>,
): Promise<void> {
  const problems: ErrorItem[] = [];
  const problem = (index: number, field: string, message: string) =>
    problems.push({
      errorCode: 'invalid_request',
      resources: [`body.steps.${index}.${field}`],
      messages: [message],
    });
  for (const { index, step } of steps) {
    const before = step.id ? current.get(step.id) : undefined;
    if (
      step.completionType &&
      DEPRECATED_DIP_COMPLETION_TYPES.includes(step.completionType) &&
      (!before || completionTypeOf(before) !== step.completionType)
    ) {
      problem(index, 'completionType', 'Sales code input is deprecated and cannot be used for new steps.');
    }
    const child = step.completionType === 'child-project' ? step.childProject : null;
    if (!child) continue;
    const [board] = await tx
      .select({ id: boards.id })
      .from(boards)
      .where(eq(boards.ispn, child.boardIspn.trim()))
      .limit(1);
    if (!board) problem(index, 'childProject.boardIspn', 'No board has this ISPN.');
    if (!(await userByEmail(tx, child.ownerEmail))) {
      problem(index, 'childProject.ownerEmail', 'No portal user has this email address.');
    }
    if (child.substituteEmail?.trim() && !(await userByEmail(tx, child.substituteEmail))) {
      problem(index, 'childProject.substituteEmail', 'No portal user has this email address.');
    }
  }
  if (problems.length) throw new ApiError(400, problems);
}

/** A step of the board that is not removed, with its number in the admin's list. */
export async function requireStep(db: Executor, boardId: string, stepId: string) {
  const rows = await boardStepRows(db, boardId);
  const index = rows.findIndex((row) => row.id === stepId);
  if (index < 0) throw stepNotFound();
  return { row: rows[index]!, stepNumber: index + 1 };
}

/**
 * Writes a saved process ("applied on save"): steps marked removed leave it (their projects keep what they did), the
 * kept ones are updated or created at their place in the list.
 */
export async function writeSteps(
  tx: Executor,
  boardId: string,
  removed: string[],
  kept: { step: DipStepInput }[],
): Promise<void> {
  const now = new Date();
  if (removed.length) {
    await tx
      .update(dipSteps)
      .set({ removedAt: now, updatedAt: now })
      .where(and(eq(dipSteps.boardId, boardId), inArray(dipSteps.id, removed)));
  }
  for (const [position, { step }] of kept.entries()) {
    const values = { ...stepValues(step), position, updatedAt: now };
    if (step.id) {
      await tx
        .update(dipSteps)
        .set(values)
        .where(and(eq(dipSteps.id, step.id), eq(dipSteps.boardId, boardId), isNull(dipSteps.removedAt)));
    } else {
      await tx.insert(dipSteps).values({ ...values, boardId });
    }
  }
}

/** Removes every step of the board's process. */
export async function removeAllSteps(tx: Executor, boardId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(dipSteps)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(dipSteps.boardId, boardId), isNull(dipSteps.removedAt)));
}
