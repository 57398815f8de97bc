import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardsResource,
  gettingStartedListInputSchema,
  gettingStartedStepSchema,
  type GettingStartedStep,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { gettingStartedItems } from '../../db/schema-boards.js';
import { ApiError } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import {
  auditBoard,
  boardParams,
  lockBoard,
  requireBoard,
  security,
  tags,
  type Executor,
} from './records.js';

type ItemRow = typeof gettingStartedItems.$inferSelect;

const toStep = (row: ItemRow): GettingStartedStep => ({
  id: row.id,
  title: row.title,
  description: row.description,
  order: row.position,
  dipStepNumber: null,
});

/** The board's own items; those of its design-in steps belong to the DIP editor. */
const boardItems = async (db: Executor, boardId: string) =>
  (
    await db
      .select()
      .from(gettingStartedItems)
      .where(and(eq(gettingStartedItems.boardId, boardId), isNull(gettingStartedItems.dipStepId)))
      .orderBy(asc(gettingStartedItems.position), asc(gettingStartedItems.id))
  ).map(toStep);

const listChanged = () =>
  ApiError.of(
    409,
    'conflict',
    'The getting-started items of this board changed since they were loaded. Reload them and make your changes again.',
    ['items'],
  );

/**
 * Getting-started items of a board (spec product §2.3 getting-started/edit, §4): the editor marks items removed
 * or recovers them and saves the whole list at once ("applied on save").
 */
export const boardGettingStartedRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/getting-started',
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
      return boardItems(db, board.id);
    },
  );

  app.put(
    '/boards/:id/getting-started',
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
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = await boardItems(tx, board.id);
        const { items } = request.body;
        const named = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
        if (named.size !== before.length || !before.every((item) => named.has(item.id))) throw listChanged();

        const removed = items.flatMap((item) => (item.removed && item.id ? [item.id] : []));
        if (removed.length) {
          await tx
            .delete(gettingStartedItems)
            .where(and(eq(gettingStartedItems.boardId, board.id), inArray(gettingStartedItems.id, removed)));
        }
        const kept = items.filter((item) => !item.removed);
        for (const [position, item] of kept.entries()) {
          const values = {
            title: item.title.trim(),
            description: item.description?.trim() ? item.description : null,
            position,
          };
          if (item.id) {
            await tx
              .update(gettingStartedItems)
              .set(values)
              .where(and(eq(gettingStartedItems.id, item.id), eq(gettingStartedItems.boardId, board.id)));
          } else {
            await tx.insert(gettingStartedItems).values({ ...values, boardId: board.id });
          }
        }
        const after = await boardItems(tx, board.id);
        await auditBoard(tx, request, board.id, 'save_getting_started', { before, after });
        return after;
      }),
  );
};
