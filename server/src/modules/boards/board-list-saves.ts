import type { FastifyRequest } from 'fastify';
import type { GettingStartedListInput } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../transport/errors.js';
import { linksOf, renumberLinks } from './board-links.module.js';
import { gettingStartedItemsOf, writeGettingStartedItems } from './getting-started.js';
import { assertNamesCurrent, saveBoardList } from './list-save.js';
import { boardToolsOf, writeBoardTools } from './tools.js';

type Requester = Pick<FastifyRequest, 'currentUser'>;

const ITEMS_CHANGED =
  'The getting-started items of this board changed since they were loaded. Reload them and make your changes again.';
const LINKS_CHANGED =
  'The links of this board changed since they were loaded. Reload them and save the order again.';

/** The admin's whole-list saves under a board (`saveBoardList`: the board locked, one audit record). */
export const boardListSaves = (db: Database) => ({
  /** The board's own getting-started items ("applied on save"; 409 when the list misses a current item). */
  saveGettingStarted: (request: Requester, boardId: string, items: GettingStartedListInput['items']) =>
    saveBoardList(db, request, boardId, 'save_getting_started', {
      read: (tx, board) => gettingStartedItemsOf(tx, { boardId: board.id, dipStepId: null }),
      write: async (tx, board, before) => {
        assertNamesCurrent(
          before,
          items.map((item) => item.id),
          ITEMS_CHANGED,
          'items',
        );
        await writeGettingStartedItems(tx, { boardId: board.id, dipStepId: null }, items);
      },
    }),

  /** The board's tools in their order. */
  setTools: (request: Requester, boardId: string, toolIds: readonly string[]) =>
    saveBoardList(db, request, boardId, 'set_tools', {
      read: (tx, board) => boardToolsOf(tx, board.id),
      write: (tx, board, before) => writeBoardTools(tx, board.id, toolIds, before),
    }),

  /** The order of the board's links: every link id once (400 twice, 409 when not exactly the board's links). */
  orderLinks: (request: Requester, boardId: string, ids: readonly string[]) => {
    if (new Set(ids).size !== ids.length) {
      throw ApiError.of(400, 'invalid_request', 'A link appears twice in the order.', ['ids']);
    }
    return saveBoardList(db, request, boardId, 'order_links', {
      read: (tx, board) => linksOf(tx, board.id),
      write: async (tx, board, before) => {
        assertNamesCurrent(before, ids, LINKS_CHANGED, 'ids');
        await renumberLinks(
          tx,
          board.id,
          ids.map((id) => before.find((link) => link.id === id)!),
        );
      },
      audited: (links) => links.map((link) => link.id),
    });
  },
});
