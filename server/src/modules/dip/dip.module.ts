import { repositoryModule } from '../../crud/module.js';
import { adminProcess, boardStepRows, followUpOf, secureConfigOf, xmlEntryRows } from './records.js';
import { requireStep } from './steps.js';
import { boardDipWrites } from './board-dip-writes.js';

/**
 * A board's design-in process for admins (spec product §4, §5): its steps, secure settings, XML entries and
 * follow-up as read, and the saves of its steps (`board-dip-writes.ts`, each its own transaction). A project's
 * side (state, actions, files) is `app.projectDip` (`project-dip.module.ts`).
 */
const dip = {
  boardStepRows,
  adminProcess,
  requireStep,
  secureConfigOf,
  xmlEntryRows,
  followUpOf,
};

export type DipRepository = typeof dip & ReturnType<typeof boardDipWrites>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A board's design-in process, for `routes/boards/_id/dip-steps.ts` and friends. */
    dip: DipRepository;
  }
}

export default repositoryModule('dip', ({ db }) => ({ ...dip, ...boardDipWrites(db) }));
