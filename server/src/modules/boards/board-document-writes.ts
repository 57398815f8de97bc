import type { FastifyRequest } from 'fastify';
import type { AuditAction, BoardDocument, BoardDocumentCreate, BoardDocumentUpdate } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { isForeignKeyViolation } from '../../transport/database-errors.js';
import { ApiError } from '../../transport/errors.js';
import { boardNotFound, lockBoard, type BoardRow, type Executor } from './boards.js';
import {
  assertHasIspn,
  boardDocument,
  boardsShowing,
  createDocument,
  deleteDocument,
  documentNotFound,
  findDocument,
  putOnBoard,
  setPrimary,
  unassignDocument,
  updateDocument,
} from './documents.js';
import { auditBoard } from './route-schemas.js';

type Requester = Pick<FastifyRequest, 'currentUser'>;
type Change = (tx: Executor, board: BoardRow) => Promise<{ answer: BoardDocument } & Audited>;
interface Audited {
  before?: BoardDocument;
  after?: BoardDocument;
}

/** A foreign-key violation of a write as the 404 of what went missing meanwhile. */
async function whileGone<T>(write: () => Promise<T>, gone: () => ApiError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone();
    throw error;
  }
}

/** The admin's changes of a board's documents: each with the board locked and one audit record on the board. */
export const boardDocumentWrites = (db: Database) => {
  const changeDocuments = (request: Requester, boardId: string, action: AuditAction, change: Change) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const { answer, ...audited } = await change(tx, board);
      await auditBoard(tx, request, board.id, action, audited);
      return answer;
    });
  return {
    /** A user (custom) document created on the board (409 without ISPN; 404 when the board went meanwhile). */
    createOnBoard: (
      request: Requester,
      boardId: string,
      { primary = false, ...fields }: BoardDocumentCreate,
    ) =>
      whileGone(
        () =>
          changeDocuments(request, boardId, 'create_document', async (tx, board) => {
            assertHasIspn(board);
            const after = await putOnBoard(tx, board.id, await createDocument(tx, fields), primary);
            return { answer: after, after };
          }),
        boardNotFound,
      ),

    /** A board document's fields (a SAMI one's are refused, 409) and whether it is the board's primary one. */
    updateOnBoard: (request: Requester, boardId: string, documentId: string, body: BoardDocumentUpdate) =>
      changeDocuments(request, boardId, 'update_document', async (tx, board) => {
        const before = await boardDocument(tx, board.id, documentId);
        const { primary, ...changes } = body;
        await updateDocument(tx, before, changes);
        if (primary !== undefined && primary !== before.primary) {
          await setPrimary(tx, board.id, before.id, primary);
        }
        const after = await boardDocument(tx, board.id, before.id);
        return { answer: after, before, after };
      }),

    /** Deletes a user document for good: 409 for a SAMI one and for one other boards still show. */
    deleteFromBoard: (request: Requester, boardId: string, documentId: string) =>
      changeDocuments(request, boardId, 'delete_document', async (tx, board) => {
        const record = await boardDocument(tx, board.id, documentId);
        if (record.source === 'sami') {
          throw ApiError.of(
            409,
            'conflict',
            'This document is imported from SAMI and cannot be deleted; unassign it from the board instead.',
            ['document'],
          );
        }
        const others = await boardsShowing(tx, record.id, board.id);
        if (others > 0) {
          throw ApiError.of(
            409,
            'conflict',
            `This document is also shown on ${others === 1 ? 'another board' : `${others} other boards`}; unassign it from this board instead.`,
            ['document'],
          );
        }
        await deleteDocument(tx, record.id);
        return { answer: record, before: record };
      }),

    /** An existing document put on the board (409 duplicate or without ISPN; 404 when it went meanwhile). */
    assign: (request: Requester, boardId: string, documentId: string, primary = false) =>
      whileGone(
        () =>
          changeDocuments(request, boardId, 'assign_document', async (tx, board) => {
            assertHasIspn(board);
            const after = await putOnBoard(tx, board.id, await findDocument(tx, documentId), primary);
            return { answer: after, after };
          }),
        documentNotFound,
      ),

    /** A document taken off the board; the document itself stays. */
    unassign: (request: Requester, boardId: string, documentId: string) =>
      changeDocuments(request, boardId, 'unassign_document', async (tx, board) => {
        const record = await boardDocument(tx, board.id, documentId);
        await unassignDocument(tx, board.id, record.id);
        return { answer: record, before: record };
      }),
  };
};
