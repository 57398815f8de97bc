import { asc, eq, inArray } from 'drizzle-orm';
import type { BoardTool, ProjectTool } from '@portal/resources';
import { boardTools } from '../../db/schema-board-tools.js';
import { tools } from '../../db/schema-catalogue.js';
import { ApiError } from '../../transport/errors.js';
import type { Executor } from './boards.js';

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
 * The catalogue items a save may name: known ids, and removed ones only while still on the board (400 naming each
 * other id at its place). Answers the ids kept, without the removed ones. Takes shared locks, so an item cannot be
 * deleted before the save's insert.
 */
async function usableToolIds(tx: Executor, toolIds: readonly string[], before: readonly BoardTool[]) {
  const found = toolIds.length
    ? await tx
        .select({ id: tools.id, isRemoved: tools.isRemoved })
        .from(tools)
        .where(inArray(tools.id, [...toolIds]))
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
  return toolIds.filter((id) => !usable.get(id)!.isRemoved);
}

/** Replaces the board's tools by these catalogue ids in this order (see `usableToolIds`). */
export async function writeBoardTools(
  tx: Executor,
  boardId: string,
  toolIds: readonly string[],
  before: readonly BoardTool[],
): Promise<void> {
  const kept = await usableToolIds(tx, toolIds, before);
  await tx.delete(boardTools).where(eq(boardTools.boardId, boardId));
  if (kept.length) {
    await tx.insert(boardTools).values(kept.map((toolId, position) => ({ boardId, toolId, position })));
  }
}
