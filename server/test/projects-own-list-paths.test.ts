import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, parseContentRange, type Project } from '@portal/resources';
import { boardUserLinks, projectMembers, projects } from '../src/db/tables.js';
import { EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import { startTestApp, type TestApp } from './support/app.js';
import { sentStatements } from './support/sent-statements.js';
import type { Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

// Every path of the customer's own list (`projects/user`, issue 24) against the rows of the tables: a scope read
// first (short) and the sort index walked (long), offset pages and keyset cursors, filters, the Content-Range total,
// secure projects with and without a second factor, and the other company space on the same boards.

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk, expectError } = kit;

type Caller = { id: string; plain: Tokens; mfa: Tokens };
let spaceA: string;
let spaceB: string;
/** Linked to the caller as viewer, as csa, and not at all. */
let linkedViewer: string;
let linkedCsa: string;
let unlinked: string;
/** Promoted users of space A (no whole-space role): `long` linked to both boards, `short` to the csa one only. */
let long: Caller;
let short: Caller;

type Row = { id: string; key: string | null };

/** The SQL sort key of each sort field the tests walk, as the spec's sort options name them. */
const KEYS = {
  updatedAt: 'updated_at',
  group: 'group_name',
  name: 'lower(name)',
  createdAt: 'created_at',
} as const;
type Field = keyof typeof KEYS;

/**
 * The caller's own projects read straight from the tables (spec: projects they hold a role in, and those of the
 * linked boards in their company space; secure ones only with a second factor), in the list's order: ascending
 * nulls last, descending nulls first, ties by id.
 */
async function ownRows(
  caller: { id: string },
  boards: string[],
  options: { secure: boolean; field?: Field; order?: 'ASC' | 'DESC'; where?: string },
): Promise<Row[]> {
  const key = KEYS[options.field ?? 'updatedAt'];
  const order = options.order ?? 'DESC';
  const list = boards.map((board) => `'${board}'`).join(',');
  const result = (await t.database.db.execute(
    sql.raw(`select id, (${key})::text as key from projects
      where (${options.secure ? 'true' : 'secure = false'})
        and ((company_space_id = '${spaceA}' and board_id in (${list}))
          or id in (select project_id from project_members where user_id = '${caller.id}'))
        ${options.where ? `and (${options.where})` : ''}
      order by ${key} ${order}, id ${order}`),
  )) as unknown as { rows: Row[] };
  return result.rows;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const totalOf = (response: LightMyRequestResponse) =>
  parseContentRange(response.headers['content-range'] as string).total;

/** Every page of a list by keyset cursor, from the first page on: the ids in order and every page's total. */
async function walk(tokens: Tokens, query: string, size: number) {
  const range = `range=${JSON.stringify([0, size - 1])}`;
  const seen: string[] = [];
  const totals: number[] = [];
  let response = await call('GET', `projects/user?${query}&${range}`, tokens);
  for (;;) {
    const rows = expectOk<Project[]>(response);
    seen.push(...ids(rows));
    totals.push(totalOf(response));
    const next = response.headers['x-next-cursor'] as string | undefined;
    if (!next) break;
    expect(rows).toHaveLength(size);
    response = await call('GET', `projects/user?${query}&${range}&cursor=${next}`, tokens);
  }
  return { seen, totals };
}

const sortQuery = (field: Field, order: 'ASC' | 'DESC') =>
  `sort=${encodeURIComponent(JSON.stringify([field, order]))}`;
const filterQuery = (filter: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A cursor as the list gives them out (base64url JSON), with the fields changed to `change`. */
function crafted(real: string, change: Record<string, unknown>): string {
  const cursor = JSON.parse(Buffer.from(real, 'base64url').toString()) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...cursor, ...change })).toString('base64url');
}

let seq = 0;
/**
 * `count` projects on `board` in `space`, with `every` of them secure, updated at a few shared instants (ties, so the
 * id decides the order) and with every third group empty (a sort key with nulls); `member` holds a role in each.
 */
async function addProjects(
  space: string | null,
  board: string,
  count: number,
  options: { secureEvery?: number; member?: string } = {},
): Promise<string[]> {
  const base = Date.UTC(2026, 0, 1) + seq++ * 1000;
  const rows = await t.database.db
    .insert(projects)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Path ${seq} ${i}`,
        boardId: board,
        companySpaceId: space,
        companyName: 'Test Company',
        status: 'active' as const,
        secure: options.secureEvery ? i % options.secureEvery === 0 : false,
        groupName: i % 3 === 0 ? null : `G${i % 4}`,
        updatedAt: new Date(base + (i % 4) * 60_000),
        createdAt: new Date(base + (i % 2) * 60_000),
      })),
    )
    .returning({ id: projects.id });
  if (options.member) {
    await t.database.db
      .insert(projectMembers)
      .values(rows.map((row) => ({ projectId: row.id, userId: options.member!, role: 'member' as const })));
  }
  return ids(rows);
}

async function promotedIn(
  email: string,
  links: { boardId: string; kind: 'viewer' | 'csa' }[],
): Promise<Caller> {
  const who = await kit.account(email, { roles: [Role.PromotedUser], space: 'Paths Space A' });
  await t.database.db.insert(boardUserLinks).values(links.map((link) => ({ ...link, userId: who.id })));
  return { id: who.id, plain: who.tokens, mfa: await kit.mfaToken(email, 'a-long-password') };
}

/** The page statements a call sent (the list's one query per page). */
const pageStatements = async (run: () => Promise<unknown>) =>
  (await sentStatements(t, run)).filter((statement) => statement.text.includes('"page" as ('));

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoBoards(t);
  [linkedViewer, linkedCsa, unlinked] = demo.all.map((board) => board.id) as [string, string, string];
  spaceA = await kit.spaceId('Paths Space A');
  spaceB = await kit.spaceId('Paths Space B');
  long = await promotedIn('paths-long@list.test', [
    { boardId: linkedViewer, kind: 'viewer' },
    { boardId: linkedCsa, kind: 'csa' },
  ]);
  short = await promotedIn('paths-short@list.test', [{ boardId: linkedCsa, kind: 'csa' }]);
  // In scope: space A's projects on the linked boards (some secure), and the callers' own memberships wherever.
  await addProjects(spaceA, linkedViewer, 12, { secureEvery: 5 });
  await addProjects(spaceA, linkedCsa, 9, { secureEvery: 4 });
  await addProjects(spaceB, unlinked, 2, { member: long.id, secureEvery: 2 });
  await addProjects(null, unlinked, 2, { member: short.id, secureEvery: 2 });
  // Never in scope: space A on the unlinked board, space B on the very boards linked, no space at all.
  await addProjects(spaceA, unlinked, 5);
  await addProjects(spaceB, linkedViewer, 8, { secureEvery: 3 });
  await addProjects(spaceB, linkedCsa, 6, { secureEvery: 3 });
  await addProjects(null, linkedCsa, 3);
}, 240_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** The projects no caller of space A linked to boards may see, unless they hold a role in them. */
async function forbiddenIds(caller: { id: string }): Promise<Set<string>> {
  const result = (await t.database.db.execute(
    sql.raw(`select id from projects where (company_space_id is distinct from '${spaceA}' or board_id = '${unlinked}')
      and id not in (select project_id from project_members where user_id = '${caller.id}')`),
  )) as unknown as { rows: { id: string }[] };
  return new Set(ids(result.rows));
}

describe('the own list of a caller linked to boards, read scope first (short)', () => {
  const sorts: [Field, 'ASC' | 'DESC'][] = [
    ['updatedAt', 'DESC'],
    ['group', 'ASC'],
    ['group', 'DESC'],
    ['name', 'DESC'],
    ['createdAt', 'ASC'],
  ];
  /** The long caller's projects without a second factor, newest first. */
  let ownRowsCache: Row[] = [];
  beforeAll(async () => {
    ownRowsCache = await ownRows(long, [linkedViewer, linkedCsa], { secure: false });
  });

  it.each(sorts)(
    'walks every page by cursor sorted by %s %s: the scope exactly, in order',
    async (field, order) => {
      for (const [caller, boards] of [
        [long, [linkedViewer, linkedCsa]],
        [short, [linkedCsa]],
      ] as const) {
        for (const mfa of [false, true]) {
          const expected = await ownRows(caller, [...boards], { secure: mfa, field, order });
          const { seen, totals } = await walk(mfa ? caller.mfa : caller.plain, sortQuery(field, order), 4);
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual(ids(expected));
          expect(new Set(totals)).toEqual(new Set([expected.length]));
        }
      }
    },
  );

  it('leaves secure projects out of every path without a second factor, and counts what it lists', async () => {
    const boards = [linkedViewer, linkedCsa];
    const secure = ids(
      (await ownRows(long, boards, { secure: true })).filter((row) => !ids(ownRowsCache).includes(row.id)),
    );
    expect(secure.length).toBeGreaterThan(3);
    // Offset pages (read first), a filtered list, and the filter that asks for secure projects by name.
    const plain = await call('GET', 'projects/user?range=[0,4]', long.plain);
    expect(ids(expectOk<Project[]>(plain))).toEqual(ids(ownRowsCache.slice(0, 5)));
    expect(totalOf(plain)).toBe(ownRowsCache.length);
    const asked = await call('GET', `projects/user?${filterQuery({ secure: true })}&range=[0,4]`, long.plain);
    expect(expectOk<Project[]>(asked)).toEqual([]);
    expect(totalOf(asked)).toBe(0);
    const byId = await call('GET', `projects/user?${filterQuery({ id: secure })}&range=[0,4]`, long.plain);
    expect(expectOk<Project[]>(byId)).toEqual([]);

    const withMfa = await call('GET', `projects/user?${filterQuery({ secure: true })}&range=[0,4]`, long.mfa);
    expect(ids(expectOk<Project[]>(withMfa)).sort()).toEqual(secure.slice(0, 5).sort());
    expect(totalOf(withMfa)).toBe(secure.length);
    const filtered = await call(
      'GET',
      `projects/user?${filterQuery({ board: linkedViewer })}&range=[0,2]`,
      long.mfa,
    );
    const onBoard = await ownRows(long, boards, { secure: true, where: `board_id = '${linkedViewer}'` });
    expect(ids(expectOk<Project[]>(filtered))).toEqual(ids(onBoard.slice(0, 3)));
    expect(totalOf(filtered)).toBe(onBoard.length);
  });

  it('never lists space B’s projects on the linked boards, asked by filter or by a crafted cursor', async () => {
    const forbidden = await forbiddenIds(long);
    const spaceBOnBoard = (await t.database.db.execute(
      sql.raw(`select id, updated_at::text as key, group_name from projects
        where company_space_id = '${spaceB}' and board_id = '${linkedViewer}' and secure = false
        order by updated_at, id limit 1`),
    )) as unknown as { rows: { id: string; key: string }[] };
    const target = spaceBOnBoard.rows[0]!;
    for (const tokens of [long.plain, long.mfa]) {
      const asked = await call(
        'GET',
        `projects/user?${filterQuery({ id: [...forbidden], board: linkedViewer })}&range=[0,9]`,
        tokens,
      );
      expect(expectOk<Project[]>(asked)).toEqual([]);
      expect(totalOf(asked)).toBe(0);
    }
    await expectCraftedCursorsStayInScope(long, [linkedViewer, linkedCsa], target, forbidden);
  });
});

/**
 * Cursors crafted from a project outside the caller's scope (its sort key and id) continue within the scope after
 * that position, or are refused in the spec's error shape; neither leaks the project nor any other outside it.
 */
async function expectCraftedCursorsStayInScope(
  caller: Caller,
  boards: string[],
  target: { id: string; key: string },
  forbidden: Set<string>,
): Promise<void> {
  const first = await call('GET', 'projects/user?range=[0,1]', caller.plain);
  const real = first.headers['x-next-cursor'] as string;
  expect(real).toBeTruthy();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ k: target.key, i: target.id, n: 0 }, 'updatedAt', 'DESC'],
    [{ k: target.key, i: target.id, n: 0, o: 'ASC' }, 'updatedAt', 'ASC'],
    [{ k: null, i: target.id, n: 3, f: 'group', o: 'ASC' }, 'group', 'ASC'],
  ];
  let answered = 0;
  for (const [change, field, order] of cases) {
    const cursor = crafted(real, change);
    const sort = sortQuery(field as Field, order as 'ASC' | 'DESC');
    const response = await call('GET', `projects/user?${sort}&range=[0,9]&cursor=${cursor}`, caller.plain);
    if (response.statusCode === 400) {
      expectError(response, 400, 'invalid_request');
      continue;
    }
    const listed = ids(expectOk<Project[]>(response));
    for (const id of listed) expect(forbidden.has(id), id).toBe(false);
    // What follows the crafted position in the caller's own list, read from the tables.
    const all = await ownRows(caller, boards, {
      secure: false,
      field: field as Field,
      order: order as 'ASC' | 'DESC',
      where:
        change.k === null
          ? `group_name is null and id > '${target.id}'`
          : `(updated_at, id) ${order === 'DESC' ? '<' : '>'} ('${target.key}'::timestamptz, '${target.id}'::uuid)`,
    });
    expect(listed).toEqual(ids(all.slice(0, 10)));
    answered += 1;
  }
  // Refusing every crafted cursor would leave the scope check above unchecked: the well-formed ones are answered.
  expect(answered).toBeGreaterThan(0);
  // A cursor of another sort or filter, or one that is not a cursor at all: refused, nothing listed.
  // A sort key that is no value of the sort field (text where a time belongs, SQL as text) is refused too.
  for (const cursor of [
    crafted(real, { h: 'other' }),
    'bm90LWEtY3Vyc29y',
    crafted(real, { i: 'x' }),
    crafted(real, { n: -1 }),
    crafted(real, { k: "2026-01-01') or true --" }),
    crafted(real, { k: 'not a time' }),
  ]) {
    expectError(
      await call('GET', `projects/user?range=[0,9]&cursor=${cursor}`, caller.plain),
      400,
      'invalid_request',
    );
  }
}

describe('the own list of a caller linked to boards, walking the sort index (long)', () => {
  beforeAll(async () => {
    // Past the exact limit on the viewer-linked board alone, with space B's projects on the same board interleaved.
    await t.database.db.execute(sql`insert into projects
        (name, board_id, company_space_id, company_name, status, secure, group_name, updated_at, created_at)
      select 'Bulk ' || g, ${linkedViewer}::uuid, ${spaceA}::uuid, 'Test Company', 'active', g % 50 = 0,
        case when g % 7 = 0 then null else 'B' || (g % 13) end,
        timestamptz '2026-02-01' + (g / 3) * interval '1 second', timestamptz '2026-02-01'
      from generate_series(1, ${EXACT_COUNT_LIMIT + 300}::int) g`);
    await t.database.db.execute(sql`insert into projects
        (name, board_id, company_space_id, company_name, status, secure, group_name, updated_at, created_at)
      select 'Other ' || g, ${linkedViewer}::uuid, ${spaceB}::uuid, 'B Company', 'active', false, null,
        timestamptz '2026-02-01' + (g * 17) * interval '1 second', timestamptz '2026-02-01'
      from generate_series(1, 300) g`);
  }, 240_000);

  it('reads first once, keeps the long total, then walks every page by cursor: the scope exactly', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const boards = [linkedViewer, linkedCsa];
    for (const mfa of [false, true]) {
      const tokens = mfa ? long.mfa : long.plain;
      const expected = await ownRows(long, boards, { secure: mfa });
      expect(expected.length).toBeGreaterThan(EXACT_COUNT_LIMIT);
      // The first page reads the scope first (the list is not yet known long), counts it in full and keeps that.
      let firstPage: LightMyRequestResponse | undefined;
      const readFirst = await pageStatements(async () => {
        firstPage = await call('GET', 'projects/user?range=[0,24]', tokens);
      });
      expect(readFirst.some((statement) => statement.text.includes('"scope_rows"'))).toBe(true);
      expect(ids(expectOk<Project[]>(firstPage!))).toEqual(ids(expected.slice(0, 25)));
      expect(totalOf(firstPage!)).toBe(expected.length);

      let walked: Awaited<ReturnType<typeof walk>> | undefined;
      const sent = await pageStatements(async () => {
        walked = await walk(tokens, sortQuery('updatedAt', 'DESC'), 1000);
      });
      // Known long, no page reads the scope first: each tests rows on the sort index (the links read in the statement).
      expect(sent.filter((statement) => statement.text.includes('"scope_rows"'))).toEqual([]);
      expect(sent.every((statement) => statement.text.includes('"board_user_links"'))).toBe(true);
      expect(new Set(walked!.seen).size).toBe(walked!.seen.length);
      expect(walked!.seen).toEqual(ids(expected));
      expect(new Set(walked!.totals)).toEqual(new Set([expected.length]));

      // A deep offset page and a sort with nulls take the same walk.
      const deep = await call('GET', 'projects/user?range=[6000,6019]', tokens);
      expect(ids(expectOk<Project[]>(deep))).toEqual(ids(expected.slice(6000, 6020)));
      expect(totalOf(deep)).toBe(expected.length);
      const byGroup = await ownRows(long, boards, { secure: mfa, field: 'group', order: 'DESC' });
      const groupWalk = await walk(tokens, sortQuery('group', 'DESC'), 1000);
      expect(groupWalk.seen).toEqual(ids(byGroup));
    }
  });

  it('filters a long list within the scope, secure projects only with a second factor', async () => {
    const boards = [linkedViewer, linkedCsa];
    for (const mfa of [false, true]) {
      const tokens = mfa ? long.mfa : long.plain;
      const query = filterQuery({ board: linkedViewer });
      const expected = await ownRows(long, boards, { secure: mfa, where: `board_id = '${linkedViewer}'` });
      const { seen, totals } = await walk(tokens, `${query}&${sortQuery('updatedAt', 'DESC')}`, 1000);
      expect(seen).toEqual(ids(expected));
      expect(new Set(totals)).toEqual(new Set([expected.length]));
      const secure = await call('GET', `projects/user?${filterQuery({ secure: true })}&range=[0,9]`, tokens);
      const secureRows = await ownRows(long, boards, { secure: mfa, where: 'secure' });
      expect(ids(expectOk<Project[]>(secure))).toEqual(ids(secureRows.slice(0, 10)));
      expect(totalOf(secure)).toBe(secureRows.length);
      if (!mfa) expect(secureRows).toEqual([]);
    }
  });

  it('looks boards up row by row on a short walk of a caller with many links, and lists the same rows', async () => {
    // Linked to the two boards and to 300 boards without projects; a member of projects in space B and in no space,
    // some secure; someone else is linked to the unlinked board. A page of 50 walks about 53 rows, fewer than a fifth
    // of the links (own-walk.ts), so each row's board is looked up; a deep page reads the links into a hashed set.
    await t.database.db.execute(sql`insert into boards (name, ispn, type, description, product_type)
      select 'Probe board ' || g, 'PROBE-' || g, 'Probe', 'Probe board ' || g, 'board' from generate_series(1, 300) g`);
    const many = await promotedIn('paths-many@list.test', [
      { boardId: linkedViewer, kind: 'viewer' },
      { boardId: linkedCsa, kind: 'csa' },
    ]);
    await t.database.db.execute(sql`insert into board_user_links (board_id, user_id, kind)
      select id, ${many.id}::uuid, 'viewer' from boards where name like 'Probe board %'`);
    await addProjects(spaceB, unlinked, 4, { member: many.id, secureEvery: 2 });
    await addProjects(null, unlinked, 2, { member: many.id });
    await promotedIn('paths-unlinked@list.test', [{ boardId: unlinked, kind: 'viewer' }]);
    const boards = [linkedViewer, linkedCsa];
    const expected = await ownRows(many, boards, { secure: false });
    const probing = (statement: { text: string }) =>
      statement.text.includes('exists (select "board_user_links"');
    // Read first while the size is unknown; then, known long, walked by lookups page after page.
    expect(ids(expectOk<Project[]>(await call('GET', 'projects/user?range=[0,24]', many.plain)))).toEqual(
      ids(expected.slice(0, 25)),
    );
    let walked: Awaited<ReturnType<typeof walk>> | undefined;
    const sent = await pageStatements(async () => {
      walked = await walk(many.plain, sortQuery('updatedAt', 'DESC'), 50);
    });
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every(probing)).toBe(true);
    expect(walked!.seen).toEqual(ids(expected));
    expect(new Set(walked!.totals)).toEqual(new Set([expected.length]));

    // A filtered list walks by lookups too: its first four pages by cursor, against the tables.
    const filter = filterQuery({ board: linkedViewer });
    const filtered = await ownRows(many, boards, { secure: false, where: `board_id = '${linkedViewer}'` });
    await call('GET', `projects/user?${filter}&range=[0,24]`, many.plain);
    const filteredSent = await pageStatements(async () => {
      let response = await call('GET', `projects/user?${filter}&range=[0,24]`, many.plain);
      const seen = ids(expectOk<Project[]>(response));
      for (let more = 0; more < 3; more += 1) {
        const next = response.headers['x-next-cursor'] as string;
        response = await call('GET', `projects/user?${filter}&range=[0,24]&cursor=${next}`, many.plain);
        seen.push(...ids(expectOk<Project[]>(response)));
      }
      expect(seen).toEqual(ids(filtered.slice(0, 100)));
    });
    expect(filteredSent).toHaveLength(4);
    expect(filteredSent.every(probing)).toBe(true);

    // Past a minute, what the walk is judged by is counted again (by the first page); then a deep page walks with
    // the links read into a set.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    await call('GET', 'projects/user?range=[0,24]', many.plain);
    let deep: LightMyRequestResponse | undefined;
    const deepSent = await pageStatements(async () => {
      deep = await call('GET', 'projects/user?range=[1000,1024]', many.plain);
    });
    expect(deepSent).toHaveLength(1);
    expect(deepSent[0]!.text).not.toContain('"scope_rows"');
    expect(deepSent[0]!.text).toContain('"board_user_links"');
    expect(probing(deepSent[0]!)).toBe(false);
    expect(ids(expectOk<Project[]>(deep!))).toEqual(ids(expected.slice(1000, 1025)));
  });

  it('never lists space B’s projects on the linked board, whatever cursor is crafted', async () => {
    const forbidden = await forbiddenIds(long);
    const other = (await t.database.db.execute(
      sql.raw(`select id, updated_at::text as key from projects
        where company_space_id = '${spaceB}' and board_id = '${linkedViewer}' and name like 'Other %'
        order by updated_at desc, id desc offset 100 limit 1`),
    )) as unknown as { rows: { id: string; key: string }[] };
    await expectCraftedCursorsStayInScope(long, [linkedViewer, linkedCsa], other.rows[0]!, forbidden);
  });
});
