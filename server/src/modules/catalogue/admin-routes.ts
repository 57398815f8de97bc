import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  requestFlowInputSchema,
  requestFlowSchema,
  type RequestFlowInput,
  type ResourceDefinition,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { listRows } from '../../crud/list.js';
import {
  resourceRoutes,
  type ExtraRoute,
  type ResourceOperations,
  type ResourceRoutesContext,
} from '../../crud/resource-routes.js';
import type { CatalogueAdminItems } from './admin-writes.js';
import { errorResponses } from '../../crud/openapi.js';

/** A list answered whole (every version of an item) as one Content-Range page. */
const wholeListRange = (count: number) => `versions ${count ? `0-${count - 1}` : '*'}/${count}`;

/** The request as the list reads it (its querystring and headers are validated by the route's schema). */
type ListRequest = Parameters<typeof listRows>[1];
type Action = 'list' | 'show' | 'create' | 'update' | 'remove';
type VersionAction = 'versions' | 'version' | 'createVersion' | 'updateVersion' | 'removeVersion';

/** What differs between the admin routes of tools and of software bundles. */
export interface CatalogueAdminTarget<Summary, Detail, Input, Update, Version, VersionInput> {
  definition: ResourceDefinition;
  tags: string[];
  /** The item's path parameter (`id`, `uuid`) and its schema. */
  key: 'id' | 'uuid';
  keySchema: z.ZodType<string>;
  noun: 'tool' | 'bundle';
  schemas: {
    summary: z.ZodType<Summary>;
    detail: z.ZodType<Detail>;
    input: z.ZodType<Input>;
    update: z.ZodType<Update>;
    version: z.ZodType<Version>;
    versionInput: z.ZodType<VersionInput>;
  };
  /** The OpenAPI summary of each route; `version` (one version alone) only where the item has that route. */
  summaries: Record<Action | Exclude<VersionAction, 'version'>, string> & { version?: string };
  /** Deleting the item may answer 409. */
  removeConflicts?: boolean;
  items: CatalogueAdminItems<Summary, Detail, Input, Update, Version, VersionInput>;
}

/**
 * The admin routes of a catalogue item with versions (spec §2.3 /admin/manage-assets and the versions and request
 * flow pages): `resourceRoutes` over the item's own operations (its writes reach its versions and stored files),
 * with the versions and the request flow as further routes of the item.
 */
export function catalogueAdminRoutes<S, D, I, U, V, VI>(
  db: Database,
  target: CatalogueAdminTarget<S, D, I, U, V, VI>,
): FastifyPluginAsync<ResourceRoutesContext> {
  const { schemas, summaries, items } = target;
  const key = (request: FastifyRequest) => (request.params as Record<string, string>)[target.key]!;
  const operations: ResourceOperations = {
    list: async (request, reply) => {
      const source = { db, table: items.table, columns: items.columns, definition: target.definition };
      return items.records(await listRows<never>(source, request as ListRequest, reply));
    },
    show: (request) => items.detail(key(request)),
    create: (request) => items.create(request, request.body as I),
    update: (request) => items.update(request, key(request), request.body as U),
    remove: (request) => items.remove(request, key(request)),
  };
  return resourceRoutes(target.definition, operations, {
    idParam: target.key,
    keySchema: target.keySchema,
    tags: target.tags,
    detail: schemas.detail,
    summaries: {
      list: summaries.list,
      show: summaries.show,
      create: summaries.create,
      edit: summaries.update,
      delete: summaries.remove,
    },
    errors: { create: [409], edit: [404], delete: target.removeConflicts ? [404, 409] : [404] },
    extra: [...versionRoutes(target, key), ...requestFlowRoutes(target, key)],
  });
}

const answers = (schema: z.ZodType, ...errors: number[]) => ({
  response: { 200: schema, ...errorResponses(400, 401, 403, ...errors) },
});
const created = (schema: z.ZodType, ...errors: number[]) => ({
  response: { 201: schema, ...errorResponses(400, 401, 403, ...errors) },
});

/** The item's versions: the whole list, one alone where the console shows one, and their writes. */
function versionRoutes<S, D, I, U, V, VI>(
  target: CatalogueAdminTarget<S, D, I, U, V, VI>,
  key: (request: FastifyRequest) => string,
): ExtraRoute[] {
  const { schemas, summaries, items } = target;
  const versionParams = z.object({ [target.key]: target.keySchema, versionId: z.uuid() });
  const versionId = (request: FastifyRequest) => (request.params as { versionId: string }).versionId;
  const versionBody = { body: schemas.versionInput };
  const showVersion = items.version;
  const one: ExtraRoute[] =
    showVersion && summaries.version
      ? [
          {
            method: 'GET',
            path: '/versions/:versionId',
            action: 'show',
            summary: summaries.version,
            schema: { params: versionParams, ...answers(schemas.version, 404) },
            handler: (request) => showVersion(key(request), versionId(request)),
          },
        ]
      : [];
  return [
    {
      method: 'GET',
      path: '/versions',
      action: 'show',
      summary: summaries.versions,
      schema: answers(z.array(schemas.version), 404),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const all = await items.versions(key(request));
        reply.header('Content-Range', wholeListRange(all.length));
        return all;
      },
    },
    ...one,
    {
      method: 'POST',
      path: '/versions',
      action: 'edit',
      summary: summaries.createVersion,
      schema: { ...versionBody, ...created(schemas.version, 404, 409) },
      handler: async (request, reply) =>
        reply.code(201).send(await items.createVersion(request, key(request), request.body as VI)),
    },
    {
      method: 'PUT',
      path: '/versions/:versionId',
      action: 'edit',
      summary: summaries.updateVersion,
      schema: { params: versionParams, ...versionBody, ...answers(schemas.version, 404, 409) },
      handler: (request) =>
        items.updateVersion(request, key(request), versionId(request), request.body as VI),
    },
    {
      method: 'DELETE',
      path: '/versions/:versionId',
      action: 'edit',
      summary: summaries.removeVersion,
      schema: { params: versionParams, ...answers(schemas.version, 404) },
      handler: (request) => items.removeVersion(request, key(request), versionId(request)),
    },
  ];
}

/** How customers ask for the item, read and set by the request flow editor. */
function requestFlowRoutes<S, D, I, U, V, VI>(
  target: CatalogueAdminTarget<S, D, I, U, V, VI>,
  key: (request: FastifyRequest) => string,
): ExtraRoute[] {
  const { items } = target;
  const howAsked =
    target.noun === 'tool'
      ? 'How customers ask for this tool: cart, cart with a questionnaire, or an external page'
      : 'How customers ask for this bundle';
  return [
    {
      method: 'GET',
      path: '/request-flow',
      action: 'show',
      summary: howAsked,
      schema: answers(requestFlowSchema, 404),
      handler: (request) => items.requestFlow(key(request)),
    },
    {
      method: 'PUT',
      path: '/request-flow',
      action: 'edit',
      summary: `Set the request flow of a ${target.noun} (the request flow editor)`,
      schema: { body: requestFlowInputSchema, ...answers(requestFlowSchema, 404) },
      handler: (request) => items.setRequestFlow(request, key(request), request.body as RequestFlowInput),
    },
  ];
}
