import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tools } from './schema-catalogue.js';
import { boards } from './schema.js';

/**
 * The catalogue items a board shows its projects (the Tools tab of a project, the board's `…/tools/edit` page), in
 * `position` order. Deleting the board or the catalogue item removes the row; a tool the catalogue only flags as
 * removed keeps its row until the board's next save.
 */
export const boardTools = pgTable(
  'board_tools',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.toolId] }),
    // Deleting a catalogue item finds its rows without a scan.
    index('board_tools_tool_idx').on(t.toolId),
  ],
);
