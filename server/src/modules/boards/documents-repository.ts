import {
  documentsResource,
  type DocumentCreate,
  type DocumentUpdate,
  type PortalDocument,
} from '@portal/resources';
import { documents } from '../../db/schema-boards.js';
import { ApiError } from '../../http/errors.js';
import { repositoryModule } from '../../http/module.js';
import { defineRepository, type Repository } from '../../http/repository.js';
import {
  boardsShowing,
  documentChanges,
  documentColumns,
  toDocument,
  type DocumentRow,
} from './documents.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The document library (spec §3 document): SAMI-imported and user documents boards can show. */
    documents: Repository<DocumentRow, PortalDocument>;
  }
}

/** A SAMI document is never deleted; a user document only once no board shows it. */
async function assertMayDelete(tx: Parameters<typeof boardsShowing>[0], record: PortalDocument) {
  if (record.source === 'sami') {
    throw ApiError.of(409, 'conflict', 'This document is imported from SAMI and cannot be deleted.', [
      'document',
    ]);
  }
  const shown = await boardsShowing(tx, record.id);
  if (shown > 0) {
    throw ApiError.of(
      409,
      'conflict',
      `This document is shown on ${shown === 1 ? 'a board' : `${shown} boards`}; unassign it from ${shown === 1 ? 'that board' : 'them'} first.`,
      ['document'],
    );
  }
}

export const documentsRepository = defineRepository<typeof documents, PortalDocument>(
  documentsResource,
  documents,
  {
    columns: documentColumns,
    toRecords: async (_db, rows) => rows.map(toDocument),
    insertValues: (input) => {
      const { title, type, filename, url, exclusive } = input as DocumentCreate;
      return { title: title.trim(), type, filename: filename.trim(), url, exclusive, source: 'custom' };
    },
    updateValues: (input, before) => documentChanges(toDocument(before), input as DocumentUpdate),
    beforeDelete: ({ tx }, _row, record) => assertMayDelete(tx, record),
  },
);

export default repositoryModule('documents', () => documentsRepository);
