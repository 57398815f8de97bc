import { boardsResource, followUpAnswerSchema, followUpInputSchema } from '@portal/resources';
import { dipTags as tags } from '../../../modules/dip/records.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { boardParams, security } from '../../../modules/boards/route-schemas.js';
import { errorResponses } from '../../../crud/openapi.js';

/** What follows a board's design-in process: the next board, registered for the next owner; admins only. */
const followUpRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { removeFollowUp, requireBoard, setFollowUp } = app.boardContent;
  const { followUpOf } = app.dip;
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
    async (request) => setFollowUp(request, request.params.id, request.body),
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
    async (request) => removeFollowUp(request, request.params.id),
  );
};

export default followUpRoutes;
