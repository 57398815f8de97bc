import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dipProcessSchema,
  dipResetPayloadSchema,
  dipResolveInputSchema,
  dipResolvePayloadSchema,
  isErrorCode,
  type DipProcess,
  type ErrorItem,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { dipAssets, dipStepResults, projectDips, projects } from '../../db/tables.js';
import { audit } from '../../http/audit.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { notifyProjectMembers, projectMail } from '../../mail/notify.js';
import type { ProjectRoutesOptions } from '../projects.js';
import { assertNotCancelled, reachProject, type ReachedProject } from '../../modules/projects/access.js';
import type { ProjectCaller } from '../../modules/projects/caller.js';
import type { Executor } from '../../modules/projects/executor.js';
import { projectHelpers, projectParams, security } from '../projects/shared.js';
import { errorResponses } from '../schemas.js';
import { advance, runChildProjectStep, type DipEvents } from './automation.js';
import {
  dipState,
  loadDipState,
  resultsOf,
  stepState,
  syncDipStatus,
  workflowStatus,
  type DipState,
} from './process.js';
import { completionTypeOf, dipTags as tags, type DipStepRow } from './records.js';
import {
  assertMay,
  mayConfirm,
  mayReset,
  mayResolve,
  requireOpenStep,
  takesFiles,
  type DipActor,
} from './rules.js';
import { processView } from './view.js';

const stepParams = projectParams.extend({ stepId: z.uuid() });

const srcTaken = () =>
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

/** The checks a step that takes files needs before it is submitted (spec §4, §5, calls §8.3). */
async function checkFilesOfStep(tx: Executor, action: DipAction, step: DipStepRow): Promise<void> {
  const { found, state } = action;
  const type = completionTypeOf(step);
  const rows = await tx
    .select()
    .from(dipAssets)
    .where(and(eq(dipAssets.projectId, found.project.id), eq(dipAssets.stepId, step.id)));
  if (!rows.length)
    throw ApiError.of(409, 'dip_files_missing', 'Upload at least one file before submitting this step.', [
      step.title,
    ]);
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
    const referenced = await referencedFiles(tx, found.project.id, state, step);
    if (referenced) {
      const uploaded = new Set(rows.map((row) => row.filename.toLowerCase()));
      const missing = referenced.filter((name) => !uploaded.has(name.toLowerCase()));
      if (missing.length)
        throw ApiError.of(
          409,
          'file_not_uploaded',
          'These files are referenced in the configuration file but have not been uploaded.',
          missing,
        );
      const wanted = new Set(referenced.map((name) => name.toLowerCase()));
      const extra = rows.map((row) => row.filename).filter((name) => !wanted.has(name.toLowerCase()));
      if (extra.length)
        throw ApiError.of(
          409,
          'file_not_referenced',
          'These files are not referenced in the configuration file.',
          extra,
        );
    }
  }
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

/** Resolves the step with the input its completion type asks for, writing the codes it sets on the project. */
async function resolveStep(action: DipAction, stepId: string, body: z.infer<typeof dipResolvePayloadSchema>) {
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
      throw ApiError.of(400, 'salescode_not_matching', 'The sales code does not match this project.', [
        'body.value',
      ]);
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
  if (takesFiles(step)) await checkFilesOfStep(tx, action, step);
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

async function completeStep(action: DipAction, stepId: string) {
  const { tx, who, found, actor, state, events } = action;
  const index = state.steps.findIndex((step) => step.id === stepId);
  if (index < 0) throw notFound('This step is not part of the project’s design-in process.', ['step']);
  const step = state.steps[index]!;
  if (index !== state.active) {
    throw ApiError.of(
      409,
      'dip_step_not_active',
      'This step is not the active step of the design-in process.',
      [step.title],
    );
  }
  if (!state.results.get(step.id)?.resolvedAt) {
    throw ApiError.of(409, 'dip_step_not_resolved', 'This step has not been submitted yet.', [step.title]);
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
async function resetTo(action: DipAction, stepId: string) {
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
  const files = await tx
    .delete(dipAssets)
    .where(and(eq(dipAssets.projectId, found.project.id), inArray(dipAssets.stepId, ids)))
    .returning({ storageKey: dipAssets.storageKey });
  action.discardedKeys.push(...files.map((file) => file.storageKey));
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

/** The project-side calls of the design-in process: its state, resolve, confirm, reset. */
export const dipProcessRoutes: FastifyPluginAsyncZod<ProjectRoutesOptions> = async (app, options) => {
  const { db, mail, files, config } = options;
  const { caller } = projectHelpers(options);

  const actorOf = (who: ProjectCaller, found: ReachedProject): DipActor => ({
    caller: who,
    roles: found.roles,
    cancelled: found.project.status === 'cancelled',
  });

  /** Runs one action in a transaction with the project locked, then moves the process on, mails and answers. */
  async function act(
    request: FastifyRequest,
    projectId: string,
    name: string,
    work: (action: DipAction) => Promise<void>,
  ): Promise<DipProcess> {
    const discardedKeys: string[] = [];
    let answer: DipProcess;
    try {
      answer = await db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, projectId, 'view', { lock: true });
        assertNotCancelled(found);
        const actor = actorOf(who, found);
        const before = await loadDipState(tx, found.project, found.board);
        if (!before.steps.length) throw notFound('This project has no design-in process.', ['dip']);
        const events: DipEvents = { lines: [] };
        await work({ tx, who, found, actor, state: before, events, discardedKeys });
        let state = dipState(before.steps, await resultsOf(tx, found.project.id));
        state = await advance(tx, found.project, found.board, state, who.user.id, events);
        const status = await syncDipStatus(tx, found.project.id, state);
        await audit(tx, request, {
          action: name,
          entity: 'project',
          entityId: found.project.id,
          before: { dipStatus: workflowStatus(before) },
          after: { dipStatus: status, events: events.lines },
        });
        await notifyProjectMembers(tx, mail, {
          projectId: found.project.id,
          type: 'dip-status-change',
          ...projectMail(config.publicUrl, found.project, 'the design-in process moved on', [
            ...events.lines.map((line) => `- ${line}`),
            `Design-in status: ${status ?? 'none'}`,
          ]),
          excludeUserId: who.user.id,
        });
        return processView(tx, found.project, found.board, state, actor);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw srcTaken();
      throw error;
    }
    mail.wake();
    for (const key of discardedKeys) {
      await files
        .delete(key)
        .catch((error: unknown) =>
          request.log.warn({ err: error, key }, 'could not delete a discarded design-in file'),
        );
    }
    return answer;
  }

  app.get(
    '/projects/:id/dip',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "The project's design-in process (anyone who may see the project): each step with its state (pending, active, completed), whether the active step is submitted, who it waits for, its result and files, and what the caller may do (can.upload/resolve/complete/reset); the workflow status; the follow-up. 404 when the board has none",
        security,
        params: projectParams,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await caller(request);
      const found = await reachProject(db, who, request.params.id, 'view');
      const state = await loadDipState(db, found.project, found.board);
      if (!state.steps.length) throw notFound('This project has no design-in process.', ['dip']);
      return processView(db, found.project, found.board, state, actorOf(who, found));
    },
  );

  app.post(
    '/projects/:id/dip/steps/:stepId/resolve',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Submit (resolve) the active step, by someone acting as one of its resolver roles (or an admin), with the input of its completion type: value (sales code → 400 salescode_invalid / salescode_not_matching; SRC 3–8 capitals or digits, unique on the board → 409 short_rom_code_already_exists; development code; input; textarea), checked: true (check, check-with-comment with comment), nothing for file steps (409 dip_files_missing, malware_detected, config_not_customer_complete, file_not_uploaded, file_not_referenced). Without confirmation the step completes and the next becomes active; completing the last starts the follow-up. 409 dip_step_not_active / dip_step_already_resolved. Answers the process',
        security,
        params: stepParams,
        body: dipResolvePayloadSchema,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      act(request, request.params.id, 'dip_resolve', (action) =>
        resolveStep(action, request.params.stepId, request.body),
      ),
  );

  app.post(
    '/projects/:id/dip/steps/:stepId/complete',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Confirm a submitted step that requires confirmation, by its completer (the FAE when none is set) or an admin; the next step becomes active. 409 dip_step_not_active / dip_step_not_resolved. Answers the process',
        security,
        params: stepParams,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      act(request, request.params.id, 'dip_complete', (action) =>
        completeStep(action, request.params.stepId),
      ),
  );

  app.post(
    '/projects/:id/dip/reset',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "Reset the process to a completed step or the active one (an admin; the project's company space admin on a step with the CSA-reset flag): that step's and later steps' results and files are discarded, and the SRC and development code they set. Answers the process",
        security,
        params: projectParams,
        body: dipResetPayloadSchema,
        response: { 200: dipProcessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      act(request, request.params.id, 'dip_reset', (action) => resetTo(action, request.body.stepId)),
  );
};
