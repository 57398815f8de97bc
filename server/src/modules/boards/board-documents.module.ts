import { repositoryModule } from '../../crud/module.js';
import { assignableDocumentPage, boardDocumentPage } from './documents.module.js';
import * as documents from './documents.js';

/** A board's documents (spec §3 document): its lists, assignments, the primary document, SAMI and custom documents. */
const boardDocuments = { ...documents, boardDocumentPage, assignableDocumentPage };

export type BoardDocumentsRepository = typeof boardDocuments;

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents of one board, for `routes/boards/_id/documents.ts`. */
    boardDocuments: BoardDocumentsRepository;
  }
}

export default repositoryModule('boardDocuments', () => boardDocuments);
