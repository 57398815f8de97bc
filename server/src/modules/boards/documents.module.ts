import { inArray, notInArray, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  documentsResource,
  type BoardDocument,
  type DocumentCreate,
  type DocumentUpdate,
  type PortalDocument,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema-boards.js';
import { ApiError } from '../../transport/errors.js';
import { listRows } from '../../crud/list.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import {
  assignedTo,
  boardsShowing,
  documentChanges,
  primaryDocumentIds,
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

type ListRequest = Parameters<typeof listRows>[1];

/**
 * A page of the document library in the simple-rest dialect, on one side of a board: the documents on it or those
 * not on it. Its Content-Range unit stays `documents` (why these lists are not `resourceRoutes`: server README).
 */
const libraryPage = (db: Database, scope: SQL, request: ListRequest, reply: FastifyReply) =>
  listRows<DocumentRow>(
    { db, table: documents, columns: documentColumns, definition: documentsResource, scope },
    request,
    reply,
  );

/** A page of the board's documents, each with the board's primary flag. */
export async function boardDocumentPage(
  db: Database,
  boardId: string,
  request: ListRequest,
  reply: FastifyReply,
): Promise<BoardDocument[]> {
  const rows = await libraryPage(db, inArray(documents.id, assignedTo(db, boardId)), request, reply);
  const primary = rows.length ? await primaryDocumentIds(db, boardId) : [];
  return rows.map((row) => ({ ...toDocument(row), primary: primary.includes(row.id) }));
}

/** A page of the documents not on the board yet, to pick one to assign. */
export async function assignableDocumentPage(
  db: Database,
  boardId: string,
  request: ListRequest,
  reply: FastifyReply,
): Promise<PortalDocument[]> {
  const rows = await libraryPage(db, notInArray(documents.id, assignedTo(db, boardId)), request, reply);
  return rows.map(toDocument);
}
