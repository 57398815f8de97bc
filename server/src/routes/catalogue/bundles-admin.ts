import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bundleVersionInputSchema,
  bundleVersionSchema,
  requestFlowInputSchema,
  softwareBundleDetailSchema,
  softwareBundleInputSchema,
  softwareBundleSchema,
  softwareBundlesResource,
  type BundleVersionInput,
  type SoftwareBundleInput,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { bundleVersions, softwareBundles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import type { CatalogueContext, Executor } from '../../modules/catalogue/context.js';
import {
  bundleColumns,
  bundleDetail,
  bundleRecords,
  toBundleVersion,
  type BundleSummaryRow,
} from '../../modules/catalogue/records.js';
import { toRequestFlow } from './software-admin.js';

const tags = ['software bundles (admin)'];
const security = [{ bearer: [] }];
const uuidParams = z.object({ uuid: z.string().min(1).max(255) });
const versionParams = uuidParams.extend({ versionId: z.uuid() });
const requestFlowSchema = z.object({
  requestFlow: z.enum(['cart', 'cart-with-questionnaire', 'external']),
  questionnaireId: z.uuid().nullable(),
  requestUrl: z.string().nullable(),
});

const listColumns = {
  id: softwareBundles.uuid,
  name: softwareBundles.name,
  released: softwareBundles.released,
};

const bundleNotFound = () => notFound('Software bundle not found.', ['uuid']);
const unknownQuestionnaire = () => badRequest('No questionnaire has this id.', ['questionnaireId']);

async function unknownFeatures(db: Executor, featureIds: readonly string[]): Promise<string[]> {
  if (!featureIds.length) return [];
  const found = await db
    .select({ featureId: tools.featureId })
    .from(tools)
    .where(inArray(tools.featureId, [...featureIds]));
  const known = new Set(found.map((row) => row.featureId));
  return featureIds.filter((id) => !known.has(id));
}

/** The request flow rules (a questionnaire for the questionnaire flow, an address for the external one). */
function assertRequestFlow(flow: unknown): void {
  const parsed = requestFlowInputSchema.safeParse(flow);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, [issue.path.map(String).join('.')]);
  }
}

/**
 * Software bundles in the admin console (spec §2.3 /admin/manage-assets, /admin/softwarebundle/{id}/versions,
 * /admin/softwarebundle/{id}/request-flow), addressed by their catalogue uuid.
 */
export const bundleAdminRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(softwareBundlesResource, action),
  });

  async function findBundle(uuid: string, tx: Executor = db): Promise<BundleSummaryRow> {
    const [row] = await tx
      .select(bundleColumns)
      .from(softwareBundles)
      .where(eq(softwareBundles.uuid, uuid))
      .limit(1);
    if (!row) throw bundleNotFound();
    return row;
  }

  async function checkInput(tx: Executor, input: SoftwareBundleInput, requestUrl: string | null) {
    const unknown = await unknownFeatures(tx, input.toolFeatureIds);
    if (unknown.length)
      throw badRequest(`No tool has these feature IDs: ${unknown.join(', ')}.`, ['toolFeatureIds']);
    assertRequestFlow({ requestFlow: input.requestFlow, questionnaireId: input.questionnaireId, requestUrl });
  }

  const values = (input: SoftwareBundleInput) => ({
    name: input.name.trim(),
    orderable: input.orderable,
    released: input.released,
    iconUrl: input.iconUrl,
    hardwareNames: input.hardwareNames,
    toolFeatureIds: [...new Set(input.toolFeatureIds)],
    documentFeatureIds: [...new Set(input.documentFeatureIds)],
    questionnaireId: input.questionnaireId,
    requestFlow: input.requestFlow,
  });

  app.get(
    '/software-bundles',
    {
      config: rule('list'),
      schema: {
        tags,
        summary: 'List software bundles, released or not (filters released, q over the name)',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(softwareBundleSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<BundleSummaryRow>(
        { db, table: softwareBundles, columns: listColumns, definition: softwareBundlesResource },
        request,
        reply,
      );
      return bundleRecords(db, rows);
    },
  );

  app.get(
    '/software-bundles/:uuid',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One software bundle with every version',
        security,
        params: uuidParams,
        response: { 200: softwareBundleDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => bundleDetail(db, await findBundle(request.params.uuid), true),
  );

  app.post(
    '/software-bundles',
    {
      config: rule('create'),
      schema: {
        tags,
        summary: 'Create a software bundle (409 `duplicate` when the uuid is taken)',
        security,
        body: softwareBundleInputSchema,
        response: { 201: softwareBundleDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          await checkInput(tx, request.body, null);
          const now = clock.now();
          const [row] = await tx
            .insert(softwareBundles)
            .values({
              ...values(request.body),
              uuid: request.body.uuid.trim(),
              createdAt: now,
              updatedAt: now,
            })
            .returning(bundleColumns);
          const after = await bundleDetail(tx, row!, true);
          await audit(tx, request, { action: 'create', entity: 'software_bundle', entityId: row!.id, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', 'A bundle with this uuid exists.', ['uuid']);
        if (isForeignKeyViolation(error)) throw unknownQuestionnaire();
        throw error;
      }
    },
  );

  app.put(
    '/software-bundles/:uuid',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change a software bundle (its uuid stays)',
        security,
        params: uuidParams,
        body: softwareBundleInputSchema,
        response: { 200: softwareBundleDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const bundle = await findBundle(request.params.uuid, tx);
          if (request.body.uuid.trim() !== bundle.uuid)
            throw badRequest('The uuid of a bundle cannot change.', ['uuid']);
          await checkInput(tx, request.body, bundle.requestUrl);
          const before = await bundleDetail(tx, bundle, true);
          const [row] = await tx
            .update(softwareBundles)
            .set({ ...values(request.body), updatedAt: clock.now() })
            .where(eq(softwareBundles.id, bundle.id))
            .returning(bundleColumns);
          const after = await bundleDetail(tx, row!, true);
          await audit(tx, request, {
            action: 'update',
            entity: 'software_bundle',
            entityId: bundle.id,
            before,
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

  app.delete(
    '/software-bundles/:uuid',
    {
      config: rule('delete'),
      schema: {
        tags,
        summary: 'Delete a software bundle with its versions; answers the deleted record',
        security,
        params: uuidParams,
        response: { 200: softwareBundleDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const bundle = await findBundle(request.params.uuid, tx);
        const before = await bundleDetail(tx, bundle, true);
        await tx.delete(softwareBundles).where(eq(softwareBundles.id, bundle.id));
        await audit(tx, request, {
          action: 'delete',
          entity: 'software_bundle',
          entityId: bundle.id,
          before,
        });
        return before;
      }),
  );

  /** Every pinned tool version must exist and be of a tool the bundle lists (what its orders are judged by). */
  async function checkVersionInput(
    tx: Executor,
    bundle: { toolFeatureIds: string[] },
    input: BundleVersionInput,
  ) {
    const unlisted = input.toolVersions
      .map((pinned) => pinned.featureId)
      .filter((featureId) => !bundle.toolFeatureIds.includes(featureId));
    if (unlisted.length) {
      throw badRequest(`These tools are not in the bundle: ${[...new Set(unlisted)].join(', ')}.`, [
        'toolVersions',
      ]);
    }
    const missing: string[] = [];
    for (const pinned of input.toolVersions) {
      const [found] = await tx
        .select({ id: toolVersions.id })
        .from(toolVersions)
        .innerJoin(tools, eq(tools.id, toolVersions.toolId))
        .where(and(eq(tools.featureId, pinned.featureId), eq(toolVersions.version, pinned.version)))
        .limit(1);
      if (!found) missing.push(`${pinned.featureId}@${pinned.version}`);
    }
    if (missing.length)
      throw badRequest(`These tool versions do not exist: ${missing.join(', ')}.`, ['toolVersions']);
  }

  async function findBundleVersion(bundleId: string, versionId: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(bundleVersions)
      .where(and(eq(bundleVersions.id, versionId), eq(bundleVersions.bundleId, bundleId)))
      .limit(1);
    if (!row) throw notFound('Bundle version not found.', ['version']);
    return row;
  }

  const duplicateVersion = () =>
    ApiError.of(409, 'duplicate', 'This bundle already has this version.', ['version']);

  app.get(
    '/software-bundles/:uuid/versions',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'Every version of a bundle, oldest first',
        security,
        params: uuidParams,
        response: { 200: z.array(bundleVersionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const bundle = await findBundle(request.params.uuid);
      const rows = await db
        .select()
        .from(bundleVersions)
        .where(eq(bundleVersions.bundleId, bundle.id))
        .orderBy(asc(bundleVersions.createdAt), asc(bundleVersions.id));
      reply.header('Content-Range', `versions ${rows.length ? `0-${rows.length - 1}` : '*'}/${rows.length}`);
      return rows.map(toBundleVersion);
    },
  );

  app.post(
    '/software-bundles/:uuid/versions',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Add a bundle version pinning tool versions (each must exist)',
        security,
        params: uuidParams,
        body: bundleVersionInputSchema,
        response: { 201: bundleVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const bundle = await findBundle(request.params.uuid, tx);
          await checkVersionInput(tx, bundle, request.body);
          const [row] = await tx
            .insert(bundleVersions)
            .values({ ...request.body, bundleId: bundle.id, createdAt: clock.now() })
            .returning();
          await tx
            .update(softwareBundles)
            .set({ updatedAt: clock.now() })
            .where(eq(softwareBundles.id, bundle.id));
          const after = toBundleVersion(row!);
          await audit(tx, request, { action: 'create', entity: 'bundle_version', entityId: row!.id, after });
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
    '/software-bundles/:uuid/versions/:versionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change a bundle version',
        security,
        params: versionParams,
        body: bundleVersionInputSchema,
        response: { 200: bundleVersionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const bundle = await findBundle(request.params.uuid, tx);
          const row = await findBundleVersion(bundle.id, request.params.versionId, tx);
          await checkVersionInput(tx, bundle, request.body);
          const [updated] = await tx
            .update(bundleVersions)
            .set(request.body)
            .where(eq(bundleVersions.id, row.id))
            .returning();
          await tx
            .update(softwareBundles)
            .set({ updatedAt: clock.now() })
            .where(eq(softwareBundles.id, bundle.id));
          const after = toBundleVersion(updated!);
          await audit(tx, request, {
            action: 'update',
            entity: 'bundle_version',
            entityId: row.id,
            before: toBundleVersion(row),
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
    '/software-bundles/:uuid/versions/:versionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Delete a bundle version; answers it',
        security,
        params: versionParams,
        response: { 200: bundleVersionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const bundle = await findBundle(request.params.uuid, tx);
        const row = await findBundleVersion(bundle.id, request.params.versionId, tx);
        await tx.delete(bundleVersions).where(eq(bundleVersions.id, row.id));
        const before = toBundleVersion(row);
        await audit(tx, request, { action: 'delete', entity: 'bundle_version', entityId: row.id, before });
        return before;
      }),
  );

  app.get(
    '/software-bundles/:uuid/request-flow',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'How customers ask for this bundle',
        security,
        params: uuidParams,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toRequestFlow(await findBundle(request.params.uuid)),
  );

  app.put(
    '/software-bundles/:uuid/request-flow',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Set the request flow of a bundle (the request flow editor)',
        security,
        params: uuidParams,
        body: requestFlowInputSchema,
        response: { 200: requestFlowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const bundle = await findBundle(request.params.uuid, tx);
          const [row] = await tx
            .update(softwareBundles)
            .set({ ...request.body, updatedAt: clock.now() })
            .where(eq(softwareBundles.id, bundle.id))
            .returning(bundleColumns);
          const after = toRequestFlow(row!);
          await audit(tx, request, {
            action: 'update_request_flow',
            entity: 'software_bundle',
            entityId: bundle.id,
            before: toRequestFlow(bundle),
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
