import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_FILE_SIZE_BYTES,
  catalogueFileInputSchema,
  catalogueFileSchema,
  errorCodeOf,
  requestFlowInputSchema,
  softwareRecordSchema,
  softwareResource,
  toolInputSchema,
  toolUpdateSchema,
  toolVersionDetailSchema,
  toolVersionInputSchema,
  uploadFileNameSchema,
  type RequestFlowInput,
  type RequestFlowType,
  type SoftwareRecord,
  type ToolVersionDetail,
  type ToolVersionInput,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { toolFiles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { sha256Of } from '../../storage/file-storage.js';
import { errorResponses } from '../schemas.js';
import { apiUrl, type CatalogueContext, type Executor } from '../../modules/catalogue/context.js';
import {
  filesOf,
  findToolById,
  softwareRecords,
  toCatalogueFile,
  toToolVersionDetail,
  toolColumns,
  type ToolSummaryRow,
  type VersionRow,
} from '../../modules/catalogue/records.js';

const tags = ['software (admin)'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
const fileParams = versionParams.extend({ fileName: z.string().min(1).max(255) });
const requestFlowSchema = z.object({
  requestFlow: z.enum(['cart', 'cart-with-questionnaire', 'external']),
  questionnaireId: z.uuid().nullable(),
  requestUrl: z.string().nullable(),
});

const listColumns = {
  id: tools.id,
  name: tools.name,
  featureId: tools.featureId,
  type: tools.type,
  isRemoved: tools.isRemoved,
};

const duplicateFeature = () =>
  ApiError.of(409, 'duplicate', 'Another tool already has this feature ID.', ['featureId']);
const duplicateVersion = () =>
  ApiError.of(409, 'duplicate', 'This tool already has this version.', ['version']);
const unknownQuestionnaire = () => badRequest('No questionnaire has this id.', ['questionnaireId']);

/** The request flow editor's record of a tool or bundle row. */
export const toRequestFlow = (row: {
  requestFlow: string;
  questionnaireId: string | null;
  requestUrl: string | null;
}): RequestFlowInput => ({
  requestFlow: row.requestFlow as RequestFlowType,
  questionnaireId: row.questionnaireId,
  requestUrl: row.requestUrl,
});

/** The version columns a version form writes. */
function versionValues(input: ToolVersionInput) {
  return {
    version: input.version,
    versionNumeric: input.versionNumeric,
    description: input.description,
    orderable: input.orderable,
    tags: input.tags.map((tag) => tag.trim()),
    protocolLink: input.protocolLink,
    spn: input.spn?.trim() || null,
    price: input.price,
    public: input.public,
    canDownload: input.canDownload,
    releaseNotes: input.releaseNotes,
    exportControlled: input.exportControlled,
    exportControlClassifications: input.exportControlClassifications.map((c) => c.trim()),
    links: input.links.map((link) => ({ uuid: link.uuid ?? randomUUID(), title: link.title, url: link.url })),
    dependencies: input.dependencies.map((dependency) => ({
      uuid: dependency.uuid ?? randomUUID(),
      targetFeatureId: dependency.targetFeatureId,
      minVersionNumeric: dependency.minVersionNumeric,
      maxVersionNumeric: dependency.maxVersionNumeric,
    })),
    additionalAttributes: input.additionalAttributes,
  };
}

/**
 * The admin side of software and tools (spec §2.3 /admin/manage-assets, /admin/software/{id}/versions,
 * /admin/software/{id}/request-flow): tools, their versions, the versions' files and the request flow.
 */
export const softwareAdminRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const { db, clock, storage } = ctx;
  const api = apiUrl(ctx.config);
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(softwareResource, action),
  });

  // Files arrive as their bytes; only these routes accept such a body.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_FILE_SIZE_BYTES },
    (_request, body, done) => done(null, body),
  );

  async function findTool(id: string, tx: Executor = db): Promise<ToolSummaryRow> {
    const tool = await findToolById(tx, id);
    if (!tool) throw notFound('Tool not found.', ['software']);
    return tool;
  }

  async function record(tool: ToolSummaryRow, tx: Executor = db): Promise<SoftwareRecord> {
    return (await softwareRecords(tx, api, [tool]))[0]!;
  }

  async function findVersion(toolId: string, versionId: string, tx: Executor = db): Promise<VersionRow> {
    const [row] = await tx
      .select()
      .from(toolVersions)
      .where(and(eq(toolVersions.id, versionId), eq(toolVersions.toolId, toolId)))
      .limit(1);
    if (!row) throw notFound('Version not found.', ['version']);
    return row;
  }

  async function versionRecord(
    tool: ToolSummaryRow,
    row: VersionRow,
    tx: Executor = db,
  ): Promise<ToolVersionDetail> {
    const files = (await filesOf(tx, [row.id])).get(row.id) ?? [];
    return { ...toToolVersionDetail(api, tool.featureId, row, files, null), canDownload: row.canDownload };
  }

  /** Marks the tool changed, so the catalogue's change-date order sees new versions and files. */
  const touch = (tx: Executor, toolId: string) =>
    tx.update(tools).set({ updatedAt: clock.now() }).where(eq(tools.id, toolId));

  app.get(
    '/software',
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
        { db, table: tools, columns: listColumns, definition: softwareResource },
        request,
        reply,
      );
      return softwareRecords(db, api, rows);
    },
  );

  app.get(
    '/software/:id',
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
    async (request) => record(await findTool(request.params.id)),
  );

  app.post(
    '/software',
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
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(tools)
            .values({ ...request.body, name: request.body.name.trim(), createdAt: now, updatedAt: now })
            .returning(toolColumns);
          const after = await record(row!, tx);
          await audit(tx, request, { action: 'create', entity: 'tool', entityId: row!.id, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateFeature();
        throw error;
      }
    },
  );

  app.put(
    '/software/:id',
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
    async (request) =>
      db.transaction(async (tx) => {
        const tool = await findTool(request.params.id, tx);
        const before = await record(tool, tx);
        const [row] = await tx
          .update(tools)
          .set({ ...request.body, name: request.body.name.trim(), updatedAt: clock.now() })
          .where(eq(tools.id, tool.id))
          .returning(toolColumns);
        const after = await record(row!, tx);
        await audit(tx, request, { action: 'update', entity: 'tool', entityId: tool.id, before, after });
        return after;
      }),
  );

  app.delete(
    '/software/:id',
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
    async (request) => {
      const { before, keys } = await db.transaction(async (tx) => {
        const tool = await findTool(request.params.id, tx);
        const snapshot = await record(tool, tx);
        const stored = await tx
          .select({ key: toolFiles.storageKey })
          .from(toolFiles)
          .innerJoin(toolVersions, eq(toolVersions.id, toolFiles.versionId))
          .where(eq(toolVersions.toolId, tool.id));
        await tx.delete(tools).where(eq(tools.id, tool.id));
        await audit(tx, request, { action: 'delete', entity: 'tool', entityId: tool.id, before: snapshot });
        return { before: snapshot, keys: stored.map((row) => row.key) };
      });
      await Promise.all(keys.map((key) => storage.delete(key)));
      return before;
    },
  );

  app.get(
    '/software/:id/versions',
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
      const tool = await findTool(request.params.id);
      const rows = await db
        .select()
        .from(toolVersions)
        .where(eq(toolVersions.toolId, tool.id))
        .orderBy(asc(toolVersions.createdAt), asc(toolVersions.id));
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      reply.header('Content-Range', `versions ${rows.length ? `0-${rows.length - 1}` : '*'}/${rows.length}`);
      return rows.map((row) => ({
        ...toToolVersionDetail(api, tool.featureId, row, files.get(row.id) ?? [], null),
        canDownload: row.canDownload,
      }));
    },
  );

  app.get(
    '/software/:id/versions/:versionId',
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
      const tool = await findTool(request.params.id);
      return versionRecord(tool, await findVersion(tool.id, request.params.versionId));
    },
  );

  app.post(
    '/software/:id/versions',
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
      try {
        const created = await db.transaction(async (tx) => {
          const tool = await findTool(request.params.id, tx);
          const now = clock.now();
          const [row] = await tx
            .insert(toolVersions)
            .values({ ...versionValues(request.body), toolId: tool.id, createdAt: now, updatedAt: now })
            .returning();
          await touch(tx, tool.id);
          const after = await versionRecord(tool, row!, tx);
          await audit(tx, request, { action: 'create', entity: 'tool_version', entityId: row!.id, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateVersion();
        throw error;
      }
    },
  );

  app.put(
    '/software/:id/versions/:versionId',
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
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const tool = await findTool(request.params.id, tx);
          const row = await findVersion(tool.id, request.params.versionId, tx);
          const before = await versionRecord(tool, row, tx);
          const [updated] = await tx
            .update(toolVersions)
            .set({ ...versionValues(request.body), updatedAt: clock.now() })
            .where(eq(toolVersions.id, row.id))
            .returning();
          await touch(tx, tool.id);
          const after = await versionRecord(tool, updated!, tx);
          await audit(tx, request, {
            action: 'update',
            entity: 'tool_version',
            entityId: row.id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateVersion();
        throw error;
      }
    },
  );

  app.delete(
    '/software/:id/versions/:versionId',
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
    async (request) => {
      const { before, keys } = await db.transaction(async (tx) => {
        const tool = await findTool(request.params.id, tx);
        const row = await findVersion(tool.id, request.params.versionId, tx);
        const snapshot = await versionRecord(tool, row, tx);
        const stored = await tx
          .select({ key: toolFiles.storageKey })
          .from(toolFiles)
          .where(eq(toolFiles.versionId, row.id));
        await tx.delete(toolVersions).where(eq(toolVersions.id, row.id));
        await touch(tx, tool.id);
        await audit(tx, request, {
          action: 'delete',
          entity: 'tool_version',
          entityId: row.id,
          before: snapshot,
        });
        return { before: snapshot, keys: stored.map((file) => file.key) };
      });
      await Promise.all(keys.map((key) => storage.delete(key)));
      return before;
    },
  );

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

  app.put(
    '/software/:id/versions/:versionId/files/:fileName',
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
        body: z.any().describe("The file's bytes"),
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
      const bytes = request.body;
      const tool = await findTool(request.params.id);
      const version = await findVersion(tool.id, request.params.versionId);
      const sha256 = sha256Of(bytes);
      // A fresh key per upload: a replaced file's old bytes stay readable until the new row is committed.
      const storageKey = `tool-files/${version.id}/${randomUUID()}`;
      await storage.put(storageKey, bytes);
      const {
        record: stored,
        replacedKey,
        created,
      } = await db
        .transaction(async (tx) => {
          const [existing] = await tx
            .select()
            .from(toolFiles)
            .where(and(eq(toolFiles.versionId, version.id), eq(toolFiles.fileName, fileName)))
            .for('update');
          const values = {
            os: request.query.os,
            architecture: request.query.architecture,
            kind: request.query.kind,
            filetype: request.query.filetype ?? fileName.split('.').pop() ?? null,
            filesize: bytes.length,
            sha256,
            storageKey,
          };
          const [row] = existing
            ? await tx.update(toolFiles).set(values).where(eq(toolFiles.id, existing.id)).returning()
            : await tx
                .insert(toolFiles)
                .values({ ...values, versionId: version.id, fileName, createdAt: clock.now() })
                .returning();
          await touch(tx, tool.id);
          const after = toCatalogueFile(api, tool.featureId, version.version, row!);
          await audit(tx, request, {
            action: existing ? 'replace_file' : 'add_file',
            entity: 'tool_version',
            entityId: version.id,
            before: existing ? toCatalogueFile(api, tool.featureId, version.version, existing) : null,
            after,
          });
          return { record: after, created: !existing, replacedKey: existing?.storageKey ?? null };
        })
        .catch(async (error: unknown) => {
          // The bytes went to the storage first; without their row they would be an orphan.
          await storage.delete(storageKey);
          throw error;
        });
      if (replacedKey) await storage.delete(replacedKey);
      return reply.code(created ? 201 : 200).send(stored);
    },
  );

  app.delete(
    '/software/:id/versions/:versionId/files/:fileName',
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
    async (request) => {
      const { before, key } = await db.transaction(async (tx) => {
        const tool = await findTool(request.params.id, tx);
        const version = await findVersion(tool.id, request.params.versionId, tx);
        const [row] = await tx
          .delete(toolFiles)
          .where(and(eq(toolFiles.versionId, version.id), eq(toolFiles.fileName, request.params.fileName)))
          .returning();
        if (!row) throw notFound('File not found.', ['fileName']);
        const snapshot = toCatalogueFile(api, tool.featureId, version.version, row);
        await touch(tx, tool.id);
        await audit(tx, request, {
          action: 'delete_file',
          entity: 'tool_version',
          entityId: version.id,
          before: snapshot,
        });
        return { before: snapshot, key: row.storageKey };
      });
      await storage.delete(key);
      return before;
    },
  );

  app.get(
    '/software/:id/request-flow',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'How customers ask for this tool: cart, cart with a questionnaire, or an external page',
        security,
        params: idParams,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toRequestFlow(await findTool(request.params.id)),
  );

  app.put(
    '/software/:id/request-flow',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Set the request flow of a tool (the request flow editor)',
        security,
        params: idParams,
        body: requestFlowInputSchema,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const tool = await findTool(request.params.id, tx);
          const [row] = await tx
            .update(tools)
            .set({ ...request.body, updatedAt: clock.now() })
            .where(eq(tools.id, tool.id))
            .returning(toolColumns);
          const after = toRequestFlow(row!);
          await audit(tx, request, {
            action: 'update_request_flow',
            entity: 'tool',
            entityId: tool.id,
            before: toRequestFlow(tool),
            after,
          });
          return after;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw unknownQuestionnaire();
        throw error;
      }
    },
  );
};
