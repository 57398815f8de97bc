import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardsResource, gettingStartedListInputSchema, gettingStartedStepSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security, tags } from '../../../modules/boards/route-schemas.js';

/**
 * Getting-started items of a board (spec product §2.3 getting-started/edit, §4): the editor marks items removed
 * or recovers them and saves the whole list at once ("applied on save").
 * Not generated: the list is saved whole in one write, not row by row.
 */
const boardGettingStartedRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { gettingStartedItemsOf, requireBoard, saveGettingStarted } = app.boardContent;
  app.get(
    '/getting-started',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's getting-started items in their order (not those of its design-in steps)",
        security,
        params: boardParams,
        response: { 200: z.array(gettingStartedStepSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return gettingStartedItemsOf(db, { boardId: board.id, dipStepId: null });
    },
  );

  app.put(
    '/getting-started',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Save the getting-started list ("applied on save"): every current item by id plus new items without id, in the new order. Items with removed: true are deleted (a new item marked removed is dropped), the others updated or created in this order (title required). 409 conflict when the list does not name exactly the current items (changed meanwhile). Answers the saved list',
        security,
        params: boardParams,
        body: gettingStartedListInputSchema,
        response: { 200: z.array(gettingStartedStepSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveGettingStarted(request, request.params.id, request.body.items),
  );
};

export default boardGettingStartedRoutes;
