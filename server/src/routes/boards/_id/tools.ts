import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardToolSchema, boardToolsInputSchema, boardsResource } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security, tags } from '../../../modules/boards/route-schemas.js';

/**
 * The tools of a board (spec product §2.3 `…/tools/edit`, §4): the admin saves the whole list in its order. A tool
 * the catalogue removed stays flagged (`isRemoved`) until that save, which drops it; it cannot be added again.
 * Not generated: the list is saved whole in its order, not row by row.
 */
const boardToolRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { boardToolsOf, requireBoard, setTools } = app.boardContent;
  app.get(
    '/tools',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          "The board's tools (catalogue items its projects list) in their order; those the catalogue removed are flagged isRemoved until the next save",
        security,
        params: boardParams,
        response: { 200: z.array(boardToolSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return boardToolsOf(db, board.id);
    },
  );

  app.put(
    '/tools',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Save the board’s tools: every catalogue item id it shows, each once, in the new order (an empty list removes all). Ids the catalogue does not know, or removed items not on the board, are refused with 400 naming each; removed items still on the board are dropped. Answers the saved list',
        security,
        params: boardParams,
        body: boardToolsInputSchema,
        response: { 200: z.array(boardToolSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setTools(request, request.params.id, request.body.toolIds),
  );
};

export default boardToolRoutes;
