import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction, DipProcess, DipResetPayload, DipResolvePayload } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { audit } from '../../crud/audit.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { notFound } from '../../transport/errors.js';
import { notifyProjectMembers, projectMail } from '../../mail/notify.js';
import { assertNotCancelled, type ReachedProject } from '../projects/access.js';
import type { ProjectCaller } from '../projects/caller.js';
import { completeStep, resetTo, resolveStep, srcTaken, type DipAction } from './actions.js';
import { advance, type DipEvents } from './automation.js';
import { dipState, loadDipState, resultsOf, syncDipStatus, workflowStatus } from './process.js';
import type { DipActor } from './rules.js';
import { processView } from './view.js';

/** What the project side of the design-in process works with. */
export interface ProjectDipContext {
  db: Database;
  app: FastifyInstance;
  publicUrl: string;
}

const actorOf = (who: ProjectCaller, found: ReachedProject): DipActor => ({
  caller: who,
  roles: found.roles,
  cancelled: found.project.status === 'cancelled',
});

const noProcess = () => notFound('This project has no design-in process.', ['dip']);

/**
 * Runs one action in a transaction with the project locked, then moves the process on, audits, mails the members
 * and answers the process; the files the action discarded go after the commit.
 */
async function act(
  { db, app, publicUrl }: ProjectDipContext,
  request: FastifyRequest,
  projectId: string,
  name: AuditAction,
  work: (action: DipAction) => Promise<void>,
): Promise<DipProcess> {
  const { projects, mail, files } = app;
  const discardedKeys: string[] = [];
  let answer: DipProcess;
  try {
    answer = await db.transaction(async (tx) => {
      const who = await projects.caller(request, tx);
      const found = await projects.reach(tx, who, projectId, 'view', { lock: true });
      assertNotCancelled(found);
      const actor = actorOf(who, found);
      const before = await loadDipState(tx, found.project, found.board);
      if (!before.steps.length) throw noProcess();
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
        ...projectMail(publicUrl, found.project, 'the design-in process moved on', [
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

/** The project's design-in process and its actions (spec product §5), as the caller may see and act on it. */
export const projectProcess = (context: ProjectDipContext) => ({
  /** The process as the caller sees it (anyone who may see the project); 404 when the board has none. */
  process: async (request: FastifyRequest, projectId: string): Promise<DipProcess> => {
    const { db, app } = context;
    const who = await app.projects.caller(request);
    const found = await app.projects.reach(db, who, projectId, 'view');
    const state = await loadDipState(db, found.project, found.board);
    if (!state.steps.length) throw noProcess();
    return processView(db, found.project, found.board, state, actorOf(who, found));
  },
  /** Submits the active step with the input of its completion type. */
  resolve: (request: FastifyRequest, projectId: string, stepId: string, body: DipResolvePayload) =>
    act(context, request, projectId, 'dip_resolve', (action) => resolveStep(action, stepId, body)),
  /** Confirms a submitted step that requires confirmation. */
  complete: (request: FastifyRequest, projectId: string, stepId: string) =>
    act(context, request, projectId, 'dip_complete', (action) => completeStep(action, stepId)),
  /** Resets the process to a completed step or the active one. */
  reset: (request: FastifyRequest, projectId: string, { stepId }: DipResetPayload) =>
    act(context, request, projectId, 'dip_reset', (action) => resetTo(action, stepId)),
});
