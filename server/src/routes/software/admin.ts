import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_FILE_SIZE_BYTES,
  catalogueFileInputSchema,
  catalogueFileSchema,
  fileBytesSchema,
  errorCodeOf,
  softwareRecordSchema,
  softwareResource,
  toolInputSchema,
  toolUpdateSchema,
  toolVersionDetailSchema,
  toolVersionInputSchema,
  uploadFileNameSchema,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { tools } from '../../db/schema-catalogue.js';
import { ApiError } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import type { ToolSummaryRow } from '../../modules/catalogue/records.js';
import { duplicateFeature } from '../../modules/catalogue/software-repository.js';
import { errorResponses } from '../schemas.js';
import { refusing, wholeListRange } from '../../modules/catalogue/admin-writes.js';
import { requestFlowRoutes } from '../../modules/catalogue/request-flow-routes.js';

const tags = ['software (admin)'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
const fileParams = versionParams.extend({ fileName: z.string().min(1).max(255) });

const listColumns = {
  id: tools.id,
  name: tools.name,
  featureId: tools.featureId,
  type: tools.type,
  isRemoved: tools.isRemoved,
};

const duplicateVersion = () =>
  ApiError.of(409, 'duplicate', 'This tool already has this version.', ['version']);

/** The upload's name, checked by the upload rules (their error codes: invalid_name, name_too_long). */
function checkedFileName(fileName: string): string {
  const parsed = uploadFileNameSchema
    .refine((name) => !/^\.+$/.test(name), { error: 'A file name needs more than dots.' })
    .safeParse(fileName);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw ApiError.of(400, errorCodeOf(issue) ?? 'invalid_request', issue.message, ['fileName']);
  }
  return fileName;
}

/**
 * The admin side of software and tools (spec §2.3 /admin/manage-assets, /admin/software/{id}/versions,
 * /admin/software/{id}/request-flow): tools, their versions, the versions' files and the request flow.
 */
const softwareAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { software, catalogue: ctx } = app;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(softwareResource, action),
  });

  // Files arrive as their bytes; only these routes accept such a body.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_FILE_SIZE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '',
    {
      config: rule('list'),
      schema: {
        tags,
        summary:
          'List tools and software with every version (filters type, isRemoved, q over name and feature ID)',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(softwareRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<ToolSummaryRow>(
        { db: ctx.db, table: tools, columns: listColumns, definition: softwareResource },
        request,
        reply,
      );
      return software.records(rows);
    },
  );

  app.get(
    '/:id',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One tool with every version',
        security,
        params: idParams,
        response: { 200: softwareRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => software.record(await software.findTool(request.params.id)),
  );

  app.post(
    '',
    {
      config: rule('create'),
      schema: {
        tags,
        summary: 'Create a tool (409 `duplicate` when the feature ID is taken)',
        security,
        body: toolInputSchema,
        response: { 201: softwareRecordSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await refusing(software.createTool(request, request.body), { duplicate: duplicateFeature })),
  );

  app.put(
    '/:id',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change a tool (its feature ID stays)',
        security,
        params: idParams,
        body: toolUpdateSchema,
        response: { 200: softwareRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => software.updateTool(request, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: rule('delete'),
      schema: {
        tags,
        summary: 'Delete a tool with its versions and files; answers the deleted record',
        security,
        params: idParams,
        response: { 200: softwareRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => software.deleteTool(request, request.params.id),
  );

  app.get(
    '/:id/versions',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: "Every version of a tool, oldest first (canDownload is the catalogue's own switch here)",
        security,
        params: idParams,
        response: { 200: z.array(toolVersionDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const versions = await software.versions(request.params.id);
      reply.header('Content-Range', wholeListRange(versions.length));
      return versions;
    },
  );

  app.get(
    '/:id/versions/:versionId',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One version of a tool',
        security,
        params: versionParams,
        response: { 200: toolVersionDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { tool, version } = await software.findToolVersion(request.params.id, request.params.versionId);
      return software.versionRecord(tool, version);
    },
  );

  app.post(
    '/:id/versions',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary:
          'Add a version (a serial product number makes it payable and needs a price; 409 `duplicate` for a label the tool has)',
        security,
        params: idParams,
        body: toolVersionInputSchema,
        response: { 201: toolVersionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = software.createVersion(request, request.params.id, request.body);
      return reply.code(201).send(await refusing(created, { duplicate: duplicateVersion }));
    },
  );

  app.put(
    '/:id/versions/:versionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change a version (its files stay)',
        security,
        params: versionParams,
        body: toolVersionInputSchema,
        response: { 200: toolVersionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      refusing(software.updateVersion(request, request.params.id, request.params.versionId, request.body), {
        duplicate: duplicateVersion,
      }),
  );

  app.delete(
    '/:id/versions/:versionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Delete a version with its files; answers the deleted version',
        security,
        params: versionParams,
        response: { 200: toolVersionDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => software.deleteVersion(request, request.params.id, request.params.versionId),
  );

  app.put(
    '/:id/versions/:versionId/files/:fileName',
    {
      config: rule('edit'),
      bodyLimit: MAX_UPLOAD_FILE_SIZE_BYTES,
      schema: {
        tags,
        summary:
          "Upload (or replace) a file of a version: the body is the file's bytes (`application/octet-stream`, at most 25 MB); the server computes its SHA-256",
        security,
        params: fileParams,
        querystring: catalogueFileInputSchema,
        consumes: ['application/octet-stream'],
        body: fileBytesSchema,
        response: {
          200: catalogueFileSchema,
          201: catalogueFileSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const fileName = checkedFileName(request.params.fileName);
      if (!Buffer.isBuffer(request.body)) {
        throw ApiError.of(415, 'unsupported_media_type', 'Send the file as application/octet-stream.', [
          'body',
        ]);
      }
      const { record, created } = await software.putFile(
        request,
        { toolId: request.params.id, versionId: request.params.versionId, fileName },
        request.query,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(record);
    },
  );

  app.delete(
    '/:id/versions/:versionId/files/:fileName',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Delete a file of a version; answers the deleted file',
        security,
        params: fileParams,
        response: { 200: catalogueFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      software.deleteFile(request, {
        toolId: request.params.id,
        versionId: request.params.versionId,
        fileName: request.params.fileName,
      }),
  );

  requestFlowRoutes(app, {
    path: '/:id',
    params: idParams,
    tags,
    security,
    noun: 'tool',
    entity: 'tool',
    rule,
    find: (params, tx) => software.findTool(params.id, tx),
    transaction: software.transaction,
    save: software.saveRequestFlow,
  });
};

export default softwareAdminRoutes;
