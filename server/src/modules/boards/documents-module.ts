import { repositoryModule } from '../../http/module.js';
import * as boardDocuments from './documents.js';

/** A board's documents (spec §3 document): assignments, the primary document, SAMI and custom documents. */
export type BoardDocumentsRepository = typeof boardDocuments;

declare module 'fastify' {
  interface FastifyInstance {
    /** The documents of one board, for `routes/boards/_id/documents.ts`. */
    boardDocuments: BoardDocumentsRepository;
  }
}

export default repositoryModule('boardDocuments', () => boardDocuments);
