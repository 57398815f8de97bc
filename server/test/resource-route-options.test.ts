import { eq, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { access } from '../src/auth/access.js';
import type { Database } from '../src/db/client.js';
import { badRequest, notFound } from '../src/transport/errors.js';
import { ownRecords } from '../src/modules/catalogue/own-records.js';
import { defineRepository } from '../src/crud/repository.js';
import { resourceRoutes, type ParentScope, type ResourceOperations } from '../src/crud/resource-routes.js';
import { auditSince, lastAuditId } from './boards-api.js';
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
const parts = pgTable('test_parts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
});
const partNotes = pgTable('test_part_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  partId: uuid('part_id').notNull(),
  note: text('note').notNull(),
});
/** A part with notes nested in its body, written by the after-write hook. */
const notedPartInput = z.strictObject({ name: z.string().min(1), notes: z.array(z.string()) });
const notedPartsResource = defineResource({
  ...partsResource,
  name: 'noted-parts',
  path: 'noted-parts',
  label: { one: 'Noted part', many: 'Noted parts' },
  record: z.object({ id: z.uuid(), name: z.string(), notes: z.array(z.string()) }),
  create: notedPartInput,
  update: notedPartInput,
});
const notedParts = defineRepository(notedPartsResource, parts, {
  toRecords: async (tx, rows) => {
    const notes = await tx.select().from(partNotes);
    return rows.map((row) => ({
      ...row,
      notes: notes.filter((note) => note.partId === row.id).map((note) => note.note),
    }));
  },
  afterWrite: async ({ tx }, row, input) => {
    await tx.delete(partNotes).where(eq(partNotes.partId, row.id));
    for (const note of (input as { notes: string[] }).notes) {
      // Refused after the row and earlier notes are written: the transaction must undo them.
      if (note === 'refused') throw badRequest('This note is refused.', ['notes']);
      await tx.insert(partNotes).values({ partId: row.id, note });
    }
  },
});
/** The notes of one part, listed under the part in the path. */
const partNotesResource = defineResource({
  ...partsResource,
  name: 'part-notes',
  path: 'part-lists/{partId}/notes',
  label: { one: 'Part note', many: 'Part notes' },
  record: z.object({ id: z.uuid(), note: z.string() }),
  list: { columns: ['note'], sortable: ['note'], defaultSort: { field: 'note', order: 'ASC' }, filters: [] },
  access: { list: ['ADMIN'] },
});
const notesOfPart = defineRepository(partNotesResource, partNotes, {
  scope: (request) => eq(partNotes.partId, (request.params as { partId: string }).partId),
});
const partParent = (db: Database): ParentScope => ({
  param: 'partId',
  key: z.uuid(),
  require: async (id) => {
    const [part] = await db.select().from(parts).where(eq(parts.id, id));
    if (!part) throw notFound('Part not found.', ['parts']);
  },
});
/** Tickets each owned by a user: admins alone are granted them, the owner scope opens each to its owner. */
const ticketsResource = defineResource({
  ...partsResource,
  name: 'tickets',
  path: 'tickets',
  label: { one: 'Ticket', many: 'Tickets' },
  record: z.object({ id: z.uuid(), title: z.string() }),
  list: {
    columns: ['title'],
    sortable: ['title'],
    defaultSort: { field: 'title', order: 'ASC' },
    filters: [],
  },
  access: { list: ['ADMIN'], show: ['ADMIN'] },
});
const tickets = pgTable('test_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  title: text('title').notNull(),
});
const ownTickets = (db: Database) =>
  ownRecords<typeof tickets.$inferSelect, { id: string; title: string }>(db, {
    table: tickets,
    columns: () => ({ id: tickets.id, title: tickets.title }),
    definition: ticketsResource,
    records: async (_db, rows) => rows.map(({ id, title }) => ({ id, title })),
    what: 'Ticket',
    resource: 'ticket',
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
  await database.db.execute(
    sql`create table test_parts (id uuid primary key default gen_random_uuid(), name text not null)`,
  );
  await database.db.execute(
    sql`create table test_part_notes (id uuid primary key default gen_random_uuid(), part_id uuid not null, note text not null)`,
  );
  const app = await buildApp(config, { database, inMemory: true, logger: false });
  await database.db.execute(
    sql`create table test_tickets (id uuid primary key default gen_random_uuid(), user_id uuid not null, title text not null)`,
  );
  await database.db.execute(sql`insert into test_tickets (user_id, title)
    select id, 'Ticket of ' || email from users where email in ('customer@portal.test', 'admin@portal.test')`);
  await app.register(resourceRoutes(ticketsResource, ownTickets(database.db), { owned: true }), {
    prefix: '/api/v1/tickets',
    db: database.db,
  });
  // Registered under the parent's part of the path, as a route file of `routes/part-lists/_id/` would be.
  await app.register(resourceRoutes(partNotesResource, notesOfPart, { parent: partParent(database.db) }), {
    prefix: '/api/v1/part-lists/:partId',
    db: database.db,
  });
  await app.register(resourceRoutes(notedPartsResource, notedParts), {
    prefix: '/api/v1/noted-parts',
    db: database.db,
  });
  await app.register(
    resourceRoutes(partsResource, keptOperations, {
      actions: ['list', 'show', 'create'],
      access: { list: access.signedIn() },
      tags: ['parts (kept)'],
      detail: partDetail,
      listRecord: partsResource.record.pick({ name: true }),
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
    const part = [...kept.values()][0]!;
    expect((await call('GET', `/parts/${part.id}/history`, tokens.internal)).json()).toEqual([
      `history of ${part.id}`,
    ]);
    expect((await call('GET', `/parts/${part.id}/history`, tokens.customer)).statusCode).toBe(403);
    expect((await call('GET', `/parts/${part.id}/history`, {})).statusCode).toBe(401);
    // The list's rule is the one given in place of the definition's; show keeps the definition's.
    const listed = await call('GET', '/parts', tokens.customer);
    expect(listed.statusCode).toBe(200);
    // The list answers its own row schema: the id the record has is left out.
    expect(listed.json()).toEqual([{ name: part.name }]);
    expect((await call('GET', `/parts/${part.id}`, tokens.customer)).statusCode).toBe(403);
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

describe('an after-write hook', () => {
  const partNames = async () => (await t.database.db.select().from(parts)).map((part) => part.name);

  it("writes nested children in the write's transaction: the answer and the audit record hold them", async () => {
    const since = await lastAuditId(t);
    const created = await call('POST', '/noted-parts', tokens.admin, { name: 'Nut', notes: ['m4', 'zinc'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Nut', notes: ['m4', 'zinc'] });
    const [record] = await auditSince(t, since, 'noted_part');
    expect(record).toMatchObject({ action: 'create', after: { notes: ['m4', 'zinc'] } });
    const updated = await call('PUT', `/noted-parts/${created.json().id}`, tokens.admin, {
      name: 'Nut',
      notes: ['m5'],
    });
    expect(updated.json().notes).toEqual(['m5']);
  });

  it('undoes the row, its children and its audit record when it throws', async () => {
    const before = await partNames();
    const since = await lastAuditId(t);
    const refused = await call('POST', '/noted-parts', tokens.admin, {
      name: 'Washer',
      notes: ['ok', 'refused'],
    });
    expect(refused.statusCode).toBe(400);
    expect(await partNames()).toEqual(before);
    const notes = await t.database.db.select().from(partNotes);
    expect(notes.map((row) => row.note)).not.toContain('ok');
    const [nut] = (await call('GET', '/noted-parts', tokens.admin)).json();
    const again = await call('PUT', `/noted-parts/${nut.id}`, tokens.admin, {
      name: 'Big nut',
      notes: ['refused'],
    });
    expect(again.statusCode).toBe(400);
    expect((await call('GET', `/noted-parts/${nut.id}`, tokens.admin)).json()).toEqual(nut);
    expect(await auditSince(t, since, 'noted_part')).toEqual([]);
  });
});

describe('a parent scope', () => {
  it("lists the parent's rows only, under the path the prefix does not give yet", async () => {
    const [nut] = (await call('GET', '/noted-parts', tokens.admin)).json();
    const other = (
      await call('POST', '/noted-parts', tokens.admin, { name: 'Screw', notes: ['torx'] })
    ).json();
    const notes = await call('GET', `/part-lists/${nut.id}/notes`, tokens.admin);
    expect(notes.statusCode).toBe(200);
    expect(notes.json().map((note: { note: string }) => note.note)).toEqual(nut.notes);
    expect(notes.headers['content-range']).toMatch(/^part-notes /);
    const others = (await call('GET', `/part-lists/${other.id}/notes`, tokens.admin)).json();
    expect(others.map((note: { note: string }) => note.note)).toEqual(['torx']);
  });

  it('answers 404 for an unknown parent and 400 for a malformed key, not an empty list', async () => {
    const unknown = await call('GET', '/part-lists/00000000-0000-4000-8000-000000000000/notes', tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ messages: ['Part not found.'], resources: ['parts'] });
    const malformed = await call('GET', '/part-lists/not-a-uuid/notes', tokens.admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ resources: ['params.partId'] });
  });
});

describe('an owner scope', () => {
  const titles = (body: unknown) => (body as { title: string }[]).map((ticket) => ticket.title);

  it("lists and shows a signed-in caller's own rows, every row to an admin", async () => {
    const own = await call('GET', '/tickets', tokens.customer);
    expect(titles(own.json())).toEqual(['Ticket of customer@portal.test']);
    const all = (await call('GET', '/tickets', tokens.admin)).json();
    expect(titles(all)).toEqual(['Ticket of admin@portal.test', 'Ticket of customer@portal.test']);
    expect(titles((await call('GET', '/tickets?scope=own', tokens.admin)).json())).toEqual([
      'Ticket of admin@portal.test',
    ]);
    const [mine] = own.json();
    expect((await call('GET', `/tickets/${mine.id}`, tokens.customer)).json()).toEqual(mine);
    const adminsTicket = all.find((ticket: { title: string }) => ticket.title.includes('admin'));
    expect((await call('GET', `/tickets/${adminsTicket.id}`, tokens.customer)).statusCode).toBe(404);
  });

  it('refuses every row to a customer and every call to an anonymous one; documents scope', async () => {
    expect((await call('GET', '/tickets?scope=all', tokens.customer)).statusCode).toBe(403);
    expect((await call('GET', '/tickets', {})).statusCode).toBe(401);
    const spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const parameters = spec.paths['/api/v1/tickets'].get.parameters as { name: string }[];
    expect(parameters.map((parameter) => parameter.name)).toContain('scope');
  });
});
