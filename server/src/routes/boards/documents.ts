import { and, count, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  boardDocumentCreateSchema,
  boardDocumentSchema,
  boardDocumentUpdateSchema,
  boardsResource,
  changedDocumentFields,
  documentAssignmentSchema,
  documentUpdateIssues,
  documentSchema,
  documentsResource,
  type BoardDocument,
  type DocumentUpdate,
  type PortalDocument,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boardDocuments, documents } from '../../db/schema-boards.js';
import { isForeignKeyViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import {
  auditBoard,
  boardNotFound,
  boardParams,
  lockBoard,
  rangeHeaders,
  requireBoard,
  security,
  tags,
  type BoardRow,
  type Executor,
} from './records.js';

export type DocumentRow = typeof documents.$inferSelect;

export const documentColumns = {
  id: documents.id,
  title: documents.title,
  type: documents.type,
  filename: documents.filename,
  source: documents.source,
  exclusive: documents.exclusive,
};

const documentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

export const toDocument = (row: DocumentRow): PortalDocument => ({
  id: row.id,
  title: row.title,
  type: row.type,
  filename: row.filename,
  url: row.url,
  source: row.source,
  exclusive: row.exclusive,
});

const documentNotFound = () => notFound('Document not found.', ['document']);
const notAssigned = () => notFound('This document is not assigned to this board.', ['document']);

/** "A board without ISPN cannot get documents" (spec calls §8.4). */
function assertHasIspn(board: BoardRow) {
  if (!board.ispn) throw ApiError.of(409, 'conflict', MESSAGES.boardWithoutIspn, ['ispn']);
}

async function findDocument(db: Executor, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw documentNotFound();
  return row;
}

async function assignmentOf(db: Executor, boardId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(boardDocuments)
    .where(and(eq(boardDocuments.boardId, boardId), eq(boardDocuments.documentId, documentId)))
    .limit(1);
  return row;
}

/** Makes a document the board's primary one (the previous primary stops being it), or stops it being primary. */
async function setPrimary(tx: Executor, boardId: string, documentId: string, primary: boolean) {
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
 * Applies an update to a document after its rules: the texts of a SAMI document are refused with 409, changed
 * texts of a user document are checked against the form's rules (400 per field), unchanged ones are not.
 */
export async function updateDocument(tx: Executor, before: PortalDocument, update: DocumentUpdate) {
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
  if (Object.keys(changed).length) {
    await tx
      .update(documents)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(documents.id, before.id));
  }
}

const assignedTo = (db: Executor, boardId: string) =>
  db
    .select({ id: boardDocuments.documentId })
    .from(boardDocuments)
    .where(eq(boardDocuments.boardId, boardId));

/**
 * Documents of a board (spec product §2.3 documents/edit and documents/add, §3 document): SAMI-imported and user
 * (custom) documents, the exclusive flag, the primary document, assign an existing document, unassign, create,
 * delete. SAMI documents keep what SAMI gives them and are never deleted here.
 */
export const boardDocumentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const withBoardGone = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw boardNotFound();
      throw error;
    }
  };

  async function boardDocument(tx: Executor, boardId: string, documentId: string): Promise<BoardDocument> {
    const assignment = await assignmentOf(tx, boardId, documentId);
    if (!assignment) throw notAssigned();
    return { ...toDocument(await findDocument(tx, documentId)), primary: assignment.primary };
  }

  app.get(
    '/boards/:id/documents',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          "The board's documents with their primary flag (react-admin simple-rest: Range `documents=0-24`, sort title|type|filename, filters source (sami|custom), exclusive, q)",
        security,
        params: boardParams,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(boardDocumentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const board = await requireBoard(db, request.params.id);
      const rows = await listRows<DocumentRow>(
        {
          db,
          table: documents,
          columns: documentColumns,
          definition: documentsResource,
          scope: inArray(documents.id, assignedTo(db, board.id)),
        },
        request,
        reply,
      );
      const primary = rows.length
        ? await db
            .select({ id: boardDocuments.documentId })
            .from(boardDocuments)
            .where(and(eq(boardDocuments.boardId, board.id), eq(boardDocuments.primary, true)))
        : [];
      return rows.map((row) => ({ ...toDocument(row), primary: primary.some((p) => p.id === row.id) }));
    },
  );

  app.get(
    '/boards/:id/documents/assignable',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          'Documents not yet assigned to this board, to pick one to assign (react-admin simple-rest: Range `documents=0-24`, sort title|type|filename, filters source, exclusive, q)',
        security,
        params: boardParams,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(documentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const board = await requireBoard(db, request.params.id);
      const rows = await listRows<DocumentRow>(
        {
          db,
          table: documents,
          columns: documentColumns,
          definition: documentsResource,
          scope: notInArray(documents.id, assignedTo(db, board.id)),
        },
        request,
        reply,
      );
      return rows.map(toDocument);
    },
  );

  app.post(
    '/boards/:id/documents',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Create a user (custom) document and assign it to the board; the file is uploaded or hosted separately and given by its url. A board without ISPN cannot get documents (409 conflict)',
        security,
        params: boardParams,
        body: boardDocumentCreateSchema,
        response: { 201: boardDocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { primary = false, ...fields } = request.body;
      const created = await withBoardGone(() =>
        db.transaction(async (tx) => {
          const board = await lockBoard(tx, request.params.id);
          assertHasIspn(board);
          const [row] = await tx
            .insert(documents)
            .values({ ...fields, source: 'custom' })
            .returning();
          await tx.insert(boardDocuments).values({ boardId: board.id, documentId: row!.id });
          if (primary) await setPrimary(tx, board.id, row!.id, true);
          const record = { ...toDocument(row!), primary };
          await auditBoard(tx, request, board.id, 'create_document', { after: record });
          return record;
        }),
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/boards/:id/documents/:documentId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          "Change a board's document: title, type, filename, url and exclusive of a user document (for every board it is on), and whether it is this board's primary document. A SAMI document's title, type, filename and url come from SAMI: changing them is refused with 409 conflict",
        security,
        params: documentParams,
        body: boardDocumentUpdateSchema,
        response: { 200: boardDocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = await boardDocument(tx, board.id, request.params.documentId);
        const { primary, ...changes } = request.body;
        await updateDocument(tx, before, changes);
        if (primary !== undefined && primary !== before.primary) {
          await setPrimary(tx, board.id, before.id, primary);
        }
        const after = await boardDocument(tx, board.id, before.id);
        await auditBoard(tx, request, board.id, 'update_document', { before, after });
        return after;
      }),
  );

  app.delete(
    '/boards/:id/documents/:documentId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Delete a user document for good. Refused with 409 conflict for SAMI documents and for documents other boards still show (unassign it from this board instead). Answers the deleted document',
        security,
        params: documentParams,
        response: { 200: boardDocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const record = await boardDocument(tx, board.id, request.params.documentId);
        if (record.source === 'sami') {
          throw ApiError.of(
            409,
            'conflict',
            'This document is imported from SAMI and cannot be deleted; unassign it from the board instead.',
            ['document'],
          );
        }
        const [others] = await tx
          .select({ total: count() })
          .from(boardDocuments)
          .where(and(eq(boardDocuments.documentId, record.id), ne(boardDocuments.boardId, board.id)));
        if (others!.total > 0) {
          throw ApiError.of(
            409,
            'conflict',
            `This document is also shown on ${others!.total === 1 ? 'another board' : `${others!.total} other boards`}; unassign it from this board instead.`,
            ['document'],
          );
        }
        await tx.delete(documents).where(eq(documents.id, record.id));
        await auditBoard(tx, request, board.id, 'delete_document', { before: record });
        return record;
      }),
  );

  app.post(
    '/boards/:id/document-assignments',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Assign an existing document (SAMI or user) to the board, optionally as its primary document. 409 duplicate when it is assigned already; a board without ISPN cannot get documents (409 conflict)',
        security,
        params: boardParams,
        body: documentAssignmentSchema,
        response: { 201: boardDocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { documentId, primary = false } = request.body;
      try {
        const assigned = await db.transaction(async (tx) => {
          const board = await lockBoard(tx, request.params.id);
          assertHasIspn(board);
          const document = await findDocument(tx, documentId);
          const [added] = await tx
            .insert(boardDocuments)
            .values({ boardId: board.id, documentId: document.id })
            .onConflictDoNothing()
            .returning();
          if (!added) {
            throw ApiError.of(409, 'duplicate', 'This document is already assigned to this board.', [
              'documentId',
            ]);
          }
          if (primary) await setPrimary(tx, board.id, document.id, true);
          const record = { ...toDocument(document), primary };
          await auditBoard(tx, request, board.id, 'assign_document', { after: record });
          return record;
        });
        return reply.code(201).send(assigned);
      } catch (error) {
        // The document was deleted while it was being assigned.
        if (isForeignKeyViolation(error)) throw documentNotFound();
        throw error;
      }
    },
  );

  app.delete(
    '/boards/:id/document-assignments/:documentId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Unassign a document from the board; the document itself stays (on other boards and in the catalogue). Answers the unassigned document',
        security,
        params: documentParams,
        response: { 200: boardDocumentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const record = await boardDocument(tx, board.id, request.params.documentId);
        await tx
          .delete(boardDocuments)
          .where(and(eq(boardDocuments.boardId, board.id), eq(boardDocuments.documentId, record.id)));
        await auditBoard(tx, request, board.id, 'unassign_document', { before: record });
        return record;
      }),
  );
};
