import { repositoryModule } from '../../crud/module.js';
import { userByEmail } from '../projects/users.js';
import { completeStep, resetTo, resolveStep } from './actions.js';
import { deleteAsset, findAsset, insertAsset, projectAssets } from './assets.js';
import { advance } from './automation.js';
import { loadDipState, resultsOf, syncBoardDipStatuses, syncDipStatus } from './process.js';
import {
  adminProcess,
  boardStepRows,
  followUpOf,
  secureConfigOf,
  secureSettings,
  xmlEntryRows,
} from './records.js';
import { checkSteps, removeAllSteps, requireStep, writeSteps } from './steps.js';
import { uploadTarget } from './upload.js';
import { assetRecords, processView } from './view.js';

/**
 * The design-in process (spec product §4, §5): a board's steps, secure settings, XML entries and follow-up for
 * admins; a project's state, actions, automation and files. Every function takes the executor first, so a route
 * runs several of them in one transaction.
 */
const dip = {
  // a board's process
  boardStepRows,
  adminProcess,
  checkSteps,
  writeSteps,
  removeAllSteps,
  requireStep,
  syncBoardDipStatuses,
  secureSettings,
  secureConfigOf,
  xmlEntryRows,
  followUpOf,
  /** The follow-up names its next owner by e-mail: a portal user's. */
  userByEmail,
  // a project's process
  loadDipState,
  resultsOf,
  syncDipStatus,
  advance,
  resolveStep,
  completeStep,
  resetTo,
  processView,
  // a project's files
  uploadTarget,
  insertAsset,
  findAsset,
  deleteAsset,
  projectAssets,
  assetRecords,
};

export type DipRepository = typeof dip;

declare module 'fastify' {
  interface FastifyInstance {
    /** The design-in process, for `routes/boards/_id/dip-steps.ts` and friends and `routes/projects/_id/dip/`. */
    dip: DipRepository;
  }
}

export default repositoryModule('dip', () => dip);
