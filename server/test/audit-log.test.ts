import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, ErrorBody } from '@portal/resources';
import { loadConfig } from '../src/config.js';
import { auditLog, boards, companySpaceMembers, companySpaces, users } from '../src/db/schema.js';
import { projects } from '../src/db/schema-projects.js';
import { pruneAuditLog } from '../src/modules/audit/audit-retention.module.js';
import { startTestApp, type TestApp } from './support/app.js';
import { sentStatements } from './support/sent-statements.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let csa: Tokens;
let customer: Tokens;
/** Ids of the seeded records, by what they are about. */
const ids: Record<string, string> = {};

const get = (url: string, tokens: Tokens | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(tokens ? bearer(tokens) : {}), ...headers } });

const listUrl = (filter: Record<string, unknown> = {}) =>
  `/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const list = async (tokens: Tokens, filter: Record<string, unknown> = {}) => {
  const response = await get(listUrl(filter), tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditRecord[]>();
};

const seed = async (row: typeof auditLog.$inferInsert) => {
  const [inserted] = await t.database.db.insert(auditLog).values(row).returning({ id: auditLog.id });
  return String(inserted!.id);
};

beforeAll(async () => {
  // Without the mail worker: its poll would send statements inside a window that counts them.
  t = await startTestApp({}, { mailWorker: false });
  [admin, csa, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'csa@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const db = t.database.db;
  await db.delete(auditLog);
  const [csaUser] = await db.select().from(users).where(eq(users.email, 'csa@portal.test'));
  const [adminUser] = await db.select().from(users).where(eq(users.email, 'admin@portal.test'));
  const [membership] = await db
    .select()
    .from(companySpaceMembers)
    .where(eq(companySpaceMembers.userId, csaUser!.id));
  // Boards of no project: the demo's projects put their boards in their company spaces.
  const [board, otherBoard] = await db
    .select()
    .from(boards)
    .where(sql`${boards.id} not in (select board_id from projects)`)
    .limit(2);
  const [other] = await db.insert(companySpaces).values({ name: 'Audit Other Space' }).returning();
  const [own] = await db
    .insert(projects)
    .values({ name: 'Own project', boardId: board!.id, companySpaceId: membership!.companySpaceId })
    .returning();
  const [foreign] = await db
    .insert(projects)
    .values({ name: 'Foreign project', boardId: otherBoard!.id, companySpaceId: other!.id })
    .returning();
  const at = (iso: string) => new Date(iso);
  ids.ownProject = await seed({
    actorId: adminUser!.id,
    action: 'update',
    entity: 'project',
    entityId: own!.id,
    before: { name: 'Old' },
    after: { name: 'Own project', passwordHash: 'x', nested: { clientSecret: 's', kept: 1 } },
    at: at('2026-01-01T10:00:00Z'),
  });
  ids.ownBoard = await seed({
    actorId: adminUser!.id,
    action: 'update',
    entity: 'board',
    entityId: board!.id,
    // A board permission's entry names the user it was given to, as its subject (audit() writes it so).
    after: { userId: csaUser!.id, email: 'csa@portal.test' },
    subjectId: csaUser!.id,
    subjectEmail: 'csa@portal.test',
    subjectName: 'Carla Spaceadmin',
    at: at('2026-01-02T10:00:00Z'),
  });
  ids.ownPerson = await seed({
    actorId: adminUser!.id,
    action: 'create',
    entity: 'user_role',
    entityId: csaUser!.id,
    parentEntity: 'user',
    parentId: csaUser!.id,
    subjectId: csaUser!.id,
    after: { role: 'Internal' },
    at: at('2026-01-03T10:00:00Z'),
  });
  ids.foreignProject = await seed({
    actorId: csaUser!.id,
    action: 'update',
    entity: 'project',
    entityId: foreign!.id,
    at: at('2026-01-04T10:00:00Z'),
  });
  ids.foreignBoard = await seed({
    actorId: adminUser!.id,
    action: 'update',
    entity: 'board',
    entityId: otherBoard!.id,
    at: at('2026-01-05T10:00:00Z'),
  });
  ids.flag = await seed({
    actorId: null,
    action: 'create',
    entity: 'feature_flag',
    entityId: 'f1',
    at: at('2026-01-06T10:00:00Z'),
  });
  ids.foreignProjectId = foreign!.id;
  ids.ownBoardId = board!.id;
  ids.adminUserId = adminUser!.id;
});
afterAll(() => t?.close());

describe('GET /api/v1/audit-log', () => {
  it('answers an admin every record, newest first, with the actor and Content-Range', async () => {
    const response = await get(listUrl(), admin, { range: 'audit-log=0-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('audit-log 0-1/6');
    expect(response.json<AuditRecord[]>().map((r) => r.id)).toEqual([ids.flag, ids.foreignBoard]);
    const all = await list(admin);
    expect(all.map((r) => r.id)).toEqual(
      ['flag', 'foreignBoard', 'foreignProject', 'ownPerson', 'ownBoard', 'ownProject'].map((k) => ids[k]),
    );
    expect(all[2]!.actor).toMatchObject({ email: 'csa@portal.test' });
    expect(all[0]!.actor).toBeNull();
  });

  it('never answers secret fields, at any depth', async () => {
    const response = await get(`/api/v1/audit-log/${ids.ownProject}`, admin);
    expect(response.statusCode).toBe(200);
    const record = response.json<AuditRecord>();
    expect(record.after).toEqual({ name: 'Own project', nested: { kept: 1 } });
    expect(record.before).toEqual({ name: 'Old' });
  });

  it('filters by actor email, entity, entity id, action, time range and search', async () => {
    const idsOf = async (filter: Record<string, unknown>) => (await list(admin, filter)).map((r) => r.id);
    expect(await idsOf({ actor: 'CSA@portal.test' })).toEqual([ids.foreignProject]);
    // A person by name as well as by email (issue 45).
    expect(await idsOf({ actor: 'carla spaceadmin' })).toEqual([ids.foreignProject]);
    expect(await idsOf({ user: 'Carla' })).toEqual([ids.ownPerson, ids.ownBoard]);
    // A user's History: their role grant and the permission naming them, by the email that keys the page.
    expect(await idsOf({ history: 'user:csa@portal.test' })).toEqual([ids.ownPerson, ids.ownBoard]);
    expect(await idsOf({ history: 'user' })).toEqual([]);
    expect(await idsOf({ entity: 'board' })).toEqual([ids.foreignBoard, ids.ownBoard]);
    expect(await idsOf({ entityId: 'f1' })).toEqual([ids.flag]);
    expect(await idsOf({ action: 'create' })).toEqual([ids.flag, ids.ownPerson]);
    expect(await idsOf({ from: '2026-01-02T00:00:00Z', to: '2026-01-03T23:59:59Z' })).toEqual([
      ids.ownPerson,
      ids.ownBoard,
    ]);
    expect(await idsOf({ q: 'feature' })).toEqual([ids.flag]);
    expect(await idsOf({ q: 'csa@portal' })).toEqual([ids.foreignProject]);
    // About a user: their role and the board permission naming them, not what they did themselves.
    expect(await idsOf({ user: 'CSA@portal.test' })).toEqual([ids.ownPerson, ids.ownBoard]);
    expect(await idsOf({ user: 'nobody@portal.test' })).toEqual([]);
  });

  it('answers each call with its own filter values when a list of one shape is asked again', async () => {
    // The same filters and sort run one prepared statement per shape: the values and their totals are per call.
    const page = async (filter: Record<string, unknown>, sort?: string) => {
      const url = `${listUrl(filter)}${sort ? `&sort=${encodeURIComponent(sort)}` : ''}`;
      const response = await get(url, admin, { range: 'audit-log=0-0' });
      expect(response.statusCode, response.body).toBe(200);
      return [response.headers['content-range'], response.json<AuditRecord[]>().map((r) => r.id)];
    };
    for (let round = 0; round < 2; round += 1) {
      expect(await page({ action: 'create' })).toEqual(['audit-log 0-0/2', [ids.flag]]);
      expect(await page({ action: 'update' })).toEqual(['audit-log 0-0/4', [ids.foreignBoard]]);
      expect(await page({ action: 'create' }, '["at","ASC"]')).toEqual(['audit-log 0-0/2', [ids.ownPerson]]);
      expect(await page({ q: 'feature' })).toEqual(['audit-log 0-0/1', [ids.flag]]);
      expect(await page({ q: 'csa@portal' })).toEqual(['audit-log 0-0/1', [ids.foreignProject]]);
      expect(await page({ actor: 'csa@portal.test' })).toEqual(['audit-log 0-0/1', [ids.foreignProject]]);
      expect(await page({ actor: 'admin@portal.test' })).toEqual(['audit-log 0-0/4', [ids.foreignBoard]]);
      // react-admin's getMany: lists of ids, each its own statement.
      expect(await page({ id: [ids.ownPerson, ids.flag] })).toEqual(['audit-log 0-0/2', [ids.flag]]);
      expect(await page({ id: [ids.ownBoard] })).toEqual(['audit-log 0-0/1', [ids.ownBoard]]);
    }
    expect((await list(csa, { id: [ids.foreignProject, ids.ownProject] })).map((r) => r.id)).toEqual([
      ids.ownProject,
    ]);
    // A company space admin's list of that shape still holds only their space.
    expect(await list(csa, { action: 'update' })).toEqual(
      (await list(admin, { action: 'update' })).filter((r) => [ids.ownBoard, ids.ownProject].includes(r.id)),
    );
  });

  it('sends every list, scoped, by own filter or by ids, as one text per shape, its values as parameters', async () => {
    const pages = async (calls: [Tokens, Record<string, unknown>][]) => {
      const sent = await sentStatements(t, async () => {
        for (const [who, filter] of calls) await list(who, filter);
      });
      return sent.filter((statement) => /^select .* from "audit_log"/.test(statement.text));
    };
    const csaUser = (await t.database.db.select().from(users).where(eq(users.email, 'csa@portal.test')))[0]!;
    const groups: { calls: [Tokens, Record<string, unknown>][]; value: unknown; kept: boolean }[] = [
      // A company space admin's list: the scope holds their id.
      {
        calls: [
          [csa, { action: 'create' }],
          [csa, { action: 'update' }],
        ],
        value: csaUser.id,
        kept: false,
      },
      // A filter of its own: an actor's email.
      {
        calls: [
          [admin, { actor: 'csa@portal.test' }],
          [admin, { actor: 'admin@portal.test' }],
        ],
        value: 'csa@portal.test',
        kept: false,
      },
      // getMany: ids of two lengths, one array.
      {
        calls: [
          [admin, { id: [ids.flag, ids.ownBoard] }],
          [admin, { id: [ids.ownPerson] }],
        ],
        value: [ids.flag, ids.ownBoard],
        kept: true,
      },
    ];
    for (const { calls, value, kept } of groups) {
      const [first, second] = await pages(calls);
      expect(second!.text, JSON.stringify(calls)).toBe(first!.text);
      expect(first!.params).toContainEqual(value);
      expect(first!.text).not.toContain(JSON.stringify(value).replace(/^"|"$/g, ''));
      // A kept shape is prepared under one name on PostgreSQL, parsed once per connection; a scoped list or an own
      // filter is unnamed, planned for its values.
      if (t.database.kind === 'postgres') {
        expect(first!.name ?? '').toMatch(kept ? /^list_page_[0-9a-f]{16}$/ : /^$/);
        expect(second!.name).toBe(first!.name);
      }
    }
  });

  it('refuses an undeclared filter or a malformed time with 400', async () => {
    expect((await get(listUrl({ actorId: 'x' }), admin)).statusCode).toBe(400);
    expect((await get(listUrl({ from: 'yesterday' }), admin)).statusCode).toBe(400);
    // Entity type and action are choices of the one list: a name nobody writes is refused, not answered empty.
    expect((await get(listUrl({ entity: 'user-role' }), admin)).statusCode).toBe(400);
    expect((await get(listUrl({ action: 'rotate-secret' }), admin)).statusCode).toBe(400);
    expect((await get('/api/v1/audit-log/abc', admin)).statusCode).toBe(400);
  });

  it("refuses a malformed record number by id and in getMany's ids alike, before the database", async () => {
    // One rule (the record's id schema): a letter, a sign, more than the 18 digits a record number has.
    const sent = await sentStatements(t, async () => {
      for (const id of ['12a', '-1', '1234567890123456789']) {
        for (const url of [
          `/api/v1/audit-log/${id}`,
          listUrl({ id: [ids.ownProject, id] }),
          listUrl({ id }),
        ]) {
          const response = await get(url, admin);
          expect(response.statusCode, url).toBe(400);
          expect(response.json<ErrorBody>().errors[0]?.messages.join(' '), url).toMatch(
            /expected a record number/,
          );
        }
      }
    });
    // The caller's sign-in reads its own tables; the history is never asked.
    expect(sent.filter((statement) => statement.text.includes('"audit_log"'))).toEqual([]);
    expect((await list(admin, { id: [ids.ownProject] })).map((r) => r.id)).toEqual([ids.ownProject]);
  });

  it("answers a company space admin only their own space's projects, boards and people", async () => {
    const seen = (await list(csa)).map((r) => r.id);
    expect(seen).toEqual([ids.ownPerson, ids.ownBoard, ids.ownProject]);
    // Another space's record stays absent, whatever the filter names, and is missing by id.
    expect(await list(csa, { entityId: ids.foreignProjectId })).toEqual([]);
    expect(await list(csa, { actor: 'csa@portal.test' })).toEqual([]);
    for (const id of [ids.foreignProject, ids.foreignBoard, ids.flag]) {
      const response = await get(`/api/v1/audit-log/${id}`, csa);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errors[0]?.errorCode).toBe('not_found');
    }
    expect((await get(`/api/v1/audit-log/${ids.ownProject}`, csa)).statusCode).toBe(200);
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await get(listUrl(), customer)).statusCode).toBe(403);
    expect((await get(`/api/v1/audit-log/${ids.ownProject}`, customer)).statusCode).toBe(403);
    expect((await get(listUrl(), null)).statusCode).toBe(401);
  });

  it('records the client id of a service account call and answers it', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('portal-smoke-test:demo-service-account-secret').toString('base64')}`,
      },
      payload: 'grant_type=client_credentials&scope=portal',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feature-flags',
      headers: bearer(token.json<{ access_token: string }>()),
      payload: { key: 'audited-by-robot', description: null, enabled: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const flagId = created.json<{ id: string }>().id;
    const [record] = await list(admin, { entity: 'feature_flag', entityId: flagId });
    // A machine's change is named as the machine's (issue 45), with the user it acts as, never as that person.
    expect(record?.serviceAccount).toMatchObject({
      clientId: 'portal-smoke-test',
      actingAs: 'smoke-test@portal.test',
    });
    expect(record?.actor).toBeNull();
  });

  it("keeps a board's record about a person of another space from a company space admin (boards are shared)", async () => {
    // A permission on the space's board given to someone outside the space (the admin here).
    const aboutOutsider = await seed({
      actorId: ids.adminUserId!,
      action: 'update',
      entity: 'board',
      entityId: ids.ownBoardId!,
      after: { userId: ids.adminUserId!, email: 'admin@portal.test' },
      subjectId: ids.adminUserId!,
      subjectEmail: 'admin@portal.test',
      subjectName: 'Ada Admin',
      at: new Date('2027-01-01T10:00:00Z'),
    });
    try {
      expect((await list(admin, { entity: 'board' })).map((r) => r.id)).toContain(aboutOutsider);
      const seen = (await list(csa, { entity: 'board' })).map((r) => r.id);
      expect(seen).toEqual([ids.ownBoard]);
      expect((await list(csa, { user: 'admin@portal.test' })).map((r) => r.id)).toEqual([]);
      expect((await get(`/api/v1/audit-log/${aboutOutsider}`, csa)).statusCode).toBe(404);
    } finally {
      await t.database.db.delete(auditLog).where(eq(auditLog.id, Number(aboutOutsider)));
    }
  });

  it('reads a blank person filter as naming nobody, not as every name', async () => {
    expect(await list(admin, { user: '  ' })).toEqual([]);
    expect(await list(admin, { actor: ' ' })).toEqual([]);
  });
});

describe('retention', () => {
  it('validates AUDIT_RETENTION_DAYS and keeps history forever by default', () => {
    expect(loadConfig({}).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'forever']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });

  it('deletes only the records older than the cutoff, in batches', async () => {
    const before = (await list(admin)).length;
    const deleted = await pruneAuditLog(t.database.db, new Date('2026-01-03T00:00:00Z'), 1);
    expect(deleted).toBe(2);
    const left = (await list(admin)).map((r) => r.id);
    expect(left).toHaveLength(before - 2);
    expect(left).not.toContain(ids.ownProject);
    expect(left).not.toContain(ids.ownBoard);
    expect(left).toContain(ids.ownPerson);
  });
});
