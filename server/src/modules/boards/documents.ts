import { and, count, eq, ne } from 'drizzle-orm';
import {
  MESSAGES,
  changedDocumentFields,
  documentUpdateIssues,
  type BoardDocument,
  type DocumentUpdate,
  type PortalDocument,
} from '@portal/resources';
import { boardDocuments, documents } from '../../db/schema-boards.js';
import { ApiError, notFound } from '../../transport/errors.js';
import type { BoardRow, Executor } from './boards.js';

export type DocumentRow = typeof documents.$inferSelect;

export const documentColumns = {
  id: documents.id,
  title: documents.title,
  type: documents.type,
  filename: documents.filename,
  source: documents.source,
  exclusive: documents.exclusive,
};

export const toDocument = (row: DocumentRow): PortalDocument => ({
  id: row.id,
  title: row.title,
  type: row.type,
  filename: row.filename,
  url: row.url,
  source: row.source,
  exclusive: row.exclusive,
});

export const documentNotFound = () => notFound('Document not found.', ['document']);
export const notAssigned = () => notFound('This document is not assigned to this board.', ['document']);

/** "A board without ISPN cannot get documents" (spec calls §8.4). */
export function assertHasIspn(board: BoardRow) {
  if (!board.ispn) throw ApiError.of(409, 'conflict', MESSAGES.boardWithoutIspn, ['ispn']);
}

export async function findDocument(db: Executor, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw documentNotFound();
  return row;
}

export async function assignmentOf(db: Executor, boardId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(boardDocuments)
    .where(and(eq(boardDocuments.boardId, boardId), eq(boardDocuments.documentId, documentId)))
    .limit(1);
  return row;
}

/** Makes a document the board's primary one (the previous primary stops being it), or stops it being primary. */
export async function setPrimary(tx: Executor, boardId: string, documentId: string, primary: boolean) {
  if (primary) {
    await tx
      .update(boardDocuments)
      .set({ primary: false })
      .where(
        and(
          eq(boardDocuments.boardId, boardId),
          eq(boardDocuments.primary, true),
          ne(boardDocuments.documentId, documentId),
        ),
      );
  }
  await tx
    .update(boardDocuments)
    .set({ primary })
    .where(and(eq(boardDocuments.boardId, boardId), eq(boardDocuments.documentId, documentId)));
}

/**
 * The columns an update of a document writes, after its rules: the texts of a SAMI document are refused with 409,
 * changed texts of a user document are checked against the form's rules (400 per field), unchanged ones are not.
 */
export function documentChanges(
  before: PortalDocument,
  update: DocumentUpdate,
): Partial<typeof documents.$inferInsert> {
  const texts = changedDocumentFields(before, update);
  if (before.source === 'sami' && texts.length) {
    throw ApiError.of(
      409,
      'conflict',
      'This document is imported from SAMI: its title, type, file name and address cannot be changed here.',
      texts,
    );
  }
  const issues = documentUpdateIssues(before, update);
  if (issues.length) {
    throw new ApiError(
      400,
      issues.map(({ field, message }) => ({
        errorCode: 'invalid_request',
        resources: [field],
        messages: [message],
      })),
    );
  }
  const changed: Partial<typeof documents.$inferInsert> = Object.fromEntries(
    texts.map((field) => [field, update[field]!.trim()]),
  );
  if (update.exclusive !== undefined && update.exclusive !== before.exclusive)
    changed.exclusive = update.exclusive;
  return changed;
}

/** Applies an update to a document after its rules (`documentChanges`), for every board showing it. */
export async function updateDocument(tx: Executor, before: PortalDocument, update: DocumentUpdate) {
  const changed = documentChanges(before, update);
  if (Object.keys(changed).length) {
    await tx
      .update(documents)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(documents.id, before.id));
  }
}

export const assignedTo = (db: Executor, boardId: string) =>
  db
    .select({ id: boardDocuments.documentId })
    .from(boardDocuments)
    .where(eq(boardDocuments.boardId, boardId));

/** A document as one board shows it (with its primary flag), or 404 when it is not assigned to the board. */
export async function boardDocument(
  tx: Executor,
  boardId: string,
  documentId: string,
): Promise<BoardDocument> {
  const assignment = await assignmentOf(tx, boardId, documentId);
  if (!assignment) throw notAssigned();
  return { ...toDocument(await findDocument(tx, documentId)), primary: assignment.primary };
}

/** The ids of the board's primary documents (one at most). */
export const primaryDocumentIds = async (db: Executor, boardId: string): Promise<string[]> =>
  (
    await db
      .select({ id: boardDocuments.documentId })
      .from(boardDocuments)
      .where(and(eq(boardDocuments.boardId, boardId), eq(boardDocuments.primary, true)))
  ).map((row) => row.id);

/** How many boards other than this one (if given) show the document. */
export async function boardsShowing(
  db: Pick<Executor, 'select'>,
  documentId: string,
  except?: string,
): Promise<number> {
  const [shown] = await db
    .select({ total: count() })
    .from(boardDocuments)
    .where(
      and(eq(boardDocuments.documentId, documentId), except ? ne(boardDocuments.boardId, except) : undefined),
    );
  return shown!.total;
}

/** Creates a user (custom) document, on no board yet ({@link putOnBoard} puts it on one). */
export async function createDocument(
  tx: Executor,
  fields: Omit<typeof documents.$inferInsert, 'source'>,
): Promise<DocumentRow> {
  const [row] = await tx
    .insert(documents)
    .values({ ...fields, source: 'custom' })
    .returning();
  return row!;
}

/**
 * Puts a document on the board (locked by the caller), as its primary one when asked; 409 duplicate when it is
 * there already. What creating a document on a board and assigning an existing one share.
 */
export async function putOnBoard(
  tx: Executor,
  boardId: string,
  document: DocumentRow,
  primary: boolean,
): Promise<BoardDocument> {
  const [added] = await tx
    .insert(boardDocuments)
    .values({ boardId, documentId: document.id })
    .onConflictDoNothing()
    .returning();
  if (!added) {
    throw ApiError.of(409, 'duplicate', 'This document is already assigned to this board.', ['documentId']);
  }
  if (primary) await setPrimary(tx, boardId, document.id, true);
  return { ...toDocument(document), primary };
}

export async function unassignDocument(tx: Executor, boardId: string, documentId: string): Promise<void> {
  await tx
    .delete(boardDocuments)
    .where(and(eq(boardDocuments.boardId, boardId), eq(boardDocuments.documentId, documentId)));
}

export async function deleteDocument(tx: Executor, documentId: string): Promise<void> {
  await tx.delete(documents).where(eq(documents.id, documentId));
}
