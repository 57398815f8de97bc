import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardsResource,
  dipStepInputSchema,
  dipStepListInputSchema,
  dipStepsSchema,
  gettingStartedListInputSchema,
  gettingStartedStepSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import type { BoardRow, Executor } from '../../../modules/boards/boards.js';
import type { ItemOwner } from '../../../modules/boards/getting-started.js';
import { dipTags as tags } from '../../../modules/dip/records.js';
import { throwValidationError } from '../../../transport/validation-errors.js';
import { errorResponses } from '../../../crud/openapi.js';
import { auditBoard, boardParams, security } from '../../../modules/boards/route-schemas.js';

const stepParams = boardParams.extend({ stepId: z.uuid() });

const PROCESS_CHANGED =
  'The design-in process of this board changed since it was loaded. Reload it and make your changes again.';
const STEP_ITEMS_CHANGED =
  'The getting-started items of this step changed since they were loaded. Reload them and make your changes again.';

/**
 * The design-in process of a board for admins (spec product §2.3 …/dip and …/dip/{stepNumber}/getting-started,
 * §4, §5): the steps are saved as one list, with removed ones marked ("applied on save"), like the board's
 * getting-started items.
 * Not generated: the steps and a step's items are saved as whole lists, not row by row.
 */
const dipBoardStepRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const {
    assertNamesCurrent,
    gettingStartedItemsOf,
    lockBoard,
    requireBoard,
    saveBoardList,
    writeGettingStartedItems,
  } = app.boardContent;
  const {
    adminProcess,
    boardStepRows,
    checkSteps,
    removeAllSteps,
    requireStep,
    syncBoardDipStatuses,
    writeSteps,
  } = app.dip;
  app.get(
    '/dip-steps',
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
    '/dip-steps',
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
      const { steps } = request.body;
      return saveBoardList(db, request, request.params.id, 'save_dip_steps', {
        read: async (tx, board) => ({ rows: await boardStepRows(tx, board.id), board }),
        write: async (tx, board, { rows }) => {
          assertNamesCurrent(
            rows,
            steps.map((step) => step.id),
            PROCESS_CHANGED,
            'steps',
          );
          // Validated by the body schema already; parsed again for the typed values of the kept steps.
          const kept = steps.flatMap((item, index) =>
            item.removed ? [] : [{ index, step: dipStepInputSchema.parse(item) }],
          );
          await checkSteps(tx, kept, new Map(rows.map((row) => [row.id, row])));
          const removed = steps.flatMap((item) => (item.removed && item.id ? [item.id] : []));
          await writeSteps(tx, board.id, removed, kept);
          await syncBoardDipStatuses(tx, board);
        },
        audited: ({ rows, board }) => adminProcess(rows, board).steps,
      }).then(({ rows, board }) => adminProcess(rows, board));
    },
  );

  app.delete(
    '/dip-steps',
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
        await removeAllSteps(tx, board.id);
        await syncBoardDipStatuses(tx, board);
        await auditBoard(tx, request, board.id, 'delete_dip', { before: before.steps });
        return { steps: [], warnings: [] };
      }),
  );

  app.get(
    '/dip-steps/:stepId/getting-started',
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
      return gettingStartedItemsOf(db, { boardId: board.id, dipStepId: row.id, stepNumber });
    },
  );

  app.put(
    '/dip-steps/:stepId/getting-started',
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
    async (request) => {
      const { items } = request.body;
      const ownerIn = async (tx: Executor, board: BoardRow): Promise<ItemOwner> => {
        const { row, stepNumber } = await requireStep(tx, board.id, request.params.stepId);
        return { boardId: board.id, dipStepId: row.id, stepNumber };
      };
      const saved = await saveBoardList(db, request, request.params.id, 'save_dip_step_getting_started', {
        read: async (tx, board) => {
          const owner = await ownerIn(tx, board);
          return { stepId: owner.dipStepId, items: await gettingStartedItemsOf(tx, owner) };
        },
        write: async (tx, board, before) => {
          assertNamesCurrent(
            before.items,
            items.map((item) => item.id),
            STEP_ITEMS_CHANGED,
            'items',
          );
          await writeGettingStartedItems(tx, await ownerIn(tx, board), items);
        },
      });
      return saved.items;
    },
  );
};

export default dipBoardStepRoutes;
