import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_FILE_SIZE_BYTES,
  TOOL_ICON_MAX_BYTES,
  TOOL_ICON_SIZE_TEXT,
  TOOL_ICON_TYPE_LIST,
  TOOL_ICON_TYPES,
  catalogueFileInputSchema,
  catalogueFileSchema,
  fileBytesSchema,
  softwareRecordSchema,
  softwareResource,
  toolIconProblem,
  toolIconTypeOf,
  toolInputSchema,
  toolUpdateSchema,
  toolVersionDetailSchema,
  toolVersionInputSchema,
  sizeLimitText,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { ApiError } from '../../transport/errors.js';
import { checkUploadName, throwUploadProblems } from '../../uploads/file-rules.js';
import type { ModuleOptions } from '../../crud/module.js';
import { errorResponses } from '../../crud/openapi.js';
import { catalogueAdminRoutes } from '../../modules/catalogue/admin-routes.js';
import { bearerSecurity as security } from '../../crud/openapi.js';

const tags = ['software (admin)'];
// The file name is checked by the upload rule (checkUploadName); the router bounds the segment.
const fileParams = z.object({ id: z.uuid(), versionId: z.uuid(), fileName: z.string().min(1) });

/**
 * The admin side of software and tools (spec §2.3 /admin/manage-assets, /admin/software/{id}/versions,
 * /admin/software/{id}/request-flow): tools, their versions, the versions' files and the request flow.
 */
const softwareAdminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { software } = app;
  const rule = { access: access.resource(softwareResource, 'edit') };

  // Files arrive as their bytes; only these routes accept such a body.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_FILE_SIZE_BYTES },
    (_request, body, done) => done(null, body),
  );

  await app.register(
    catalogueAdminRoutes(db, {
      definition: softwareResource,
      tags,
      key: 'id',
      keySchema: z.uuid(),
      noun: 'tool',
      schemas: {
        summary: softwareRecordSchema,
        detail: softwareRecordSchema,
        input: toolInputSchema,
        update: toolUpdateSchema,
        version: toolVersionDetailSchema,
        versionInput: toolVersionInputSchema,
      },
      summaries: {
        list: 'List tools and software with every version (filters type, isRemoved, q over name and feature ID)',
        show: 'One tool with every version',
        create: 'Create a tool (409 `duplicate` when the feature ID is taken)',
        update: 'Change a tool (its feature ID stays)',
        remove: 'Delete a tool with its versions and files; answers the deleted record',
        versions: "Every version of a tool, oldest first (canDownload is the catalogue's own switch here)",
        version: 'One version of a tool',
        createVersion:
          'Add a version (a serial product number makes it payable and needs a price; 409 `duplicate` for a label the tool has)',
        updateVersion: 'Change a version (its files stay)',
        removeVersion: 'Delete a version with its files; answers the deleted version',
      },
      removeConflicts: true,
      items: software,
    }),
    { db },
  );

  app.put(
    '/:id/versions/:versionId/files/:fileName',
    {
      config: rule,
      bodyLimit: MAX_UPLOAD_FILE_SIZE_BYTES,
      schema: {
        tags,
        summary: `Upload (or replace) a file of a version: the body is the file's bytes (\`application/octet-stream\`, at most ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)}); the server computes its SHA-256`,
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
      const { fileName } = request.params;
      checkUploadName(fileName);
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
      config: rule,
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

  // An icon arrives as its bytes, typed as the image it is; the icon rule checks both.
  app.addContentTypeParser(
    Object.keys(TOOL_ICON_TYPES),
    // One byte over the rule's limit, so the rule itself answers an icon too big (its message, not the router's).
    { parseAs: 'buffer', bodyLimit: TOOL_ICON_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/:id/icon',
    {
      config: rule,
      bodyLimit: TOOL_ICON_MAX_BYTES + 1,
      schema: {
        tags,
        summary: `Give a tool its icon: the body is an image (${TOOL_ICON_TYPE_LIST}) of at most ${TOOL_ICON_SIZE_TEXT}, sent as its type; the tool's \`icon\` then names it (served for good under its content's hash)`,
        security,
        params: z.object({ id: z.uuid() }),
        consumes: Object.keys(TOOL_ICON_TYPES),
        body: fileBytesSchema,
        response: { 200: softwareRecordSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) {
        throw ApiError.of(415, 'unsupported_media_type', `Send the icon as one of ${TOOL_ICON_TYPE_LIST}.`, [
          'body',
        ]);
      }
      throwUploadProblems('icon', [toolIconProblem(request.headers['content-type'] ?? '', bytes)]);
      return software.setIcon(request, request.params.id, bytes, toolIconTypeOf(bytes)!);
    },
  );
};

export default softwareAdminRoutes;
