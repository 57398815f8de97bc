import { repositoryModule } from '../../crud/module.js';
import { boardPartnerRecords } from '../partners/board-partners.js';
import { requireBoard } from './boards.js';
import { gettingStartedItemsOf } from './getting-started.js';
import { boardToolsOf } from './tools.js';
import { boardSettingWrites } from './board-settings.js';
import { boardEntryWrites } from './board-entries.js';
import { boardListSaves } from './board-list-saves.js';

/**
 * What the routes under a board use besides the generic repositories: the board itself, the reads of its
 * getting-started items, tools and partners, and the admin's writes, each its own transaction with the board
 * locked: the whole-list saves (`board-list-saves.ts`), settings (`board-settings.ts`), and links, partners,
 * restrictions and permissions (`board-entries.ts`).
 */
const boardContent = {
  requireBoard,
  gettingStartedItemsOf,
  boardToolsOf,
  boardPartnerRecords,
};

export type BoardContentRepository = typeof boardContent &
  ReturnType<typeof boardSettingWrites> &
  ReturnType<typeof boardEntryWrites> &
  ReturnType<typeof boardListSaves>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The board and what hangs under it (spec product §2.3), for the routes under `/boards/{id}`. */
    boardContent: BoardContentRepository;
  }
}

export default repositoryModule('boardContent', ({ db }) => ({
  ...boardContent,
  ...boardSettingWrites(db),
  ...boardEntryWrites(db),
  ...boardListSaves(db),
}));
