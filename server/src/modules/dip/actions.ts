import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { dipResolvePayloadSchema } from '@portal/resources';
import { dipResolveInputSchema, ERROR_MESSAGES, isErrorCode, type ErrorItem } from '@portal/resources';
import { dipStepResults, projectDips, projects } from '../../db/tables.js';
import { ApiError, notFound } from '../../transport/errors.js';
import type { ReachedProject } from '../projects/access.js';
import type { ProjectCaller } from '../projects/caller.js';
import type { Executor } from '../../crud/repository.js';
import { checkFilesOfStep, deleteStepAssets } from './assets.js';
import { runChildProjectStep, type DipEvents } from './automation.js';
import { stepState, type DipState } from './process.js';
import { completionTypeOf } from './records.js';
import {
  assertMay,
  mayConfirm,
  mayReset,
  mayResolve,
  requireActiveStep,
  requireOpenStep,
  takesFiles,
  type DipActor,
} from './rules.js';

export const srcTaken = () =>
  ApiError.of(
    409,
    'short_rom_code_already_exists',
    'This short ROM code (SRC) is already in use on this board.',
    ['value'],
  );

/** Everything an action on a project's process works with, inside its transaction. */
export interface DipAction {
  tx: Executor;
  who: ProjectCaller;
  found: ReachedProject;
  actor: DipActor;
  state: DipState;
  events: DipEvents;
  /** Storage keys to delete once the transaction committed. */
  discardedKeys: string[];
}

/** A refused input of spec §5 as the spec's 400, each issue with its rule's error code. */
function inputRefused(issues: z.core.$ZodIssue[]): ApiError {
  return new ApiError(
    400,
    issues.map((issue): ErrorItem => {
      const code: unknown = issue.code === 'custom' ? issue.params?.errorCode : undefined;
      return {
        errorCode: isErrorCode(code) ? code : 'invalid_request',
        resources: [['body', ...issue.path.map(String)].join('.')],
        messages: [issue.message],
      };
    }),
  );
}

/** Resolves the step with the input its completion type asks for, writing the codes it sets on the project. */
export async function resolveStep(
  action: DipAction,
  stepId: string,
  body: z.infer<typeof dipResolvePayloadSchema>,
) {
  const { tx, who, found, actor, events } = action;
  const { step } = requireOpenStep(action.state, stepId);
  assertMay(mayResolve(actor, step), 'You may not submit this step.');
  const type = completionTypeOf(step);

  if (type === 'child-project') {
    // The system resolves it when the step is reached; an admin starts it again after a failure.
    if (!(await runChildProjectStep(tx, found.project, step, who.user.id, events))) {
      throw ApiError.of(409, 'conflict', events.lines.at(-1) ?? 'The child project could not be created.', [
        step.title,
      ]);
    }
    return;
  }

  const parsed = dipResolveInputSchema(type).safeParse(body);
  if (!parsed.success) throw inputRefused(parsed.error.issues);
  const value = body.value?.trim() ?? null;
  const projectChanges: Partial<typeof projects.$inferInsert> = {};
  if (type === 'sales-code-input' && value) {
    const current = found.project.salesCode;
    if (current && current.toLowerCase() !== value.toLowerCase()) {
      throw ApiError.of(400, 'salescode_not_matching', ERROR_MESSAGES.salescode_not_matching, ['body.value']);
    }
    if (!current) projectChanges.salesCode = value;
  }
  if (type === 'short-rom-code-input' && value) {
    const [taken] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.boardId, found.project.boardId), eq(projects.shortRomCode, value)))
      .limit(1);
    if (taken && taken.id !== found.project.id) throw srcTaken();
    projectChanges.shortRomCode = value;
  }
  if (type === 'dev-code-input' && value) projectChanges.developmentCode = value;
  if (takesFiles(step)) await checkFilesOfStep(tx, found.project.id, action.state, step);
  if (Object.keys(projectChanges).length) {
    await tx.update(projects).set(projectChanges).where(eq(projects.id, found.project.id));
  }

  const now = new Date();
  const values = {
    value: type === 'check' || type === 'check-with-comment' ? null : value,
    checked: type === 'check' || type === 'check-with-comment' ? true : null,
    comment: type === 'check-with-comment' ? (body.comment?.trim() ?? null) : null,
    resolvedAt: now,
    resolvedBy: who.user.id,
    completedAt: step.confirmationRequired ? null : now,
    completedBy: step.confirmationRequired ? null : who.user.id,
    systemError: null,
  };
  await tx
    .insert(dipStepResults)
    .values({ projectId: found.project.id, stepId: step.id, ...values })
    .onConflictDoUpdate({ target: [dipStepResults.projectId, dipStepResults.stepId], set: values });
  events.lines.push(
    step.confirmationRequired
      ? `Step "${step.title}" was submitted by ${who.user.email} and waits for confirmation`
      : `Step "${step.title}" was completed by ${who.user.email}`,
  );
}

export async function completeStep(action: DipAction, stepId: string) {
  const { tx, who, found, actor, state, events } = action;
  const { step } = requireActiveStep(state, stepId);
  if (!state.results.get(step.id)?.resolvedAt) {
    throw ApiError.of(409, 'dip_step_not_resolved', ERROR_MESSAGES.dip_step_not_resolved, [step.title]);
  }
  assertMay(mayConfirm(actor, step), 'You may not confirm this step.');
  const now = new Date();
  await tx
    .update(dipStepResults)
    .set({ completedAt: now, completedBy: who.user.id })
    .where(and(eq(dipStepResults.projectId, found.project.id), eq(dipStepResults.stepId, step.id)));
  events.lines.push(`Step "${step.title}" was confirmed by ${who.user.email}`);
}

/**
 * Resets the process to an earlier step (or the active one): that step's and every later step's results and files
 * are discarded, with the codes they set on the project; a follow-up project already made stays.
 */
export async function resetTo(action: DipAction, stepId: string) {
  const { tx, who, found, actor, state, events } = action;
  const index = state.steps.findIndex((step) => step.id === stepId);
  if (index < 0) throw notFound('This step is not part of the project’s design-in process.', ['stepId']);
  const step = state.steps[index]!;
  if (stepState(state, index) === 'pending') {
    throw ApiError.of(
      409,
      'dip_step_not_active',
      'Only a completed step or the active step can be reset to.',
      [step.title],
    );
  }
  assertMay(
    mayReset(actor, step),
    'Only an admin, or the company space admin on a step that allows it, may reset the process to this step.',
  );
  const discarded = state.steps.slice(index);
  const ids = discarded.map((candidate) => candidate.id);
  action.discardedKeys.push(...(await deleteStepAssets(tx, found.project.id, ids)));
  await tx
    .delete(dipStepResults)
    .where(and(eq(dipStepResults.projectId, found.project.id), inArray(dipStepResults.stepId, ids)));
  const types = new Set(
    discarded.filter((candidate) => state.results.has(candidate.id)).map(completionTypeOf),
  );
  const projectChanges: Partial<typeof projects.$inferInsert> = {};
  if (types.has('short-rom-code-input')) projectChanges.shortRomCode = null;
  if (types.has('dev-code-input')) projectChanges.developmentCode = null;
  if (Object.keys(projectChanges).length) {
    await tx.update(projects).set(projectChanges).where(eq(projects.id, found.project.id));
  }
  await tx.update(projectDips).set({ completedAt: null }).where(eq(projectDips.projectId, found.project.id));
  events.lines.push(`The design-in process was reset to step "${step.title}" by ${who.user.email}`);
}
