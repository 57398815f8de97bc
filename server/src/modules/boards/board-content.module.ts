import { repositoryModule } from '../../crud/module.js';
import { assignPartner, boardPartnerRecords, unassignPartner } from '../partners/board-partners.js';
import { findPartner, partnerRecord } from '../partners/records.js';
import { boardNotFound, findBoard, lockBoard, requireBoard } from './boards.js';
import { gettingStartedItemsOf, writeGettingStartedItems } from './getting-started.js';
import {
  appendLink,
  linksOf,
  removeLink,
  renumberLinks,
  requireLink,
  updateLink,
} from './board-links.module.js';
import { assertNamesCurrent, saveBoardList } from './list-save.js';
import { grantPermission, revokePermission } from './board-permissions.module.js';
import { addRestriction, removeRestriction } from './board-restrictions.module.js';
import {
  deleteFollowUp,
  existingMetadataKeys,
  replaceXmlEntries,
  saveFollowUp,
  saveSecureWorkflow,
  saveSupportLink,
} from './settings.js';
import { boardToolsOf, writeBoardTools } from './tools.js';
import { boardSettingWrites } from './board-settings.js';

/**
 * What the routes under a board use besides the generic repositories: the board itself (found or locked), the
 * whole-list saves, and the board's links, getting-started items, tools, partners, restrictions, permissions and
 * settings (support link, follow-up, secure workflow, XML validation entries).
 * Most take the executor first, so a route runs several in one transaction; the settings' writes run their own.
 */
const boardContent = {
  findBoard,
  requireBoard,
  lockBoard,
  boardNotFound,
  saveBoardList,
  assertNamesCurrent,
  linksOf,
  requireLink,
  renumberLinks,
  appendLink,
  updateLink,
  removeLink,
  gettingStartedItemsOf,
  writeGettingStartedItems,
  boardToolsOf,
  writeBoardTools,
  findPartner,
  partnerRecord,
  boardPartnerRecords,
  assignPartner,
  unassignPartner,
  addRestriction,
  removeRestriction,
  grantPermission,
  revokePermission,
  saveSupportLink,
  saveFollowUp,
  deleteFollowUp,
  saveSecureWorkflow,
  existingMetadataKeys,
  replaceXmlEntries,
};

export type BoardContentRepository = typeof boardContent & ReturnType<typeof boardSettingWrites>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The board and what hangs under it (spec product §2.3), for the routes under `/boards/{id}`. */
    boardContent: BoardContentRepository;
  }
}

export default repositoryModule('boardContent', ({ db }) => ({ ...boardContent, ...boardSettingWrites(db) }));
