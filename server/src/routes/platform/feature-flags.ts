import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  featureFlagInputSchema,
  featureFlagSchema,
  featureFlagsResource,
  type FeatureFlag,
  type FeatureFlagInput,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { featureFlags } from '../../db/schema.js';
import { audit } from '../../http/audit.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import { isUniqueViolation } from '../../http/database-errors.js';

type FeatureFlagRow = typeof featureFlags.$inferSelect;

const DUPLICATE_FEATURE_FLAG_MESSAGE = 'A feature flag with this key already exists.';
const FEATURE_FLAG_NOT_FOUND = 'Feature flag not found.';

const columns = {
  id: featureFlags.id,
  key: featureFlags.key,
  description: featureFlags.description,
  enabled: featureFlags.enabled,
  updatedAt: featureFlags.updatedAt,
};

const toFeatureFlag = (row: FeatureFlagRow): FeatureFlag => ({
  id: row.id,
  key: row.key,
  description: row.description,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});

/** A blank description is no description. */
const values = (input: FeatureFlagInput) => ({
  key: input.key,
  description: input.description?.trim() ? input.description : null,
  enabled: input.enabled,
});

const params = z.object({ id: z.uuid() });
const tags = ['feature flags'];
const security = [{ bearer: [] }];

/** Feature toggles (spec product §2.3 /admin/feature-flags): admin CRUD, and the enabled keys for the apps. */
export const featureFlagRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  async function find(id: string): Promise<FeatureFlagRow> {
    const [row] = await db.select().from(featureFlags).where(eq(featureFlags.id, id)).limit(1);
    if (!row) throw notFound(FEATURE_FLAG_NOT_FOUND, ['feature-flag']);
    return row;
  }

  app.get(
    '/feature-flags/enabled',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'The keys of the enabled feature flags, sorted, as `{ keys: [...] }`; public, so the apps read them before sign-in',
        response: { 200: z.object({ keys: z.array(z.string()) }), ...errorResponses(401) },
      },
    },
    async () => {
      const rows = await db
        .select({ key: featureFlags.key })
        .from(featureFlags)
        .where(eq(featureFlags.enabled, true))
        .orderBy(asc(featureFlags.key));
      return { keys: rows.map((row) => row.key) };
    },
  );

  app.get(
    '/feature-flags',
    {
      config: { access: access.resource(featureFlagsResource, 'list') },
      schema: {
        tags,
        summary:
          'List feature flags (react-admin simple-rest: Range header or range/sort/filter; filters enabled, q)',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(featureFlagSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<FeatureFlagRow>(
        { db, table: featureFlags, columns, definition: featureFlagsResource },
        request,
        reply,
      );
      return rows.map(toFeatureFlag);
    },
  );

  app.get(
    '/feature-flags/:id',
    {
      config: { access: access.resource(featureFlagsResource, 'show') },
      schema: {
        tags,
        summary: 'One feature flag',
        security,
        params,
        response: { 200: featureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toFeatureFlag(await find(request.params.id)),
  );

  app.post(
    '/feature-flags',
    {
      config: { access: access.resource(featureFlagsResource, 'create') },
      schema: {
        tags,
        summary: 'Create a feature flag; its key is unique (409 duplicate)',
        security,
        body: featureFlagInputSchema,
        response: { 201: featureFlagSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx.insert(featureFlags).values(values(request.body)).returning();
          const flag = toFeatureFlag(row!);
          await audit(tx, request, {
            action: 'create',
            entity: 'feature_flag',
            entityId: flag.id,
            after: flag,
          });
          return flag;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', DUPLICATE_FEATURE_FLAG_MESSAGE, ['key']);
        throw error;
      }
    },
  );

  app.put(
    '/feature-flags/:id',
    {
      config: { access: access.resource(featureFlagsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Change a feature flag’s description or state; the key is fixed after creation (the apps refer to it)',
        security,
        params,
        body: featureFlagInputSchema,
        response: { 200: featureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const before = await find(request.params.id);
      const { key, ...change } = values(request.body);
      if (key !== before.key) {
        throw badRequest('The key of a feature flag cannot be changed; create a new flag instead.', ['key']);
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(featureFlags)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(featureFlags.id, before.id))
          .returning();
        if (!row) throw notFound(FEATURE_FLAG_NOT_FOUND, ['feature-flag']);
        const after = toFeatureFlag(row);
        await audit(tx, request, {
          action: 'update',
          entity: 'feature_flag',
          entityId: after.id,
          before: toFeatureFlag(before),
          after,
        });
        return after;
      });
    },
  );

  app.delete(
    '/feature-flags/:id',
    {
      config: { access: access.resource(featureFlagsResource, 'delete') },
      schema: {
        tags,
        summary: 'Delete a feature flag; answers the deleted record',
        security,
        params,
        response: { 200: featureFlagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [row] = await tx.delete(featureFlags).where(eq(featureFlags.id, request.params.id)).returning();
        if (!row) throw notFound(FEATURE_FLAG_NOT_FOUND, ['feature-flag']);
        const deleted = toFeatureFlag(row);
        await audit(tx, request, {
          action: 'delete',
          entity: 'feature_flag',
          entityId: deleted.id,
          before: deleted,
        });
        return deleted;
      }),
  );
};
