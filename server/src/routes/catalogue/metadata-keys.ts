import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  metadataKeyInputSchema,
  metadataKeySchema,
  metadataKeysResource,
  ERROR_MESSAGES,
  type MetadataKey,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { metadataKeys } from '../../db/schema-catalogue.js';
import { xmlValidationEntries } from '../../db/schema-dip.js';
import { audit } from '../../http/audit.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import type { CatalogueContext, Executor } from '../../modules/catalogue/context.js';

const tags = ['metadata keys'];
const security = [{ bearer: [] }];
const keyParams = z.object({ key: z.string().min(1).max(255) });
const columns = { id: metadataKeys.key, key: metadataKeys.key, label: metadataKeys.label };

const toRecord = (row: typeof metadataKeys.$inferSelect): MetadataKey => ({ key: row.key, label: row.label });

/** The metadata keys secure configurations store values under (spec §2.3 /admin/manage-metadata-keys). */
export const metadataKeyRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(metadataKeysResource, action),
  });

  async function find(key: string, tx: Executor = db) {
    const [row] = await tx.select().from(metadataKeys).where(eq(metadataKeys.key, key)).limit(1);
    if (!row) throw notFound('Metadata key not found.', ['key']);
    return row;
  }

  app.get(
    '/metadata-keys',
    {
      config: rule('list'),
      schema: {
        tags,
        summary: 'List metadata keys (q over key and label)',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(metadataKeySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      (
        await listRows<typeof metadataKeys.$inferSelect>(
          { db, table: metadataKeys, columns, definition: metadataKeysResource },
          request,
          reply,
        )
      ).map(toRecord),
  );

  app.get(
    '/metadata-keys/:key',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One metadata key',
        security,
        params: keyParams,
        response: { 200: metadataKeySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toRecord(await find(request.params.key)),
  );

  app.post(
    '/metadata-keys',
    {
      config: rule('create'),
      schema: {
        tags,
        summary: 'Create a metadata key (409 `duplicate` when the key exists)',
        security,
        body: metadataKeyInputSchema,
        response: { 201: metadataKeySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(metadataKeys)
            .values({
              key: request.body.key.trim(),
              label: request.body.label.trim(),
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const after = toRecord(row!);
          await audit(tx, request, { action: 'create', entity: 'metadata_key', entityId: row!.key, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', 'This metadata key exists.', ['key']);
        throw error;
      }
    },
  );

  app.put(
    '/metadata-keys/:key',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change the label of a metadata key (the key stays)',
        security,
        params: keyParams,
        body: metadataKeyInputSchema.omit({ key: true }),
        response: { 200: metadataKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = toRecord(await find(request.params.key, tx));
        const [row] = await tx
          .update(metadataKeys)
          .set({ label: request.body.label.trim(), updatedAt: clock.now() })
          .where(eq(metadataKeys.key, before.key))
          .returning();
        if (!row) throw notFound('Metadata key not found.', ['key']);
        const after = toRecord(row);
        await audit(tx, request, {
          action: 'update',
          entity: 'metadata_key',
          entityId: row.key,
          before,
          after,
        });
        return after;
      }),
  );

  app.delete(
    '/metadata-keys/:key',
    {
      config: rule('delete'),
      schema: {
        tags,
        summary:
          'Delete a metadata key; answers it. 409 metadata_key_in_use while an XML validation entry uses it',
        security,
        params: keyParams,
        response: { 200: metadataKeySchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const users = await tx
          .selectDistinct({ boardId: xmlValidationEntries.boardId })
          .from(xmlValidationEntries)
          .where(eq(xmlValidationEntries.metadataKey, request.params.key));
        if (users.length) {
          throw ApiError.of(
            409,
            'metadata_key_in_use',
            ERROR_MESSAGES.metadata_key_in_use,
            users.map((entry) => entry.boardId),
          );
        }
        const [row] = await tx
          .delete(metadataKeys)
          .where(eq(metadataKeys.key, request.params.key))
          .returning();
        if (!row) throw notFound('Metadata key not found.', ['key']);
        const before = toRecord(row);
        await audit(tx, request, { action: 'delete', entity: 'metadata_key', entityId: row.key, before });
        return before;
      }),
  );
};
