import { DIP_UPLOAD_COMPLETION_TYPES, type ProjectRoleName, ERROR_MESSAGES } from '@portal/resources';
import { ApiError, forbidden } from '../../transport/errors.js';
import type { ProjectCaller } from '../projects/caller.js';
import { actsAs, confirmers, isResolved, stepState, type DipState } from './process.js';
import { completionTypeOf, resolverRolesOf, type DipStepRow } from './records.js';

/** Who asks, as the DIP rules look at them. */
export interface DipActor {
  caller: Pick<ProjectCaller, 'isAdmin' | 'user'>;
  roles: readonly ProjectRoleName[];
  /** A cancelled project takes no more design-in actions. */
  cancelled: boolean;
}

/** Resolves (submits) the step: admins, and anyone acting as one of its resolver roles (spec §3, §6). */
export const mayResolve = (actor: DipActor, step: DipStepRow) =>
  actor.caller.isAdmin || resolverRolesOf(step).some((role) => actsAs(actor.roles, role));

/** Confirms a resolved step: admins, and anyone acting as its completer (the provider's FAE when none is set). */
export const mayConfirm = (actor: DipActor, step: DipStepRow) =>
  actor.caller.isAdmin || confirmers(step).some((role) => actsAs(actor.roles, role));

/** Resets the process to the step: admins, and the project's company space admin on a step with the CSA-reset flag. */
export const mayReset = (actor: DipActor, step: DipStepRow) =>
  actor.caller.isAdmin || (step.csaReset && actor.roles.includes('company_space_admin'));

export const takesFiles = (step: DipStepRow) => {
  const type = completionTypeOf(step);
  return !!type && DIP_UPLOAD_COMPLETION_TYPES.includes(type);
};

/** What the actor may do with each step right now (the `can` of the process view). */
export function abilities(actor: DipActor, state: DipState, index: number) {
  const step = state.steps[index]!;
  const phase = stepState(state, index);
  const open = !actor.cancelled && phase === 'active' && !isResolved(state, step);
  const resolved = !actor.cancelled && phase === 'active' && isResolved(state, step);
  const hasResult = state.results.has(step.id);
  return {
    upload: open && takesFiles(step) && mayResolve(actor, step),
    resolve: open && mayResolve(actor, step),
    complete: resolved && step.confirmationRequired && mayConfirm(actor, step),
    reset:
      !actor.cancelled &&
      (phase === 'completed' || (phase === 'active' && hasResult)) &&
      mayReset(actor, step),
  };
}

/** The step of the path, which must be the active one (else 409 `dip_step_not_active`). */
export function requireActiveStep(state: DipState, stepId: string): { step: DipStepRow; index: number } {
  const index = state.steps.findIndex((step) => step.id === stepId);
  if (index < 0) {
    throw ApiError.of(404, 'not_found', 'This step is not part of the project’s design-in process.', [
      'step',
    ]);
  }
  const step = state.steps[index]!;
  if (index !== state.active) {
    throw ApiError.of(409, 'dip_step_not_active', ERROR_MESSAGES.dip_step_not_active, [step.title]);
  }
  return { step, index };
}

/** The step of the path, which must be the active one and not yet submitted (else 409). */
export function requireOpenStep(state: DipState, stepId: string): { step: DipStepRow; index: number } {
  const found = requireActiveStep(state, stepId);
  if (isResolved(state, found.step)) {
    throw ApiError.of(409, 'dip_step_already_resolved', ERROR_MESSAGES.dip_step_already_resolved, [
      found.step.title,
    ]);
  }
  return found;
}

export function assertMay(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}
