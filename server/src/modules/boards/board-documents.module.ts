import { repositoryModule } from '../../crud/module.js';
import { assignableDocumentPage, boardDocumentPage } from './documents.module.js';
import * as documents from './documents.js';
import { boardDocumentWrites } from './board-document-writes.js';

/**
 * A board's documents (spec §3 document): its lists, assignments, the primary document, SAMI and custom documents;
 * the admin's changes of them (`board-document-writes.ts`).
 */
const boardDocuments = { ...documents, boardDocumentPage, assignableDocumentPage };

export type BoardDocumentsRepository = typeof boardDocuments & ReturnType<typeof boardDocumentWrites>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents of one board, for `routes/boards/_id/documents.ts`. */
    boardDocuments: BoardDocumentsRepository;
  }
}

export default repositoryModule('boardDocuments', ({ db }) => ({
  ...boardDocuments,
  ...boardDocumentWrites(db),
}));
