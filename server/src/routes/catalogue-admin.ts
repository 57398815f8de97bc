import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  requestFlowInputSchema,
  requestFlowSchema,
  type RequestFlowInput,
  type ResourceAction,
  type ResourceDefinition,
} from '@portal/resources';
import { access } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { listQuerystring } from '../http/list-query.js';
import { listRows } from '../http/list.js';
import { bearerSecurity as security, rangeHeaders } from '../http/openapi.js';
import type { CatalogueAdminItems } from '../modules/catalogue/admin-writes.js';
import { errorResponses } from './schemas.js';

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
 * flow pages): list, show, create, change and delete the item, its versions, and its request flow.
 */
export function catalogueAdminRoutes<S, D, I, U, V, VI>(
  app: FastifyInstance,
  db: Database,
  target: CatalogueAdminTarget<S, D, I, U, V, VI>,
): void {
  const { schemas, summaries, items } = target;
  const one = `/:${target.key}`;
  const params = z.object({ [target.key]: target.keySchema });
  const versionParams = params.extend({ versionId: z.uuid() });
  const key = (request: FastifyRequest) => (request.params as Record<string, string>)[target.key]!;
  const versionId = (request: FastifyRequest) => (request.params as { versionId: string }).versionId;
  /** One route: its access from the definition's action, the shared tags and security, its own schema parts. */
  const add = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    action: ResourceAction,
    summary: string,
    schema: object,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url,
      config: { access: access.resource(target.definition, action) },
      schema: { tags: target.tags, summary, security, ...schema },
      handler,
    });
  const answers = (schema: z.ZodType, ...errors: number[]) => ({
    response: { 200: schema, ...errorResponses(400, 401, 403, ...errors) },
  });
  const created = (schema: z.ZodType, ...errors: number[]) => ({
    response: { 201: schema, ...errorResponses(400, 401, 403, ...errors) },
  });

  const list = {
    querystring: listQuerystring,
    headers: rangeHeaders,
    ...answers(z.array(schemas.summary)),
  };
  add('GET', '', 'list', summaries.list, list, async (request, reply) => {
    const source = { db, table: items.table, columns: items.columns, definition: target.definition };
    return items.records(await listRows<never>(source, request as ListRequest, reply));
  });
  add('GET', one, 'show', summaries.show, { params, ...answers(schemas.detail, 404) }, (request) =>
    items.detail(key(request)),
  );
  add(
    'POST',
    '',
    'create',
    summaries.create,
    { body: schemas.input, ...created(schemas.detail, 409) },
    async (request, reply) => reply.code(201).send(await items.create(request, request.body as I)),
  );
  add(
    'PUT',
    one,
    'edit',
    summaries.update,
    { params, body: schemas.update, ...answers(schemas.detail, 404) },
    (request) => items.update(request, key(request), request.body as U),
  );
  const removeErrors = target.removeConflicts ? [404, 409] : [404];
  add(
    'DELETE',
    one,
    'delete',
    summaries.remove,
    { params, ...answers(schemas.detail, ...removeErrors) },
    (request) => items.remove(request, key(request)),
  );

  const versions = `${one}/versions`;
  const version = `${versions}/:versionId`;
  add(
    'GET',
    versions,
    'show',
    summaries.versions,
    { params, ...answers(z.array(schemas.version), 404) },
    async (request, reply) => {
      const all = await items.versions(key(request));
      reply.header('Content-Range', wholeListRange(all.length));
      return all;
    },
  );
  const showVersion = items.version;
  if (showVersion && summaries.version) {
    add(
      'GET',
      version,
      'show',
      summaries.version,
      { params: versionParams, ...answers(schemas.version, 404) },
      (request) => showVersion(key(request), versionId(request)),
    );
  }
  const versionBody = { body: schemas.versionInput };
  add(
    'POST',
    versions,
    'edit',
    summaries.createVersion,
    { params, ...versionBody, ...created(schemas.version, 404, 409) },
    async (request, reply) =>
      reply.code(201).send(await items.createVersion(request, key(request), request.body as VI)),
  );
  add(
    'PUT',
    version,
    'edit',
    summaries.updateVersion,
    { params: versionParams, ...versionBody, ...answers(schemas.version, 404, 409) },
    (request) => items.updateVersion(request, key(request), versionId(request), request.body as VI),
  );
  add(
    'DELETE',
    version,
    'edit',
    summaries.removeVersion,
    { params: versionParams, ...answers(schemas.version, 404) },
    (request) => items.removeVersion(request, key(request), versionId(request)),
  );

  const flow = `${one}/request-flow`;
  const howAsked =
    target.noun === 'tool'
      ? 'How customers ask for this tool: cart, cart with a questionnaire, or an external page'
      : 'How customers ask for this bundle';
  add('GET', flow, 'show', howAsked, { params, ...answers(requestFlowSchema, 404) }, (request) =>
    items.requestFlow(key(request)),
  );
  add(
    'PUT',
    flow,
    'edit',
    `Set the request flow of a ${target.noun} (the request flow editor)`,
    { params, body: requestFlowInputSchema, ...answers(requestFlowSchema, 404) },
    (request) => items.setRequestFlow(request, key(request), request.body as RequestFlowInput),
  );
}
