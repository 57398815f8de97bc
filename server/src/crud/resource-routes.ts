import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ownListQuerySchema,
  PATH_KEY_MAX_LENGTH,
  type ResourceAction,
  type ResourceDefinition,
} from '@portal/resources';
import { access, type AccessRule } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { ApiError } from '../transport/errors.js';
import { listQuerystringFor } from './list-query.js';
import { bearerSecurity, errorResponses, rangeHeaders } from './openapi.js';
import { defineRepository, type Repository } from './repository.js';
import { TableOperations, type ResourceOperations } from './resource-operations.js';

export type { ResourceOperations } from './resource-operations.js';

/** Operations given whole or in part: a resource that serves only some actions hands over only those. */
export type OperationsSource = Pick<ResourceOperations, 'list' | 'show'> & Partial<ResourceOperations>;
type Row = Record<string, unknown>;
type Api = FastifyInstance<never, never, never, never, ZodTypeProvider>;
type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface ResourceRoutesOptions {
  /** Only these of the actions the definition grants (user roles: only the list); default all it grants. */
  actions?: readonly ResourceAction[];
  /** The name of the record's path parameter (default `id`). */
  idParam?: string;
  /** What the generated summary of an action does not say (a rule of this resource). */
  notes?: Partial<Record<ResourceAction, string>>;
  /** The OpenAPI tags (default: the label's plural, lower case). */
  tags?: string[];
  /** An action's whole summary, where the generated one does not fit. */
  summaries?: Partial<Record<ResourceAction, string>>;
  /** The statuses an action answers besides 400, 401 and 403, where they are not the generic ones. */
  errors?: Partial<Record<ResourceAction, readonly number[]>>;
  /** The answer of show and of every write, where it carries more than a list row (an item with its versions). */
  detail?: z.ZodType;
  /** A list row's answer where the caller sees less than the record (a picker's boards); default the record. */
  listRecord?: z.ZodObject;
  /** The schema of the record's path parameter (default: the repository's, else the record's id field). */
  keySchema?: z.ZodType;
  /**
   * Rows each owned by a customer (spec §2.2 /my/…): list and show for every signed-in caller, whose operations
   * answer their own rows (every row for an admin); the list takes `scope` (`ownScope` in the catalogue module).
   * Their writes are decisions, not CRUD, so only list and show are registered unless `actions` says more.
   */
  owned?: boolean;
  /** An action's access rule in place of the definition's (a picker of boards is checked as linking them). */
  access?: Partial<Record<ResourceAction, AccessRule>>;
  /** The parent the path names (`boards/{id}/links`), checked before every action (see {@link ParentScope}). */
  parent?: ParentScope;
  /** Routes beyond CRUD under one record (its versions, its request flow), documented and access-checked alike. */
  extra?: readonly ExtraRoute[];
}

/**
 * The parent a scoped resource lives under: its path parameter must parse (400 otherwise) and name a parent that
 * exists (`require` throws its 404), so an unknown parent is not answered as an empty list.
 */
export interface ParentScope {
  param: string;
  key: z.ZodType<string>;
  require(key: string): Promise<unknown>;
}

/** A route under one record (`/:id<path>`): its access is that of the action it belongs to. */
export interface ExtraRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Appended to the record's URL (`/versions`, `/versions/:versionId`). */
  path: string;
  action: ResourceAction;
  summary: string;
  /** Its schema parts; `params` defaults to the record's. */
  schema: object;
  handler: RouteHandler;
}

/** What a resource's routes need at registration: the database (autoload passes it to every route plugin). */
export interface ResourceRoutesContext {
  db: Database;
}

const ACTIONS: readonly ResourceAction[] = ['list', 'show', 'create', 'edit', 'delete'];
/** What an owner reaches of their own rows; the writes stay the definition's. */
const OPERATION_OF: Record<ResourceAction, keyof ResourceOperations> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'update',
  delete: 'remove',
};
const OWNED_ACTIONS: readonly ResourceAction[] = ['list', 'show'];
const OWNED_LIST_DESCRIPTION =
  "`scope=own` answers the caller's own rows whatever their roles; `scope=all` every customer's, for an admin only (403 otherwise); left out, an admin gets every customer's.";

/** The path of a definition as Fastify writes it: `boards/{boardId}/documents` → `/boards/:boardId/documents`. */
export const routePath = (definition: Pick<ResourceDefinition, 'path'>) =>
  `/${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;

const pathParameterNames = (definition: Pick<ResourceDefinition, 'path'>) =>
  [...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/**
 * The list, show, create, update and delete routes of a resource, from its definition and its repository (or
 * just its table): the definition's access rule per action, its create/update/record schemas as body and
 * answer, a list querystring built from its sort and filter allow-lists, audit records, 404 and its uniqueness
 * rules as 409. Only the actions the definition grants are registered. Registered under the definition's path
 * (the folder `routes/<path>/` gives that prefix), or under the API prefix with the path added.
 */
export function resourceRoutes<R extends Row, Rec>(
  definition: ResourceDefinition,
  source: Repository<R, Rec> | PgTable | (keyof FastifyInstance & string) | OperationsSource,
  options: ResourceRoutesOptions = {},
): FastifyPluginAsync<ResourceRoutesContext> {
  return async (instance, { db }) => {
    const app = instance.withTypeProvider<ZodTypeProvider>() as unknown as Api;
    if (options.parent) instance.addHook('preHandler', parentCheck(options.parent));
    const routes = new ResourceRouteSet(
      definition,
      operationsOf(instance, definition, source, db, options),
      options,
    );
    const base = basePath(app.prefix, routePath(definition));
    const granted = ACTIONS.filter(
      (action) =>
        (definition.access[action]?.length || (options.owned && OWNED_ACTIONS.includes(action))) &&
        (options.actions ?? (options.owned ? OWNED_ACTIONS : ACTIONS)).includes(action),
    );
    for (const action of granted) routes.register(app, action, base);
    for (const route of options.extra ?? []) routes.registerExtra(app, route, base);
  };
}

/**
 * The part of a definition's path its plugin's prefix does not give yet: the folder `routes/<path>/` gives all of
 * it, `routes/boards/_id/` the parent's part, a plugin registered under the API prefix none.
 */
function basePath(prefix: string, path: string): string {
  for (let start = prefix.indexOf('/'); start >= 0; start = prefix.indexOf('/', start + 1)) {
    const given = prefix.slice(start);
    if (path === given || path.startsWith(`${given}/`)) return path.slice(given.length);
  }
  return path;
}

/** The pre-handler of a parent scope: 400 for a malformed parent key, the parent's own 404 for an unknown one. */
function parentCheck(parent: ParentScope) {
  return async (request: FastifyRequest) => {
    const key = parent.key.safeParse((request.params as Record<string, unknown>)[parent.param]);
    if (!key.success) {
      throw ApiError.of(400, 'invalid_request', key.error.issues[0]!.message, [`params.${parent.param}`]);
    }
    await parent.require(key.data);
  };
}

/** The operations given, or those of the repository the source names (checked for the definition's scopes). */
function operationsOf(
  app: FastifyInstance,
  definition: ResourceDefinition,
  source: Repository<never, unknown> | PgTable | (keyof FastifyInstance & string) | OperationsSource,
  db: Database,
  options: ResourceRoutesOptions,
): Served {
  if (typeof source !== 'string' && !is(source, PgTable) && 'show' in source) return { operations: source };
  const repository = repositoryOf(app, definition, source as Repository<never, unknown> | PgTable | string);
  assertScoped(definition, repository);
  const operations = new TableOperations(definition, repository, db, options.idParam ?? 'id');
  return { operations, keySchema: repository.keySchema, createdSchema: repository.createdSchema };
}

/**
 * Fails closed at start-up where a definition promises more than its repository keeps: rows a company space
 * admin sees only in their own space need the repository's list scope and single-row reach, and a path naming a
 * parent (`boards/{boardId}/…`) needs a scope that holds every action to that parent.
 */
function assertScoped(definition: ResourceDefinition, repository: Repository<Row, Row>): void {
  if (definition.rowScope === 'company-space' && !(repository.listScope && repository.reach)) {
    throw new Error(
      `${definition.name}: rowScope 'company-space' needs the repository's listScope and reach`,
    );
  }
  if (pathParameterNames(definition).length > 0 && !repository.scope) {
    throw new Error(`${definition.name}: its path names a parent, so its repository needs a scope`);
  }
}

/** The repository given, the one a module published under that decorator name, or one made from a table. */
function repositoryOf(
  app: FastifyInstance,
  definition: ResourceDefinition,
  source: Repository<never, unknown> | PgTable | string,
): Repository<Row, Row> {
  if (typeof source === 'string') {
    if (!app.hasDecorator(source)) {
      throw new Error(`${definition.name}: no module publishes the repository app.${source}`);
    }
    return app[source as keyof FastifyInstance] as unknown as Repository<Row, Row>;
  }
  const given = 'toRecords' in source ? source : defineRepository(definition, source as PgTable);
  return given as unknown as Repository<Row, Row>;
}

/** The operations of a resource and what its repository adds to the route schemas. */
interface Served {
  operations: OperationsSource;
  keySchema?: z.ZodType;
  createdSchema?: z.ZodType;
}

/** The routes of one resource; each action's handler is its operation. */
class ResourceRouteSet {
  private readonly tags: string[];
  private readonly idParam: string;
  private readonly one: string;
  private readonly params: z.ZodObject;
  private readonly parents: Record<string, z.ZodType>;

  constructor(
    private readonly definition: ResourceDefinition,
    private readonly served: Served,
    private readonly options: ResourceRoutesOptions,
  ) {
    this.tags = options.tags ?? [definition.label.many.toLowerCase()];
    this.idParam = options.idParam ?? 'id';
    this.one = definition.label.one.toLowerCase();
    this.parents = Object.fromEntries(
      pathParameterNames(definition).map((name) => [name, z.string().min(1).max(PATH_KEY_MAX_LENGTH)]),
    );
    const keySchema =
      options.keySchema ??
      served.keySchema ??
      definition.record.shape[definition.idField ?? 'id'] ??
      z.string();
    this.params = z.object({ ...this.parents, [this.idParam]: keySchema as z.ZodType });
  }

  /** The statuses an action answers besides 400, 401 and 403. */
  private errors(action: ResourceAction, generic: readonly number[]) {
    return errorResponses(400, 401, 403, ...(this.options.errors?.[action] ?? generic));
  }

  register(app: Api, action: ResourceAction, base: string): void {
    const { definition, params, served } = this;
    const { operations } = served;
    const parentParams = Object.keys(this.parents).length ? { params: z.object(this.parents) } : {};
    const record = definition.record;
    const detail = this.options.detail ?? record;
    const conflicts = definition.unique?.length
      ? ` (409 ${definition.unique.map((rule) => `${rule.errorCode ?? 'duplicate'}: ${rule.fields.join(' + ')} taken`).join('; ')})`
      : '';
    const one = `${base}/:${this.idParam}`;
    const many = definition.label.many.toLowerCase();
    const writeErrors = [404, 409];
    // Per action: method, URL, summary, the schema's own parts and the handler.
    const routes: Record<ResourceAction, [string, string, string, object, RouteHandler]> = {
      list: [
        'GET',
        base,
        `List ${many} (react-admin simple-rest)`,
        {
          ...parentParams,
          ...(this.options.owned
            ? { querystring: ownListQuerySchema, description: OWNED_LIST_DESCRIPTION }
            : { querystring: listQuerystringFor(definition) }),
          headers: rangeHeaders,
          response: { 200: z.array(this.options.listRecord ?? record), ...this.errors('list', []) },
        },
        (request, reply) => operations.list(request, reply),
      ],
      show: [
        'GET',
        one,
        `One ${this.one}`,
        { params, response: { 200: detail, ...this.errors('show', [404]) } },
        (request) => operations.show(request),
      ],
      create: [
        'POST',
        base,
        `Create a ${this.one}${conflicts}`,
        {
          ...parentParams,
          body: this.bodyOf('create'),
          response: {
            201: served.createdSchema ?? detail,
            ...this.errors('create', writeErrors),
          },
        },
        async (request, reply) => reply.code(201).send(await operations.create!(request)),
      ],
      edit: [
        'PUT',
        one,
        `Update a ${this.one}${conflicts}`,
        {
          params,
          body: this.bodyOf('update'),
          response: { 200: detail, ...this.errors('edit', writeErrors) },
        },
        (request) => operations.update!(request),
      ],
      delete: [
        'DELETE',
        one,
        `Delete a ${this.one}; answers the deleted record`,
        { params, response: { 200: detail, ...this.errors('delete', writeErrors) } },
        (request) => operations.remove!(request),
      ],
    };
    const write = action === 'create' ? 'create' : action === 'edit' ? 'update' : undefined;
    if (write && !definition[write])
      throw new Error(`${definition.name} grants ${action} but has no ${write} schema`);
    const operation = OPERATION_OF[action];
    if (!operations[operation])
      throw new Error(`${definition.name} grants ${action} but has no ${operation}`);
    const [method, url, generated, schema, handler] = routes[action];
    const note = this.options.notes?.[action];
    const summary = this.options.summaries?.[action] ?? (note ? `${generated}. ${note}` : generated);
    const owned = this.options.owned && OWNED_ACTIONS.includes(action);
    const rule = this.options.access?.[action] ?? (owned ? access.signedIn() : undefined);
    this.route(app, { method, url, action, summary, schema, handler }, rule);
  }

  registerExtra(app: Api, route: ExtraRoute, base: string): void {
    const url = `${base}/:${this.idParam}${route.path}`;
    this.route(app, { ...route, url, schema: { params: this.params, ...route.schema } });
  }

  /** One route: its access from the definition's action (or the rule given), the resource's tags and the bearer security. */
  private route(
    app: Api,
    route: {
      method: string;
      url: string;
      action: ResourceAction;
      summary: string;
      schema: object;
      handler: RouteHandler;
    },
    rule: AccessRule = access.resource(this.definition, route.action),
  ): void {
    app.route({
      method: route.method as ExtraRoute['method'],
      url: route.url,
      config: { access: rule },
      schema: { tags: this.tags, security: bearerSecurity, summary: route.summary, ...route.schema },
      handler: route.handler,
    });
  }

  private bodyOf(which: 'create' | 'update'): z.ZodType {
    // Asked for every action while the route table is built; `register` refuses a granted write without one.
    return this.definition[which] ?? z.never();
  }
}
