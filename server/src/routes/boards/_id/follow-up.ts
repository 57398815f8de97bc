import { MESSAGES, boardsResource, followUpAnswerSchema, followUpInputSchema } from '@portal/resources';
import { badRequest, notFound } from '../../../transport/errors.js';
import { dipTags as tags } from '../../../modules/dip/records.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { auditBoard, boardParams, security } from '../../../modules/boards/route-schemas.js';
import { errorResponses } from '../../../crud/openapi.js';

/** What follows a board's design-in process: the next board, registered for the next owner; admins only. */
const followUpRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { deleteFollowUp, findBoard, lockBoard, requireBoard, saveFollowUp } = app.boardContent;
  const { followUpOf, userByEmail } = app.dip;
  app.get(
    '/follow-up',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's follow-up process (null when none): next board and optional next owner",
        security,
        params: boardParams,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return { followUp: await followUpOf(db, board.id) };
    },
  );

  app.put(
    '/follow-up',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Set the follow-up process: when a project completes the last design-in step, the next board is registered for the next owner (empty: the same owner). 404 not_found for an unknown next board or a next owner email no portal user has; 400 when the next board is this board',
        security,
        params: boardParams,
        body: followUpInputSchema,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { nextBoardId } = request.body;
        const nextOwnerEmail = request.body.nextOwnerEmail?.trim() || null;
        if (nextBoardId === board.id) {
          throw badRequest('The next board must be another board.', ['nextBoardId']);
        }
        if (!(await findBoard(tx, nextBoardId)))
          throw notFound('The next board was not found.', ['nextBoardId']);
        if (nextOwnerEmail && !(await userByEmail(tx, nextOwnerEmail))) {
          throw notFound(MESSAGES.followUpUserNotFound, ['nextOwnerEmail']);
        }
        const before = await followUpOf(tx, board.id);
        await saveFollowUp(tx, board.id, { nextBoardId, nextOwnerEmail });
        const after = await followUpOf(tx, board.id);
        await auditBoard(tx, request, board.id, 'save_follow_up', { before, after });
        return { followUp: after };
      }),
  );

  app.delete(
    '/follow-up',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary: 'Remove the follow-up process; answers { followUp: null }',
        security,
        params: boardParams,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = await followUpOf(tx, board.id);
        await deleteFollowUp(tx, board.id);
        if (before) await auditBoard(tx, request, board.id, 'delete_follow_up', { before });
        return { followUp: null };
      }),
  );
};

export default followUpRoutes;
