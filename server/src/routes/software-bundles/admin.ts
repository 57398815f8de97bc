import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bundleVersionInputSchema,
  bundleVersionSchema,
  softwareBundleDetailSchema,
  softwareBundleInputSchema,
  softwareBundleSchema,
  softwareBundlesResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { softwareBundles } from '../../db/schema-catalogue.js';
import { ApiError } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { duplicateBundle } from '../../modules/catalogue/bundles-repository.js';
import { bundleRecords, type BundleSummaryRow } from '../../modules/catalogue/records.js';
import { errorResponses } from '../schemas.js';
import { refusing, wholeListRange } from '../../modules/catalogue/admin-writes.js';
import { requestFlowRoutes, unknownQuestionnaire } from '../../modules/catalogue/request-flow-routes.js';

const tags = ['software bundles (admin)'];
const security = [{ bearer: [] }];
const uuidParams = z.object({ uuid: z.string().min(1).max(255) });
const versionParams = uuidParams.extend({ versionId: z.uuid() });

const listColumns = {
  id: softwareBundles.uuid,
  name: softwareBundles.name,
  released: softwareBundles.released,
};

const duplicateVersion = () =>
  ApiError.of(409, 'duplicate', 'This bundle already has this version.', ['version']);

/**
 * Software bundles in the admin console (spec §2.3 /admin/manage-assets, /admin/softwarebundle/{id}/versions,
 * /admin/softwarebundle/{id}/request-flow), addressed by their catalogue uuid.
 */
const bundleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bundles, catalogue: ctx } = app;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(softwareBundlesResource, action),
  });

  app.get(
    '',
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
        { db: ctx.db, table: softwareBundles, columns: listColumns, definition: softwareBundlesResource },
        request,
        reply,
      );
      return bundleRecords(ctx.db, rows);
    },
  );

  app.get(
    '/:uuid',
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
    async (request) => bundles.detail(request.params.uuid),
  );

  app.post(
    '',
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
      const created = bundles.createBundle(request, request.body);
      const errors = { duplicate: duplicateBundle, unknownReference: unknownQuestionnaire };
      return reply.code(201).send(await refusing(created, errors));
    },
  );

  app.put(
    '/:uuid',
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
    async (request) =>
      refusing(bundles.updateBundle(request, request.params.uuid, request.body), {
        unknownReference: unknownQuestionnaire,
      }),
  );

  app.delete(
    '/:uuid',
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
    async (request) => bundles.deleteBundle(request, request.params.uuid),
  );

  app.get(
    '/:uuid/versions',
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
      const versions = await bundles.versions(request.params.uuid);
      reply.header('Content-Range', wholeListRange(versions.length));
      return versions;
    },
  );

  app.post(
    '/:uuid/versions',
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
      const created = bundles.createVersion(request, request.params.uuid, request.body);
      return reply.code(201).send(await refusing(created, { duplicate: duplicateVersion }));
    },
  );

  app.put(
    '/:uuid/versions/:versionId',
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
    async (request) =>
      refusing(bundles.updateVersion(request, request.params.uuid, request.params.versionId, request.body), {
        duplicate: duplicateVersion,
      }),
  );

  app.delete(
    '/:uuid/versions/:versionId',
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
    async (request) => bundles.deleteVersion(request, request.params.uuid, request.params.versionId),
  );

  requestFlowRoutes(app, {
    path: '/:uuid',
    params: uuidParams,
    tags,
    security,
    noun: 'bundle',
    entity: 'software_bundle',
    rule,
    find: (params, tx) => bundles.findBundle(params.uuid, tx),
    transaction: bundles.transaction,
    save: bundles.saveRequestFlow,
  });
};

export default bundleAdminRoutes;
