import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  type ResourceAction,
  type ResourceDefinition,
  PATH_KEY_MAX_LENGTH,
} from '@portal/resources';
import { access } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { audit } from './audit.js';
import { isUniqueViolation } from './database-errors.js';
import { ApiError, notFound } from './errors.js';
import { listQuerystringFor } from './list-query.js';
import { listRows } from './list.js';
import { bearerSecurity, errorResponses, rangeHeaders } from './openapi.js';
import { defineRepository, reachableRow, type Repository, type WriteContext } from './repository.js';

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
}

/** What a resource's routes need at registration: the database (autoload passes it to every route plugin). */
export interface ResourceRoutesContext {
  db: Database;
}

const ACTIONS: readonly ResourceAction[] = ['list', 'show', 'create', 'edit', 'delete'];

/** The path of a definition as Fastify writes it: `boards/{boardId}/documents` → `/boards/:boardId/documents`. */
export const routePath = (definition: Pick<ResourceDefinition, 'path'>) =>
  `/${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;

const pathParameterNames = (definition: Pick<ResourceDefinition, 'path'>) =>
  [...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/**
 * The 409 of a uniqueness rule the write broke: the rule whose fields the database names, else the first. A
 * resource that declares none answers the generic `duplicate`.
 */
export function uniqueConflict(
  definition: Pick<ResourceDefinition, 'unique'>,
  error: unknown,
): ApiError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const rules = definition.unique ?? [];
  let detail = '';
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { detail: text, constraint } = current as { detail?: unknown; constraint?: unknown };
    detail += `${typeof text === 'string' ? text : ''} ${typeof constraint === 'string' ? constraint : ''}`;
    current = (current as { cause?: unknown }).cause;
  }
  const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const rule = rules.find((r) => r.fields.every((f) => detail.includes(snake(f)))) ?? rules[0];
  if (!rule) return ApiError.of(409, 'duplicate', ERROR_MESSAGES.duplicate);
  return ApiError.of(409, rule.errorCode ?? 'duplicate', rule.message, [...rule.fields]);
}

/**
 * The list, show, create, update and delete routes of a resource, from its definition and its repository (or
 * just its table): the definition's access rule per action, its create/update/record schemas as body and
 * answer, a list querystring built from its sort and filter allow-lists, audit records, 404 and its uniqueness
 * rules as 409. Only the actions the definition grants are registered. Registered under the definition's path
 * (the folder `routes/<path>/` gives that prefix), or under the API prefix with the path added.
 */
export function resourceRoutes<R extends Row, Rec>(
  definition: ResourceDefinition,
  source: Repository<R, Rec> | PgTable | (keyof FastifyInstance & string),
  options: ResourceRoutesOptions = {},
): FastifyPluginAsync<ResourceRoutesContext> {
  return async (instance, { db }) => {
    const app = instance.withTypeProvider<ZodTypeProvider>() as unknown as Api;
    const repository = repositoryOf(instance, definition, source);
    assertScoped(definition, repository);
    const path = routePath(definition);
    const routes = new ResourceRouteSet(definition, repository, db, options);
    // The folder gives the prefix; a plugin registered elsewhere adds the definition's path itself.
    const base = app.prefix.endsWith(path) ? '' : path;
    const granted = ACTIONS.filter(
      (action) => definition.access[action]?.length && (options.actions ?? ACTIONS).includes(action),
    );
    for (const action of granted) routes.register(app, action, base);
  };
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
  source: Repository<never, unknown> | PgTable | (keyof FastifyInstance & string),
): Repository<Row, Row> {
  if (typeof source === 'string') {
    if (!app.hasDecorator(source)) {
      throw new Error(`${definition.name}: no module publishes the repository app.${source}`);
    }
    return app[source] as unknown as Repository<Row, Row>;
  }
  const given = 'toRecords' in source ? source : defineRepository(definition, source as PgTable);
  return given as unknown as Repository<Row, Row>;
}

/** The routes of one resource; each action's handler is one method. */
class ResourceRouteSet {
  private readonly tags: string[];
  private readonly idParam: string;
  private readonly one: string;

  constructor(
    private readonly definition: ResourceDefinition,
    private readonly repository: Repository<Row, Row>,
    private readonly db: Database,
    private readonly options: ResourceRoutesOptions,
  ) {
    this.tags = [definition.label.many.toLowerCase()];
    this.idParam = options.idParam ?? 'id';
    this.one = definition.label.one.toLowerCase();
  }

  register(app: Api, action: ResourceAction, base: string): void {
    const { definition } = this;
    const parents = Object.fromEntries(
      pathParameterNames(definition).map((name) => [name, z.string().min(1).max(PATH_KEY_MAX_LENGTH)]),
    );
    const keySchema =
      this.repository.keySchema ?? definition.record.shape[definition.idField ?? 'id'] ?? z.string();
    const params = z.object({ ...parents, [this.idParam]: keySchema as z.ZodType });
    const parentParams = Object.keys(parents).length ? { params: z.object(parents) } : {};
    const record = definition.record;
    const conflicts = definition.unique?.length
      ? ` (409 ${definition.unique.map((rule) => `${rule.errorCode ?? 'duplicate'}: ${rule.fields.join(' + ')} taken`).join('; ')})`
      : '';
    const one = `${base}/:${this.idParam}`;
    const many = definition.label.many.toLowerCase();
    // Per action: method, URL, summary, the schema's own parts and the handler.
    const routes: Record<ResourceAction, [string, string, string, object, RouteHandler]> = {
      list: [
        'GET',
        base,
        `List ${many} (react-admin simple-rest)`,
        {
          ...parentParams,
          querystring: listQuerystringFor(definition),
          headers: rangeHeaders,
          response: { 200: z.array(record), ...errorResponses(400, 401, 403) },
        },
        (request, reply) => this.list(request, reply),
      ],
      show: [
        'GET',
        one,
        `One ${this.one}`,
        { params, response: { 200: record, ...errorResponses(400, 401, 403, 404) } },
        (request) => this.show(request),
      ],
      create: [
        'POST',
        base,
        `Create a ${this.one}${conflicts}`,
        {
          ...parentParams,
          body: this.bodyOf('create'),
          response: {
            201: this.repository.createdSchema ?? record,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        async (request, reply) => reply.code(201).send(await this.create(request)),
      ],
      edit: [
        'PUT',
        one,
        `Update a ${this.one}${conflicts}`,
        {
          params,
          body: this.bodyOf('update'),
          response: { 200: record, ...errorResponses(400, 401, 403, 404, 409) },
        },
        (request) => this.update(request),
      ],
      delete: [
        'DELETE',
        one,
        `Delete a ${this.one}; answers the deleted record`,
        { params, response: { 200: record, ...errorResponses(400, 401, 403, 404, 409) } },
        (request) => this.remove(request),
      ],
    };
    const write = action === 'create' ? 'create' : action === 'edit' ? 'update' : undefined;
    if (write && !definition[write])
      throw new Error(`${definition.name} grants ${action} but has no ${write} schema`);
    const [method, url, summary, schema, handler] = routes[action];
    const note = this.options.notes?.[action];
    app.route({
      method,
      url,
      config: { access: access.resource(definition, action) },
      schema: {
        tags: this.tags,
        security: bearerSecurity,
        summary: note ? `${summary}. ${note}` : summary,
        ...schema,
      },
      handler,
    });
  }

  private bodyOf(which: 'create' | 'update'): z.ZodType {
    // Asked for every action while the route table is built; `register` refuses a granted write without one.
    return this.definition[which] ?? z.never();
  }

  private notFound() {
    return (
      this.repository.notFound?.() ??
      notFound(`${this.definition.label.one} not found.`, [this.definition.name])
    );
  }

  private async list(request: FastifyRequest, reply: Parameters<typeof listRows>[2]) {
    const { repository, db } = this;
    const scopes = [repository.scope?.(request, db), repository.listScope?.(request, db)];
    const present = scopes.filter((scope): scope is SQL => scope !== undefined);
    const rows = await listRows<Row>(
      {
        db,
        table: repository.table,
        columns: repository.columns,
        definition: this.definition,
        scope: present.length ? and(...present) : undefined,
        filters: repository.filters,
      },
      request as Parameters<typeof listRows>[1],
      reply,
    );
    return repository.toRecords(db, rows);
  }

  private reachable(request: FastifyRequest, tx: WriteContext['tx']): Promise<Row> {
    const id = (request.params as Record<string, unknown>)[this.idParam];
    return reachableRow(this.repository, tx, request, id, () => this.notFound());
  }

  private async recordOf(tx: WriteContext['tx'], row: Row): Promise<Row> {
    const [record] = await this.repository.toRecords(tx, [row]);
    return record!;
  }

  private async show(request: FastifyRequest) {
    return this.recordOf(this.db, await this.reachable(request, this.db));
  }

  /** A write in one transaction; a broken uniqueness rule is its 409, the repository maps other refusals. */
  private async write<T>(action: 'create' | 'edit' | 'delete', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const mapped = this.repository.writeError?.(error, action) ?? uniqueConflict(this.definition, error);
      throw mapped ?? error;
    }
  }

  private create(request: FastifyRequest) {
    const { repository } = this;
    return this.write('create', () =>
      this.db.transaction(async (tx) => {
        const ctx: WriteContext = { tx, request, revealed: {} };
        const values = await repository.insertValues(request.body, ctx);
        const [row] = await tx.insert(repository.table).values(values).returning();
        const record = await this.recordOf(tx, row as Row);
        await audit(tx, request, {
          action: 'create',
          entity: repository.entity,
          entityId: String(this.keyOf(row as Row)),
          after: record,
        });
        return { ...(record as object), ...ctx.revealed };
      }),
    );
  }

  private update(request: FastifyRequest) {
    const { repository } = this;
    return this.write('edit', () =>
      this.db.transaction(async (tx) => {
        const current = await this.reachable(request, tx);
        const before = await this.recordOf(tx, current);
        const values = await repository.updateValues(request.body, current, { tx, request, revealed: {} });
        const stamped = 'updatedAt' in getTableColumns(repository.table) ? { updatedAt: new Date() } : {};
        const [row] = await tx
          .update(repository.table)
          .set({ ...stamped, ...values })
          .where(eq(repository.key, this.keyOf(current)))
          .returning();
        if (!row) throw this.notFound();
        const after = await this.recordOf(tx, row as Row);
        await audit(tx, request, {
          action: 'update',
          entity: repository.entity,
          entityId: String(this.keyOf(current)),
          before,
          after,
        });
        return after;
      }),
    );
  }

  private remove(request: FastifyRequest) {
    const { repository } = this;
    return this.write('delete', () =>
      this.db.transaction(async (tx) => {
        const current = await this.reachable(request, tx);
        const record = await this.recordOf(tx, current);
        await repository.beforeDelete?.({ tx, request, revealed: {} }, current, record);
        const [row] = await tx
          .delete(repository.table)
          .where(eq(repository.key, this.keyOf(current)))
          .returning();
        if (!row) throw this.notFound();
        await audit(tx, request, {
          action: 'delete',
          entity: repository.entity,
          entityId: String(this.keyOf(current)),
          before: record,
        });
        return record;
      }),
    );
  }

  /** The key value of a row (the row holds it under the key column's field name). */
  private keyOf(row: Row): unknown {
    const columns = getTableColumns(this.repository.table) as Record<string, unknown>;
    const field = Object.keys(columns).find((name) => columns[name] === this.repository.key)!;
    return row[field];
  }
}
