import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { resourceRoutes, type ResourceOperations } from '../src/http/resource-routes.js';
import { freshDatabase, testConfig, type TestApp } from './support/app.js';
import { demoRoleHeaders } from './support/sign-in.js';

// The generator's extension points, each on a throwaway definition no other part of the server names.
const partInput = z.strictObject({ name: z.string().trim().min(1).max(100) });
const partsResource = defineResource({
  name: 'parts',
  path: 'parts',
  label: { one: 'Part', many: 'Parts' },
  record: z.object({ id: z.uuid(), name: z.string() }),
  create: partInput,
  update: partInput,
  recordTitle: 'name',
  list: { columns: ['name'], sortable: ['name'], defaultSort: { field: 'name', order: 'ASC' }, filters: [] },
  fields: [{ source: 'name', label: 'Name', widget: 'text' }],
  access: {
    list: ['ADMIN'],
    show: ['ADMIN', 'INTERNAL_USER'],
    create: ['ADMIN'],
    edit: ['ADMIN'],
    delete: ['ADMIN'],
  },
});
const partDetail = z.object({ id: z.uuid(), name: z.string(), history: z.array(z.string()) });

/** Operations of its own, kept in memory: what a resource whose writes reach beyond one row hands over. */
const kept = new Map<string, { id: string; name: string }>();
const keptOperations: ResourceOperations = {
  list: async () => [...kept.values()],
  show: async (request) => ({ ...kept.get((request.params as { id: string }).id)!, history: ['shown'] }),
  create: async (request) => {
    const part = { id: crypto.randomUUID(), ...(request.body as { name: string }) };
    kept.set(part.id, part);
    return { ...part, history: ['created'] };
  },
  update: async () => undefined,
  remove: async () => undefined,
};

let t: TestApp;
const tokens: Record<'admin' | 'internal' | 'customer', { authorization: string }> = {} as never;

beforeAll(async () => {
  const config = testConfig();
  const database = await freshDatabase();
  const app = await buildApp(config, { database, inMemory: true, logger: false });
  await app.register(
    resourceRoutes(partsResource, keptOperations, {
      actions: ['list', 'show', 'create'],
      tags: ['parts (kept)'],
      detail: partDetail,
      errors: { create: [409] },
      extra: [
        {
          method: 'GET',
          path: '/history',
          action: 'show',
          summary: 'The history of a part',
          schema: { response: { 200: z.array(z.string()) } },
          handler: async (request) => [`history of ${(request.params as { id: string }).id}`],
        },
      ],
    }),
    { prefix: '/api/v1/parts', db: database.db },
  );
  await app.ready();
  t = { app, database, config, close: async () => (await app.close(), await database.close()) };
  Object.assign(tokens, await demoRoleHeaders(app));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

describe('operations of its own and further routes under a record', () => {
  it('answers through the given operations with the detail schema, validated as the definition says', async () => {
    const created = await call('POST', '/parts', tokens.admin, { name: ' Bolt ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bolt', history: ['created'] });
    expect((await call('POST', '/parts', tokens.admin, { name: '' })).statusCode).toBe(400);
    const shown = await call('GET', `/parts/${created.json().id}`, tokens.internal);
    expect(shown.json()).toEqual({ id: created.json().id, name: 'Bolt', history: ['shown'] });
  });

  it("checks a further route with its action's access and the record's path parameter", async () => {
    const [part] = (await call('GET', '/parts', tokens.admin)).json();
    expect((await call('GET', `/parts/${part.id}/history`, tokens.internal)).json()).toEqual([
      `history of ${part.id}`,
    ]);
    expect((await call('GET', `/parts/${part.id}/history`, tokens.customer)).statusCode).toBe(403);
    expect((await call('GET', `/parts/${part.id}/history`, {})).statusCode).toBe(401);
    expect((await call('GET', '/parts/not-a-uuid/history', tokens.admin)).statusCode).toBe(400);
  });

  it('documents the given tags, statuses and further route', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const create = spec.paths['/api/v1/parts'].post;
    expect(create.tags).toEqual(['parts (kept)']);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409']);
    expect(spec.paths['/api/v1/parts/{id}/history'].get.summary).toBe('The history of a part');
    expect(spec.paths['/api/v1/parts/{id}'].put).toBeUndefined();
  });
});
