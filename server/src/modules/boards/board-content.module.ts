import { repositoryModule } from '../../crud/module.js';
import { boardPartnerRecords } from '../partners/board-partners.js';
import { boardNotFound, lockBoard, requireBoard } from './boards.js';
import { gettingStartedItemsOf, writeGettingStartedItems } from './getting-started.js';
import { linksOf, renumberLinks } from './board-links.module.js';
import { assertNamesCurrent, saveBoardList } from './list-save.js';
import { boardToolsOf, writeBoardTools } from './tools.js';
import { boardSettingWrites } from './board-settings.js';
import { boardEntryWrites } from './board-entries.js';

/**
 * What the routes under a board use besides the generic repositories: the board itself (found or locked), the
 * whole-list saves, and the board's links, getting-started items, tools, partners, restrictions, permissions and
 * settings (support link, follow-up, secure workflow, XML validation entries).
 * Most take the executor first, so a route runs several in one transaction; the writes of settings, partners and
 * restrictions run their own (`board-settings.ts`, `board-entries.ts`).
 */
const boardContent = {
  requireBoard,
  lockBoard,
  boardNotFound,
  saveBoardList,
  assertNamesCurrent,
  linksOf,
  renumberLinks,
  gettingStartedItemsOf,
  writeGettingStartedItems,
  boardToolsOf,
  writeBoardTools,
  boardPartnerRecords,
};

export type BoardContentRepository = typeof boardContent &
  ReturnType<typeof boardSettingWrites> &
  ReturnType<typeof boardEntryWrites>;

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
}));
