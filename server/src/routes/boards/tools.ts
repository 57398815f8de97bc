import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardToolSchema,
  boardToolsInputSchema,
  boardsResource,
  type BoardTool,
  type ProjectTool,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boardTools } from '../../db/schema-board-tools.js';
import { tools } from '../../db/schema-catalogue.js';
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

const toolColumns = {
  id: tools.id,
  name: tools.name,
  featureId: tools.featureId,
  type: tools.type,
  icon: tools.icon,
  isOnlineTool: tools.isOnlineTool,
  isRemoved: tools.isRemoved,
  position: boardTools.position,
};

interface BoardToolRow {
  id: string;
  name: string;
  featureId: string;
  type: string;
  icon: string | null;
  isOnlineTool: boolean;
  isRemoved: boolean;
  position: number;
}

const toProjectTool = (row: BoardToolRow): ProjectTool => ({
  id: row.id,
  name: row.name,
  featureId: row.featureId,
  // The catalogue only stores item types (its admin forms check them); the column is plain text.
  type: row.type as ProjectTool['type'],
  icon: row.icon,
  isOnlineTool: row.isOnlineTool,
});

const toBoardTool = (row: BoardToolRow): BoardTool => ({
  ...toProjectTool(row),
  isRemoved: row.isRemoved,
  order: row.position,
});

const boardToolRows = (db: Executor, boardId: string): Promise<BoardToolRow[]> =>
  db
    .select(toolColumns)
    .from(boardTools)
    .innerJoin(tools, eq(tools.id, boardTools.toolId))
    .where(eq(boardTools.boardId, boardId))
    .orderBy(asc(boardTools.position), asc(tools.name), asc(tools.id));

/** Every tool of a board in its order, removed ones flagged (the admin's list). */
export const boardToolsOf = async (db: Executor, boardId: string): Promise<BoardTool[]> =>
  (await boardToolRows(db, boardId)).map(toBoardTool);

/** The tools a board shows its projects: in its order, without those the catalogue removed. */
export const projectToolsOf = async (db: Executor, boardId: string): Promise<ProjectTool[]> =>
  (await boardToolRows(db, boardId)).filter((row) => !row.isRemoved).map(toProjectTool);

/**
 * The tools of a board (spec product §2.3 `…/tools/edit`, §4): the admin saves the whole list in its order. A tool
 * the catalogue removed stays flagged (`isRemoved`) until that save, which drops it; it cannot be added again.
 */
export const boardToolRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/tools',
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
    '/boards/:id/tools',
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
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { toolIds } = request.body;
        const before = await boardToolsOf(tx, board.id);
        // Shared locks: a catalogue item cannot be deleted between this check and the insert below.
        const found = toolIds.length
          ? await tx
              .select({ id: tools.id, isRemoved: tools.isRemoved })
              .from(tools)
              .where(inArray(tools.id, toolIds))
              .for('share')
          : [];
        const onBoard = new Set(before.map((tool) => tool.id));
        const usable = new Map(found.map((tool) => [tool.id, tool]));
        const refused = toolIds.flatMap((id, index) => {
          const tool = usable.get(id);
          if (!tool) return [{ id, index, message: `There is no tool with the id ${id}.` }];
          if (tool.isRemoved && !onBoard.has(id))
            return [{ id, index, message: `The tool ${id} was removed from the catalogue.` }];
          return [];
        });
        if (refused.length) {
          throw new ApiError(
            400,
            refused.map(({ index, message }) => ({
              errorCode: 'invalid_request',
              resources: [`toolIds.${index}`],
              messages: [message],
            })),
          );
        }
        const kept = toolIds.filter((id) => !usable.get(id)!.isRemoved);
        await tx.delete(boardTools).where(eq(boardTools.boardId, board.id));
        if (kept.length) {
          await tx
            .insert(boardTools)
            .values(kept.map((toolId, position) => ({ boardId: board.id, toolId, position })));
        }
        const after = await boardToolsOf(tx, board.id);
        await auditBoard(tx, request, board.id, 'set_tools', { before, after });
        return after;
      }),
  );
};
