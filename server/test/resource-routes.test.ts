import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type ResourceDefinition } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { defineRepository } from '../src/crud/repository.js';
import { resourceRoutes } from '../src/crud/resource-routes.js';
import { auditSince, lastAuditId } from './boards-api.js';
import { freshDatabase, testConfig, type TestApp } from './support/app.js';
import { demoRoleHeaders } from './support/sign-in.js';

// Issue 21 #2: a throwaway definition and table are all it takes; nothing else in the server names them.
const gizmoInput = z.strictObject({ name: z.string().trim().min(1).max(100), enabled: z.boolean() });
const gizmosResource = defineResource({
  name: 'gizmos',
  path: 'gizmos',
  label: { one: 'Gizmo', many: 'Gizmos' },
  record: z.object({ id: z.uuid(), name: z.string(), enabled: z.boolean(), updatedAt: z.string() }),
  create: gizmoInput,
  update: gizmoInput,
  recordTitle: 'name',
  list: {
    columns: ['name', 'enabled'],
    sortable: ['name', 'updatedAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    filters: [{ source: 'enabled', label: 'Enabled', operator: 'eq', input: 'boolean' }],
    search: { fields: ['name'] },
  },
  fields: [
    { source: 'name', label: 'Name', widget: 'text' },
    { source: 'enabled', label: 'Enabled', widget: 'boolean' },
  ],
  // No delete: nobody may take it, so no route exists.
  access: {
    list: ['ADMIN', 'INTERNAL_USER'],
    show: ['ADMIN', 'INTERNAL_USER'],
    create: ['ADMIN'],
    edit: ['ADMIN'],
  },
  unique: [{ fields: ['name'], message: 'A gizmo with this name already exists.' }],
});
const gizmos = pgTable(
  'test_gizmos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_gizmos_name_key').on(t.name)],
);

let t: TestApp;
const tokens: Record<'admin' | 'internal' | 'customer', { authorization: string }> = {} as never;

beforeAll(async () => {
  const config = testConfig();
  const database = await freshDatabase();
  await database.db.execute(sql`create table test_gizmos (
    id uuid primary key default gen_random_uuid(), name text not null, enabled boolean not null default false,
    updated_at timestamptz not null default now())`);
  await database.db.execute(sql`create unique index test_gizmos_name_key on test_gizmos (name)`);
  const app = await buildApp(config, { database, inMemory: true, logger: false });
  await app.register(resourceRoutes(gizmosResource, gizmos), { prefix: '/api/v1/gizmos', db: database.db });
  await app.ready();
  t = { app, database, config, close: async () => (await app.close(), await database.close()) };
  Object.assign(tokens, await demoRoleHeaders(app));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/gizmos${url}`, headers, payload });
const names = (body: unknown) => (body as { name: string }[]).map((gizmo) => gizmo.name);

describe('a resource made of a definition and a table', () => {
  it('creates, audited, and refuses a broken uniqueness rule with its 409', async () => {
    const since = await lastAuditId(t);
    const created = await call('POST', '', tokens.admin, { name: ' Sprocket ', enabled: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Sprocket', enabled: true, id: expect.any(String) });
    const [record] = await auditSince(t, since, 'gizmo');
    expect(record).toMatchObject({ action: 'create', entityId: created.json().id });

    const again = await call('POST', '', tokens.admin, { name: 'Sprocket', enabled: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({
      errorCode: 'duplicate',
      resources: ['name'],
      messages: ['A gizmo with this name already exists.'],
    });
    const bad = await call('POST', '', tokens.admin, { name: '', enabled: 'yes', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(names((await call('GET', '', tokens.admin)).json())).toEqual(['Sprocket']);
  });

  it('lists by the definition: sort, declared filter (in `filter` or its own parameter), q, range', async () => {
    for (const name of ['Cog', 'Widget']) await call('POST', '', tokens.admin, { name, enabled: false });
    const sorted = await call('GET', '?sort=["name","DESC"]&range=[0,1]', tokens.admin);
    expect(names(sorted.json())).toEqual(['Widget', 'Sprocket']);
    expect(sorted.headers['content-range']).toBe('gizmos 0-1/3');
    expect(names((await call('GET', '?filter={"enabled":false}', tokens.admin)).json())).toEqual([
      'Cog',
      'Widget',
    ]);
    expect(names((await call('GET', '?enabled=true', tokens.admin)).json())).toEqual(['Sprocket']);
    expect(names((await call('GET', '?q=spr', tokens.admin)).json())).toEqual(['Sprocket']);
    expect((await call('GET', '?sort=["enabled","ASC"]', tokens.admin)).statusCode).toBe(400);
    expect((await call('GET', '?filter={"name":"Cog"}', tokens.admin)).statusCode).toBe(400);
  });

  it('shows and updates one, 404 for an unknown id, 409 for a taken name, changing nothing', async () => {
    const [cog] = (await call('GET', '?q=cog', tokens.admin)).json();
    expect((await call('GET', `/${cog.id}`, tokens.internal)).json()).toEqual(cog);
    const updated = await call('PUT', `/${cog.id}`, tokens.admin, { name: 'Cogwheel', enabled: true });
    expect(updated.json()).toMatchObject({ id: cog.id, name: 'Cogwheel', enabled: true });
    const taken = await call('PUT', `/${cog.id}`, tokens.admin, { name: 'Widget', enabled: true });
    expect(taken.statusCode).toBe(409);
    const unknown = await call('GET', '/00000000-0000-4000-8000-000000000000', tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/${cog.id}`, tokens.admin)).json().name).toBe('Cogwheel');
  });

  it('answers each action as the definition grants it: 401 anonymous, 403 other roles, no route for delete', async () => {
    const [one] = (await call('GET', '', tokens.admin)).json();
    const body = { name: 'Intruder', enabled: true };
    expect((await call('GET', '', {})).statusCode).toBe(401);
    expect((await call('GET', '', tokens.customer)).statusCode).toBe(403);
    expect((await call('GET', `/${one.id}`, tokens.customer)).statusCode).toBe(403);
    expect((await call('GET', '', tokens.internal)).statusCode).toBe(200);
    expect((await call('POST', '', tokens.internal, body)).statusCode).toBe(403);
    expect((await call('PUT', `/${one.id}`, tokens.internal, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/${one.id}`, tokens.admin)).statusCode).toBe(404);
    expect(names((await call('GET', '', tokens.admin)).json())).not.toContain('Intruder');
  });

  it('is documented in OpenAPI with its list parameters', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/v1/gizmos']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/v1/gizmos/{id}']).sort()).toEqual(['get', 'put']);
    const parameters = spec.paths['/api/v1/gizmos'].get.parameters as { name: string; schema: object }[];
    expect(parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['sort', 'range', 'filter', 'enabled', 'q']),
    );
    expect(parameters.find((parameter) => parameter.name === 'sort')!.schema).toMatchObject({
      enum: ['["name","ASC"]', '["name","DESC"]', '["updatedAt","ASC"]', '["updatedAt","DESC"]'],
    });
  });
});

describe('a definition that promises more than its repository keeps stops the server at start-up', () => {
  /** Registers the routes on a bare Fastify app and answers how its start-up ended. */
  async function startUp(definition: ResourceDefinition, repository: Parameters<typeof resourceRoutes>[1]) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    try {
      await app.register(resourceRoutes(definition, repository), { prefix: '/api/v1', db: t.database.db });
      await app.ready();
      return 'started';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
    }
  }
  const underParent = { ...gizmosResource, path: 'boards/{boardId}/gizmos' };
  const spaceScoped = { ...gizmosResource, rowScope: 'company-space' as const };
  const anyRow = () => sql`true`;
  const inParent = (request: FastifyRequest) =>
    sql`${(request.params as { boardId: string }).boardId} is not null`;

  it('a path naming a parent needs a repository scope', async () => {
    expect(await startUp(underParent, gizmos)).toBe(
      'gizmos: its path names a parent, so its repository needs a scope',
    );
    expect(await startUp(underParent, defineRepository(underParent, gizmos, { scope: inParent }))).toBe(
      'started',
    );
  });

  it("a company space admin's row scope needs the repository's listScope and reach", async () => {
    const message = "gizmos: rowScope 'company-space' needs the repository's listScope and reach";
    expect(await startUp(spaceScoped, gizmos)).toBe(message);
    expect(await startUp(spaceScoped, defineRepository(spaceScoped, gizmos, { listScope: anyRow }))).toBe(
      message,
    );
    const reach = async () => undefined;
    expect(await startUp(spaceScoped, defineRepository(spaceScoped, gizmos, { reach }))).toBe(message);
    expect(
      await startUp(spaceScoped, defineRepository(spaceScoped, gizmos, { listScope: anyRow, reach })),
    ).toBe('started');
  });
});
