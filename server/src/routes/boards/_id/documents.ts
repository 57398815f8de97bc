import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardDocumentCreateSchema,
  boardDocumentSchema,
  boardDocumentUpdateSchema,
  boardsResource,
  documentAssignmentSchema,
  documentSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { listQuerystring } from '../../../crud/list-query.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security, tags } from '../../../modules/boards/route-schemas.js';
import { rangeHeaders } from '../../../crud/openapi.js';

const documentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

/**
 * Documents of a board (spec product §2.3 documents/edit and documents/add, §3 document): SAMI-imported and user
 * (custom) documents, the exclusive flag, the primary document, assign an existing document, unassign, create,
 * delete. SAMI documents keep what SAMI gives them and are never deleted here.
 * Not generated: these are assignments of library documents (`board_documents`, primary and exclusive flags),
 * not rows with a board column, and the list's Range unit is `documents`.
 */
const boardDocumentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { requireBoard } = app.boardContent;
  const docs = app.boardDocuments;

  app.get(
    '/documents',
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
      return docs.boardDocumentPage(db, board.id, request, reply);
    },
  );

  app.get(
    '/documents/assignable',
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
      return docs.assignableDocumentPage(db, board.id, request, reply);
    },
  );

  app.post(
    '/documents',
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
    async (request, reply) =>
      reply.code(201).send(await docs.createOnBoard(request, request.params.id, request.body)),
  );

  app.put(
    '/documents/:documentId',
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
      docs.updateOnBoard(request, request.params.id, request.params.documentId, request.body),
  );

  app.delete(
    '/documents/:documentId',
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
    async (request) => docs.deleteFromBoard(request, request.params.id, request.params.documentId),
  );

  app.post(
    '/document-assignments',
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
      const { documentId, primary } = request.body;
      return reply.code(201).send(await docs.assign(request, request.params.id, documentId, primary));
    },
  );

  app.delete(
    '/document-assignments/:documentId',
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
    async (request) => docs.unassign(request, request.params.id, request.params.documentId),
  );
};

export default boardDocumentRoutes;
