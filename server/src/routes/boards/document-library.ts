import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCreateSchema,
  documentSchema,
  documentUpdateSchema,
  documentsResource,
  type PortalDocument,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boardDocuments, documents } from '../../db/schema-boards.js';
import { audit } from '../../http/audit.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import {
  documentColumns,
  toDocument,
  updateDocument,
  type DocumentRow,
} from '../../modules/boards/documents.js';
import { rangeHeaders, security } from './records.js';
import type { Executor } from '../../modules/boards/boards.js';

const tags = ['documents'];
const params = z.object({ id: z.uuid() });

const documentNotFound = () => notFound('Document not found.', ['document']);

async function requireDocument(db: Executor, id: string): Promise<PortalDocument> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw documentNotFound();
  return toDocument(row);
}

/**
 * Every document boards can show (documentsResource, the admin console's Documents menu): SAMI-imported ones and
 * user documents. Boards assign them under `boards/{id}/documents`.
 */
export const documentLibraryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/documents',
    {
      config: { access: access.resource(documentsResource, 'list') },
      schema: {
        tags,
        summary:
          'List documents (react-admin simple-rest: Range `documents=0-24`, sort title|type|filename, filters source (sami|custom), exclusive, q over title and file name)',
        security,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(documentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<DocumentRow>(
        { db, table: documents, columns: documentColumns, definition: documentsResource },
        request,
        reply,
      );
      return rows.map(toDocument);
    },
  );

  app.get(
    '/documents/:id',
    {
      config: { access: access.resource(documentsResource, 'show') },
      schema: {
        tags,
        summary: 'One document',
        security,
        params,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requireDocument(db, request.params.id),
  );

  app.post(
    '/documents',
    {
      config: { access: access.resource(documentsResource, 'create') },
      schema: {
        tags,
        summary:
          'Create a user (custom) document: title (letters, digits, spaces and _-.+), type, file name (letters, digits, spaces, -_()), the url of the file and the exclusive flag',
        security,
        body: documentCreateSchema,
        response: { 201: documentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const { title, type, filename, url, exclusive } = request.body;
        const [row] = await tx
          .insert(documents)
          .values({ title: title.trim(), type, filename: filename.trim(), url, exclusive, source: 'custom' })
          .returning();
        const record = toDocument(row!);
        await audit(tx, request, { action: 'create', entity: 'document', entityId: row!.id, after: record });
        return record;
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/documents/:id',
    {
      config: { access: access.resource(documentsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Change a document for every board showing it; fields left out keep their value and unchanged ones are not checked again. A SAMI document changes only its exclusive flag (409 conflict for the others)',
        security,
        params,
        body: documentUpdateSchema,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(documents)
          .where(eq(documents.id, request.params.id))
          .limit(1)
          .for('update');
        if (!locked) throw documentNotFound();
        const before = toDocument(locked);
        await updateDocument(tx, before, request.body);
        const after = await requireDocument(tx, before.id);
        await audit(tx, request, {
          action: 'update',
          entity: 'document',
          entityId: before.id,
          before,
          after,
        });
        return after;
      }),
  );

  app.delete(
    '/documents/:id',
    {
      config: { access: access.resource(documentsResource, 'delete') },
      schema: {
        tags,
        summary:
          'Delete a user document; refused with 409 conflict for SAMI documents and while boards still show it. Answers the deleted document',
        security,
        params,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const record = await requireDocument(tx, request.params.id);
        if (record.source === 'sami') {
          throw ApiError.of(409, 'conflict', 'This document is imported from SAMI and cannot be deleted.', [
            'document',
          ]);
        }
        const [shown] = await tx
          .select({ total: count() })
          .from(boardDocuments)
          .where(eq(boardDocuments.documentId, record.id));
        if (shown!.total > 0) {
          throw ApiError.of(
            409,
            'conflict',
            `This document is shown on ${shown!.total === 1 ? 'a board' : `${shown!.total} boards`}; unassign it from ${shown!.total === 1 ? 'that board' : 'them'} first.`,
            ['document'],
          );
        }
        await tx.delete(documents).where(eq(documents.id, record.id));
        await audit(tx, request, {
          action: 'delete',
          entity: 'document',
          entityId: record.id,
          before: record,
        });
        return record;
      }),
  );
};
