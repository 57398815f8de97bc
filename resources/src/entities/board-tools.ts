import { z } from 'zod';
import { boardDetailSchema } from './board.js';
import { toolSchema } from './tool.js';

/** Most tools one board shows; a longer list is refused rather than cut. */
export const BOARD_TOOLS_MAX = 200;

/** A tool as a project page lists it (the Tools tab), linking to its catalogue page by `featureId`. */
export const projectToolSchema = toolSchema.pick({
  id: true,
  name: true,
  featureId: true,
  type: true,
  icon: true,
  isOnlineTool: true,
});
export type ProjectTool = z.infer<typeof projectToolSchema>;

/**
 * A tool of a board as the admin's board page (`…/tools/edit`) lists it: in the board's order, and flagged when
 * the catalogue removed it (spec product §4: "Tool entries deleted upstream are flagged and removed at the next
 * save"). Projects never see removed tools.
 */
export const boardToolSchema = projectToolSchema.extend({
  isRemoved: z.boolean(),
  order: z.number().int().nonnegative(),
});
export type BoardTool = z.infer<typeof boardToolSchema>;

/**
 * "Save" of the board's tools page (`PUT boards/{id}/tools`): every tool the board shows, by catalogue id, in the
 * new order. Ids the catalogue does not know are refused; removed tools are dropped.
 */
export const boardToolsInputSchema = z.object({
  toolIds: z
    .array(z.uuid())
    .max(BOARD_TOOLS_MAX, `A board may show at most ${BOARD_TOOLS_MAX} tools.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A tool appears twice in the list.'),
});
export type BoardToolsInput = z.infer<typeof boardToolsInputSchema>;

/**
 * `GET projects/{id}/board`: the project's board as its people see it ({@link boardDetailSchema}: documents with
 * the exclusive ones, getting-started items, partners, related links, support link) plus the board's tools.
 */
export const projectBoardSchema = boardDetailSchema.extend({
  tools: z.array(projectToolSchema),
});
export type ProjectBoard = z.infer<typeof projectBoardSchema>;
