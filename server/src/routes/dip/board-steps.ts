import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPRECATED_DIP_COMPLETION_TYPES,
  boardsResource,
  dipStepInputSchema,
  dipStepListInputSchema,
  dipStepsSchema,
  gettingStartedListInputSchema,
  gettingStartedStepSchema,
  type DipStepInput,
  type ErrorItem,
  type GettingStartedStep,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boards, dipSteps, gettingStartedItems } from '../../db/tables.js';
import { ApiError, notFound } from '../../http/errors.js';
import { auditBoard, boardParams, lockBoard, requireBoard, security } from '../boards/records.js';
import type { Executor } from '../../modules/projects/executor.js';
import { userByEmail } from '../../modules/projects/users.js';
import { throwValidationError } from '../projects/shared.js';
import { errorResponses } from '../schemas.js';
import { syncBoardDipStatuses } from './process.js';
import {
  adminProcess,
  boardStepRows,
  completionTypeOf,
  dipTags as tags,
  type DipStepRow,
} from './records.js';

const stepParams = boardParams.extend({ stepId: z.uuid() });

const listChanged = () =>
  ApiError.of(
    409,
    'conflict',
    'The design-in process of this board changed since it was loaded. Reload it and make your changes again.',
    ['steps'],
  );

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
async function checkSteps(
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

async function stepItems(db: Executor, boardId: string, stepId: string, stepNumber: number) {
  const rows = await db
    .select()
    .from(gettingStartedItems)
    .where(and(eq(gettingStartedItems.boardId, boardId), eq(gettingStartedItems.dipStepId, stepId)))
    .orderBy(asc(gettingStartedItems.position), asc(gettingStartedItems.id));
  return rows.map((row): GettingStartedStep => ({
    id: row.id,
    title: row.title,
    description: row.description,
    order: row.position,
    dipStepNumber: stepNumber,
  }));
}

/** A step of the board that is not removed, with its number in the admin's list. */
async function requireStep(db: Executor, boardId: string, stepId: string) {
  const rows = await boardStepRows(db, boardId);
  const index = rows.findIndex((row) => row.id === stepId);
  if (index < 0) throw stepNotFound();
  return { row: rows[index]!, stepNumber: index + 1 };
}

/**
 * The design-in process of a board for admins (spec product §2.3 …/dip and …/dip/{stepNumber}/getting-started,
 * §4, §5): the steps are saved as one list, with removed ones marked ("applied on save"), like the board's
 * getting-started items.
 */
export const dipBoardStepRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/dip-steps',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          "The board's design-in steps in their order, with a warning for each step its projects leave out (a secure step on a non-secure board, or the reverse)",
        security,
        params: boardParams,
        response: { 200: dipStepsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return adminProcess(await boardStepRows(db, board.id), board);
    },
  );

  app.put(
    '/boards/:id/dip-steps',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Save the design-in process ("applied on save"): every current step by id plus new steps without id, in the new order; steps with removed: true leave the process (their projects keep what they did), a new step marked removed is dropped. Rules of spec §5 (400, each issue at body.steps.N.field): title 3–100, description when a completion type is set, at least one resolver, Nobody alone, a child-project step resolved by Nobody with an existing board ISPN and portal users as owner and substitute (owner_equals_substitute), sales-code-input only on steps that had it, confirmation by Nobody refused, at least one step. 409 conflict when the list does not name exactly the current steps. Steps that do not apply to the board (secure vs. not) are kept but ignored, with a warning in the answer',
        security,
        params: boardParams,
        body: dipStepListInputSchema,
        response: { 200: dipStepsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      throwValidationError(request);
      return db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const currentRows = await boardStepRows(tx, board.id);
        const before = adminProcess(currentRows, board);
        const current = new Map(currentRows.map((row) => [row.id, row]));
        const { steps } = request.body;
        const named = new Set(steps.flatMap((step) => (step.id ? [step.id] : [])));
        if (named.size !== current.size || ![...current.keys()].every((id) => named.has(id))) {
          throw listChanged();
        }

        // Validated by the body schema already; parsed again for the typed values of the kept steps.
        const kept = steps.flatMap((item, index) =>
          item.removed ? [] : [{ index, step: dipStepInputSchema.parse(item) }],
        );
        await checkSteps(tx, kept, current);

        const now = new Date();
        const removed = steps.flatMap((item) => (item.removed && item.id ? [item.id] : []));
        if (removed.length) {
          await tx
            .update(dipSteps)
            .set({ removedAt: now, updatedAt: now })
            .where(and(eq(dipSteps.boardId, board.id), inArray(dipSteps.id, removed)));
        }
        for (const [position, { step }] of kept.entries()) {
          const values = { ...stepValues(step), position, updatedAt: now };
          if (step.id) {
            await tx
              .update(dipSteps)
              .set(values)
              .where(
                and(eq(dipSteps.id, step.id), eq(dipSteps.boardId, board.id), isNull(dipSteps.removedAt)),
              );
          } else {
            await tx.insert(dipSteps).values({ ...values, boardId: board.id });
          }
        }
        await syncBoardDipStatuses(tx, board);
        const after = adminProcess(await boardStepRows(tx, board.id), board);
        await auditBoard(tx, request, board.id, 'save_dip_steps', {
          before: before.steps,
          after: after.steps,
        });
        return after;
      });
    },
  );

  app.delete(
    '/boards/:id/dip-steps',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Remove the whole design-in process of the board (its steps leave; projects keep what they did). Answers the empty process',
        security,
        params: boardParams,
        response: { 200: dipStepsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = adminProcess(await boardStepRows(tx, board.id), board);
        const now = new Date();
        await tx
          .update(dipSteps)
          .set({ removedAt: now, updatedAt: now })
          .where(and(eq(dipSteps.boardId, board.id), isNull(dipSteps.removedAt)));
        await syncBoardDipStatuses(tx, board);
        await auditBoard(tx, request, board.id, 'delete_dip', { before: before.steps });
        return { steps: [], warnings: [] };
      }),
  );

  app.get(
    '/boards/:id/dip-steps/:stepId/getting-started',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: 'The getting-started items of one design-in step, in their order',
        security,
        params: stepParams,
        response: { 200: z.array(gettingStartedStepSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      const { row, stepNumber } = await requireStep(db, board.id, request.params.stepId);
      return stepItems(db, board.id, row.id, stepNumber);
    },
  );

  app.put(
    '/boards/:id/dip-steps/:stepId/getting-started',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Save the getting-started items of one design-in step ("applied on save", like the board\'s own list): every current item by id plus new ones, removed: true deletes; 409 conflict when the list does not name exactly the current items',
        security,
        params: stepParams,
        body: gettingStartedListInputSchema,
        response: { 200: z.array(gettingStartedStepSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { row: step, stepNumber } = await requireStep(tx, board.id, request.params.stepId);
        const before = await stepItems(tx, board.id, step.id, stepNumber);
        const { items } = request.body;
        const named = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
        if (named.size !== before.length || !before.every((item) => named.has(item.id))) {
          throw ApiError.of(
            409,
            'conflict',
            'The getting-started items of this step changed since they were loaded. Reload them and make your changes again.',
            ['items'],
          );
        }
        const removed = items.flatMap((item) => (item.removed && item.id ? [item.id] : []));
        if (removed.length) {
          await tx
            .delete(gettingStartedItems)
            .where(and(eq(gettingStartedItems.dipStepId, step.id), inArray(gettingStartedItems.id, removed)));
        }
        for (const [position, item] of items.filter((entry) => !entry.removed).entries()) {
          const values = {
            title: item.title.trim(),
            description: item.description?.trim() ? item.description : null,
            position,
          };
          if (item.id) {
            await tx
              .update(gettingStartedItems)
              .set(values)
              .where(and(eq(gettingStartedItems.id, item.id), eq(gettingStartedItems.dipStepId, step.id)));
          } else {
            await tx.insert(gettingStartedItems).values({ ...values, boardId: board.id, dipStepId: step.id });
          }
        }
        const after = await stepItems(tx, board.id, step.id, stepNumber);
        await auditBoard(tx, request, board.id, 'save_dip_step_getting_started', {
          before: { stepId: step.id, items: before },
          after: { stepId: step.id, items: after },
        });
        return after;
      }),
  );
};
