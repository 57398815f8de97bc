import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess, reachableResources, type ResourceAction } from '@portal/resources';
import { widgetsResource } from '@portal/resources/test-fixtures';
import { buildApp } from '../src/app.js';
import { auditSince, lastAuditId } from './boards-api.js';
import { startTestApp, testConfig, type TestApp } from './support/app.js';
import { generatedWriteSteps } from './support/generated-writes.js';
import { bearer, signIn } from './support/sign-in.js';

// Issue 47 #2: a resource registered by its definition and its table alone, with no module and no route file.
const widgets = pgTable(
  'widgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('widgets_name_key').on(t.name)],
);

let t: TestApp;
const callers = {
  admin: { email: 'admin@portal.test', roles: [{ name: 'Admin' }] },
  csa: { email: 'csa@portal.test', roles: [{ name: 'Company Space Admin' }] },
  customer: { email: 'customer@portal.test', roles: [] },
};
const tokens = {} as Record<keyof typeof callers, { authorization: string }>;

beforeAll(async () => {
  t = await startTestApp({}, { added: { definitions: [widgetsResource], tables: [widgets] } });
  // The migration's work, done by the test.
  await t.database.db.execute(sql`create table widgets (
    id uuid primary key default gen_random_uuid(), name text not null, country text not null,
    updated_at timestamptz not null default now())`);
  await t.database.db.execute(sql`create unique index widgets_name_key on widgets (name)`);
  for (const [who, { email }] of Object.entries(callers)) {
    tokens[who as keyof typeof callers] = bearer(await signIn(t.app, { email }));
  }
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/widgets${url}`, headers, payload });

/** The widget routes of the route table, each with the action its rule names. */
const widgetRoutes = () =>
  t.app.apiRoutes.flatMap((route) =>
    route.access.kind === 'resource' && route.access.definition === widgetsResource
      ? [{ method: route.method, url: route.url, action: route.access.action }]
      : [],
  );

describe('a resource registered by its definition alone', () => {
  it('gets the routes its access grants, and creates, updates and deletes with audit records', async () => {
    expect(
      widgetRoutes()
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'DELETE /api/v1/widgets/:id',
      'GET /api/v1/widgets',
      'GET /api/v1/widgets/:id',
      'POST /api/v1/widgets',
      'PUT /api/v1/widgets/:id',
    ]);
    const since = await lastAuditId(t);
    const created = await call('POST', '', tokens.admin, { name: ' Anvil ', country: 'DE' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await call('POST', '', tokens.admin, { name: 'Anvil', country: 'FR' })).statusCode).toBe(409);
    await call('POST', '', tokens.admin, { name: 'Bellows', country: 'NL' });
    const updated = await call('PUT', `/${id}`, tokens.admin, { name: 'Anvil', country: 'FR' });
    expect(updated.json()).toMatchObject({ id, name: 'Anvil', country: 'FR' });
    const listed = await call('GET', '?filter={"country":"FR"}', tokens.admin);
    expect(listed.json<{ name: string }[]>().map((w) => w.name)).toEqual(['Anvil']);
    expect(listed.headers['content-range']).toBe('widgets 0-0/1');
    expect((await call('DELETE', `/${id}`, tokens.admin)).statusCode).toBe(200);
    const records = await auditSince(t, since, 'widget');
    expect(records.filter((r) => r.entityId === id).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('admits a company space admin to exactly the routes its definition grants them, and refuses the rest', async () => {
    expect(reachableResources(callers.csa, [widgetsResource])).toEqual([widgetsResource]);
    const [one] = (await call('GET', '', tokens.admin)).json<{ id: string }[]>();
    const body = { name: 'Intruder', country: 'DE' };
    const outcomes: Record<string, boolean> = {};
    for (const route of widgetRoutes()) {
      const url = route.url.replace('/api/v1/widgets', '').replace(':id', one!.id);
      const method = route.method as 'GET';
      const payload = method === 'GET' || method === 'DELETE' ? undefined : body;
      for (const who of ['csa', 'customer'] as const) {
        const response = await call(method, url, tokens[who], payload);
        const granted = canAccess(callers[who], widgetsResource, route.action as ResourceAction);
        expect(response.statusCode === 403, `${route.method} ${route.url} as ${who}`).toBe(!granted);
        if (who === 'csa') outcomes[route.action] = granted;
      }
    }
    // Read-only for them: both outcomes were met, so the loop above proved a refusal and an admission.
    expect(outcomes).toEqual({ list: true, show: true, create: false, edit: false, delete: false });
    expect((await call('GET', '', tokens.admin)).json<{ name: string }[]>().map((w) => w.name)).not.toContain(
      'Intruder',
    );
  });

  it('is documented in OpenAPI', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/v1/widgets']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/v1/widgets/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    const parameters = spec.paths['/api/v1/widgets'].get.parameters as { name: string }[];
    expect(parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['sort', 'range', 'country', 'q']));
  });

  it('is an entity type of the history: its filter, answered and documented', async () => {
    const created = await call('POST', '', tokens.admin, { name: 'Crucible', country: 'NL' });
    const { id } = created.json<{ id: string }>();
    expect(created.statusCode, created.body).toBe(201);
    const history = await t.app.inject({
      url: `/api/v1/audit-log?entity=widget&entityId=${id}`,
      headers: tokens.admin,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ entity: string; action: string }[]>()).toMatchObject([{ entity: 'widget' }]);
    // Still a closed list: an entity type nobody defines is bad input.
    const unknown = await t.app.inject({ url: '/api/v1/audit-log?entity=gizmo', headers: tokens.admin });
    expect(unknown.statusCode).toBe(400);
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const entity = (
      spec.paths['/api/v1/audit-log'].get.parameters as { name: string; schema: { enum?: string[] } }[]
    ).find((p) => p.name === 'entity');
    expect(entity?.schema.enum).toContain('widget');
  });

  it("is walked by the audit-coverage test's derivation with no step written for it", async () => {
    const steps = generatedWriteSteps(t.app, new Set()).filter((s) => s.route.includes('/widgets'));
    expect(steps.map((s) => s.route)).toEqual([
      'POST /api/v1/widgets',
      'PUT /api/v1/widgets/:id',
      'DELETE /api/v1/widgets/:id',
    ]);
    const ids: Record<string, string> = {};
    for (const step of steps) {
      const since = await lastAuditId(t);
      const body = step.body?.(ids) as object | undefined;
      const response = await t.app.inject({
        method: step.route.split(' ')[0] as 'POST',
        url: `/api/v1${step.url(ids)}`,
        headers: tokens.admin,
        ...(body === undefined ? {} : { payload: body }),
      });
      expect(response.statusCode, `${step.route}: ${response.body}`).toBeLessThan(300);
      step.keep?.(response.json(), ids);
      expect(await auditSince(t, since, 'widget'), step.route).toHaveLength(1);
    }
  });

  it('stops the server when a definition has neither a route file nor a table', async () => {
    const gadgets = { ...widgetsResource, name: 'gadgets', path: 'gadgets' };
    await expect(
      buildApp(testConfig(), {
        database: t.database,
        inMemory: true,
        logger: false,
        added: { definitions: [gadgets] },
      }),
    ).rejects.toThrow('gadgets: no route file serves it and no table is named gadgets');
  }, 180_000);
});
