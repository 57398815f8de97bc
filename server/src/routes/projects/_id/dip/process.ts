import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dipProcessSchema,
  dipResetPayloadSchema,
  dipResolvePayloadSchema,
  type AuditAction,
  type DipProcess,
} from '@portal/resources';
import { access } from '../../../../auth/access.js';
import { audit } from '../../../../crud/audit.js';
import { isUniqueViolation } from '../../../../transport/database-errors.js';
import { notFound } from '../../../../transport/errors.js';
import { notifyProjectMembers, projectMail } from '../../../../mail/notify.js';
import { srcTaken, type DipAction } from '../../../../modules/dip/actions.js';
import type { DipEvents } from '../../../../modules/dip/automation.js';
import { dipState, workflowStatus } from '../../../../modules/dip/process.js';
import { dipTags as tags } from '../../../../modules/dip/records.js';
import type { DipActor } from '../../../../modules/dip/rules.js';
import { assertNotCancelled, type ReachedProject } from '../../../../modules/projects/access.js';
import type { ProjectCaller } from '../../../../modules/projects/caller.js';
import type { ModuleOptions } from '../../../../crud/module.js';
import { errorResponses } from '../../../../crud/openapi.js';
import { projectParams, security } from '../../../../modules/projects/route-schemas.js';

const stepParams = projectParams.extend({ stepId: z.uuid() });

/** The project-side calls of the design-in process: its state, resolve, confirm, reset. */
const dipProcessRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { advance, completeStep, loadDipState, processView, resetTo, resolveStep, resultsOf, syncDipStatus } =
    app.dip;
  const { db, config } = options;
  const { mail, files } = app;
  const { projects } = app;

  const actorOf = (who: ProjectCaller, found: ReachedProject): DipActor => ({
    caller: who,
    roles: found.roles,
    cancelled: found.project.status === 'cancelled',
  });

  /** Runs one action in a transaction with the project locked, then moves the process on, mails and answers. */
  async function act(
    request: FastifyRequest,
    projectId: string,
    name: AuditAction,
    work: (action: DipAction) => Promise<void>,
  ): Promise<DipProcess> {
    const discardedKeys: string[] = [];
    let answer: DipProcess;
    try {
      answer = await db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, projectId, 'view', { lock: true });
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
    '',
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
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      const state = await loadDipState(db, found.project, found.board);
      if (!state.steps.length) throw notFound('This project has no design-in process.', ['dip']);
      return processView(db, found.project, found.board, state, actorOf(who, found));
    },
  );

  app.post(
    '/steps/:stepId/resolve',
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
    '/steps/:stepId/complete',
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
    '/reset',
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

export default dipProcessRoutes;
