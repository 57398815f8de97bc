import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardsResource,
  dipStepListInputSchema,
  dipStepsSchema,
  gettingStartedListInputSchema,
  gettingStartedStepSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { dipTags as tags } from '../../../modules/dip/records.js';
import { throwValidationError } from '../../../transport/validation-errors.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security } from '../../../modules/boards/route-schemas.js';

const stepParams = boardParams.extend({ stepId: z.uuid() });

/**
 * The design-in process of a board for admins (spec product §2.3 …/dip and …/dip/{stepNumber}/getting-started,
 * §4, §5): the steps are saved as one list, with removed ones marked ("applied on save"), like the board's
 * getting-started items.
 * Not generated: the steps and a step's items are saved as whole lists, not row by row.
 */
const dipBoardStepRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { gettingStartedItemsOf, requireBoard } = app.boardContent;
  const { adminProcess, boardStepRows, removeProcess, requireStep, saveStepItems, saveSteps } = app.dip;
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
      return saveSteps(request, request.params.id, request.body.steps);
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
    async (request) => removeProcess(request, request.params.id),
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
    async (request) => saveStepItems(request, request.params.id, request.params.stepId, request.body.items),
  );
};

export default dipBoardStepRoutes;
