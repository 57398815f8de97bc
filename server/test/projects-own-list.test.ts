import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MY_PROJECTS_PAGE_SIZE,
  PROJECT_SORT_FIELDS,
  Role,
  parseContentRange,
  type Project,
} from '@portal/resources';
import { boardUserLinks, projectMembers, projects } from '../src/db/tables.js';
import { COUNT_TTL_MS } from '../src/crud/count-cache.js';
import { OWN_EXACT_COUNT_LIMIT, LONG_TOTAL_STALE_MS } from '../src/crud/list-total.js';
import { startTestApp, type TestApp } from './support/app.js';
import { genericPlan, plansWhenPaged } from './support/plans.js';
import { sentStatements } from './support/sent-statements.js';
import type { Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

// The customer's own project list (issue 24): one prepared statement for every caller of a shape, and the count
// policy (exact up to OWN_EXACT_COUNT_LIMIT, beyond it a count kept a while and run by one caller at a time).

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk } = kit;
type Account = { tokens: Tokens; id: string };
let a: Account;
let b: Account;
let board: string;
let boards: string[];
let spaceA: string;

const statements = (run: () => Promise<unknown>) => sentStatements(t, run);

/** `count` projects of the space, every one with `owner` as its owner. */
async function addProjects(space: string, owner: string, count: number, name = 'Own'): Promise<void> {
  const db = t.database.db;
  const rows = await db
    .insert(projects)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `${name} ${i}`,
        boardId: board,
        companySpaceId: space,
        companyName: 'Test Company',
        status: 'active' as const,
      })),
    )
    .returning({ id: projects.id });
  await db
    .insert(projectMembers)
    .values(rows.map((row) => ({ projectId: row.id, userId: owner, role: 'owner' as const })));
}

/** The ids of the projects `where` picks, in a list's order by `key` (ties by id), newest first by default. */
const idsInOrder = async (where: SQL | undefined, key: PgColumn, direction: typeof asc = desc) =>
  (
    await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(direction(key), direction(projects.id))
  ).map((row) => row.id);

const page = (tokens: Tokens, range = [0, 1]) =>
  call('GET', `projects/user?range=${JSON.stringify(range)}`, tokens);

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoBoards(t);
  board = demo.noSerial.id;
  boards = demo.all.map((row) => row.id);
  // Two FAEs of different company spaces: the same scope shape (own roles or the whole space), other values.
  a = await kit.account('fae-a@list.test', { space: 'List Space A', spaceKind: 'fae' });
  b = await kit.account('fae-b@list.test', { space: 'List Space B', spaceKind: 'fae' });
  spaceA = await kit.spaceId('List Space A');
  await addProjects(spaceA, a.id, 3);
  await addProjects(await kit.spaceId('List Space B'), b.id, 4);
}, 120_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('the customer’s own project list', () => {
  it('sends the same statement text for two callers with different scopes, their values as parameters', async () => {
    const pages: string[] = [];
    const sent = await statements(async () => {
      for (const who of [a, b]) {
        const response = await page(who.tokens);
        expect(expectOk<Project[]>(response)).toHaveLength(2);
        pages.push(response.headers['content-range'] as string);
      }
    });
    // Full pages, counted exactly in the page's own statement.
    expect(pages.map((range) => parseContentRange(range).total)).toEqual([3, 4]);
    const listed = sent.filter((statement) => statement.text.includes('"page" as ('));
    expect(listed).toHaveLength(2);
    expect(listed[0]!.text).toBe(listed[1]!.text);
    for (const [statement, who] of [
      [listed[0]!, a],
      [listed[1]!, b],
    ] as const) {
      expect(statement.text).not.toContain(who.id);
      expect(statement.params).toContain(who.id);
    }
    expect(listed[0]!.text).not.toContain(spaceA);
    expect(listed[0]!.params).toContain(spaceA);
    // Prepared once, under one name, on PostgreSQL.
    if (t.database.kind === 'postgres') {
      expect(listed[0]!.name).toMatch(/^projects_page_/);
      expect(listed[1]!.name).toBe(listed[0]!.name);
    }
  });

  it('sends one statement text whatever the number of boards a caller is linked to', async () => {
    const linked = async (email: string, count: number) => {
      const who = await kit.account(email, { space: 'List Space A' });
      await t.database.db
        .insert(boardUserLinks)
        .values(
          boards.slice(0, count).map((boardId) => ({ boardId, userId: who.id, kind: 'viewer' as const })),
        );
      return who;
    };
    const one = await linked('linked-one@list.test', 1);
    const three = await linked('linked-three@list.test', 3);
    const sent = await statements(async () => {
      // The space's projects on the noSerial board are A's; each linked caller sees those on their boards.
      for (const who of [one, three]) expectOk<Project[]>(await page(who.tokens, [0, 9]));
    });
    const listed = sent.filter((statement) => statement.text.includes('"page" as ('));
    expect(listed).toHaveLength(2);
    expect(listed[0]!.text).toBe(listed[1]!.text);
    // The links are read inside the statement: the caller's id is sent, never their boards.
    expect(listed[1]!.params).toContain(three.id);
    expect(JSON.stringify(listed[1]!.params)).not.toContain(boards[0]!);
  });

  it('counts exactly up to the limit, then counts beyond it once per list a while, one caller at a time', async () => {
    const big = await kit.account('fae-big@list.test', { space: 'List Space Big', spaceKind: 'fae' });
    const space = await kit.spaceId('List Space Big');
    await addProjects(space, big.id, OWN_EXACT_COUNT_LIMIT);
    const exact = await page(big.tokens);
    expect(parseContentRange(exact.headers['content-range'] as string).total).toBe(OWN_EXACT_COUNT_LIMIT);
    expect(exact.headers['x-total-count-estimated']).toBeUndefined();

    // One more: beyond the limit. The caller's own list is counted in full (kept), flagged as not exact.
    await addProjects(space, big.id, 1, 'More');
    const beyond = await page(big.tokens);
    expect(parseContentRange(beyond.headers['content-range'] as string).total).toBe(
      OWN_EXACT_COUNT_LIMIT + 1,
    );
    expect(beyond.headers['x-total-count-estimated']).toBe('true');

    // While kept, a further project does not make anyone count: the kept total answers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await addProjects(space, big.id, 1, 'Later');
    const kept = await statements(() => page(big.tokens));
    expect(kept.filter((statement) => /count\(\*\)/.test(statement.text))).toEqual([]);
    // Known long, the page walks the sort index instead of reading the scope first: the same rows.
    const walked = await page(big.tokens);
    expect(parseContentRange(walked.headers['content-range'] as string).total).toBe(
      OWN_EXACT_COUNT_LIMIT + 1,
    );
    const newest = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.companySpaceId, space))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(2);
    expect(expectOk<Project[]>(walked).map((project) => project.id)).toEqual(newest.map((row) => row.id));

    // Expired: of many callers at once, one counts in full, in the background; meanwhile the kept total answers
    // (no caller waits for the count, every page still walks the sort index), then the new one.
    vi.setSystemTime(Date.now() + COUNT_TTL_MS + 1);
    let answers: Awaited<ReturnType<typeof page>>[] = [];
    const sent = await statements(async () => {
      answers = await Promise.all(Array.from({ length: 8 }, () => page(big.tokens)));
      await vi.waitFor(async () => {
        const next = await page(big.tokens);
        expect(parseContentRange(next.headers['content-range'] as string).total).toBe(
          OWN_EXACT_COUNT_LIMIT + 2,
        );
      });
    });
    const fullCounts = sent.filter((statement) =>
      /^select count\(\*\)::int from \(select 1 from "projects"/.test(statement.text),
    );
    expect(fullCounts).toHaveLength(1);
    // The callers before the count is back answer the kept total (the first at least); those after it, the new one.
    const totals = answers.map(
      (answer) => parseContentRange(answer.headers['content-range'] as string).total,
    );
    expect(totals).toContain(OWN_EXACT_COUNT_LIMIT + 1);
    for (const total of totals)
      expect([OWN_EXACT_COUNT_LIMIT + 1, OWN_EXACT_COUNT_LIMIT + 2]).toContain(total);
    for (const answer of answers) expect(answer.headers['x-total-count-estimated']).toBe('true');
    expect(sent.filter((statement) => statement.text.includes('"scope_rows"'))).toEqual([]);

    // Long past its count, a kept total no longer answers: the next caller counts before it answers.
    await addProjects(space, big.id, 1, 'Much later');
    vi.setSystemTime(Date.now() + LONG_TOTAL_STALE_MS + 1);
    const late = await page(big.tokens);
    expect(parseContentRange(late.headers['content-range'] as string).total).toBe(OWN_EXACT_COUNT_LIMIT + 3);
  });

  it('tests the rows of a caller linked to many boards by lookup on a short walk, as a hashed set on a longer one, never element by element', async () => {
    // A plain member of the long space above, linked to every board: its list is the space's projects (all on one
    // of those boards), long, so after its first page (scope read first, counted in full) the sort index is walked.
    // A page of 2 walks about 2 rows, fewer than a fifth of the links: each row's board is looked up (own-walk.ts);
    // a page of 50 reads the links into a hashed set.
    expect(boards.length).toBeGreaterThan(10);
    const space = await kit.spaceId('List Space Big');
    const viewer = await kit.account('linked-many@list.test', { space: 'List Space Big' });
    await t.database.db
      .insert(boardUserLinks)
      .values(boards.map((boardId) => ({ boardId, userId: viewer.id, kind: 'viewer' as const })));
    const newest = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companySpaceId, space), eq(projects.secure, false)))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(50);
    const readFirst = await page(viewer.tokens);
    expect(expectOk<Project[]>(readFirst).map((project) => project.id)).toEqual(
      newest.slice(0, 2).map((row) => row.id),
    );
    expect(readFirst.headers['x-total-count-estimated']).toBe('true');

    for (const [range, form] of [
      [[0, 1], 'lookup'],
      [[0, 49], 'hashed'],
    ] as const) {
      let walked: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await statements(async () => {
        walked = await page(viewer.tokens, [...range]);
      });
      expect(expectOk<Project[]>(walked!).map((project) => project.id)).toEqual(
        newest.slice(0, range[1] + 1).map((row) => row.id),
      );
      const walks = sent.filter((statement) => statement.text.includes('"page" as ('));
      expect(walks).toHaveLength(1);
      const [walk] = walks;
      expect(walk!.text).not.toContain('"scope_rows"');
      expect(walk!.params).toContain(viewer.id);
      expect(JSON.stringify(walk!.params)).not.toContain(boards[0]!);
      // Planned without the values, a linked-board test must not search the array element by element on every row
      // it walks (500 ms for a deep page of 50,000 projects at 5,000 links, issue 24). The walk's row test is the
      // first filter of the page (the page's company space people come later in the plan).
      const plan = await genericPlan(t.database.db, walk!.text, walk!.params);
      const rowTest = /Filter: ([^\n]*)/.exec(plan.slice(plan.indexOf('CTE page')))?.[1];
      expect(rowTest).not.toMatch(/= ANY \(\$/);
      // PostgreSQL 15 writes `(hashed SubPlan 2)` and `(SubPlan 2)`, PGlite's 17 `ANY (… (hashed SubPlan 2).col1)`
      // and `EXISTS(SubPlan 2)`.
      if (form === 'lookup') {
        // The board looked up for the row on the links' index.
        expect(rowTest).toMatch(/company_space_id = \$\d+\) AND (?:EXISTS)?\(SubPlan \d+\)/);
        expect(plan).toMatch(/Index Cond: \(\(user_id = \$\d+\) AND \(board_id = projects\w*\.board_id\)/);
      } else {
        expect(rowTest).toMatch(/company_space_id = \$\d+\) AND [(A-Z ]*[^(]*\(?hashed SubPlan \d+\)/);
      }
    }
  });

  it('reads a short scope first in the order of every sort, pages it, and lists a project of two branches once', async () => {
    // A member of space A linked to the board of its projects, who also owns one of them (two branches reach it),
    // and projects with and without a group (a sort key with nulls).
    const viewer = await kit.account('linked-sorts@list.test', { space: 'List Space A' });
    await t.database.db.insert(boardUserLinks).values({ boardId: board, userId: viewer.id, kind: 'viewer' });
    await addProjects(spaceA, viewer.id, 2, 'Sorted');
    await t.database.db
      .update(projects)
      .set({ groupName: 'Zeta' })
      .where(and(eq(projects.companySpaceId, spaceA), eq(projects.name, 'Sorted 0')));
    // Outside the scope: a secure project on the linked board (no second factor), one on a board not linked.
    const other = boards.find((id) => id !== board)!;
    await t.database.db.insert(projects).values([
      {
        name: 'Secure',
        boardId: board,
        companySpaceId: spaceA,
        companyName: 'A',
        status: 'active',
        secure: true,
      },
      { name: 'Unlinked', boardId: other, companySpaceId: spaceA, companyName: 'A', status: 'active' },
    ]);
    const admin = await kit.account('admin-sorts@list.test', { roles: [Role.Admin] });
    const all = expectOk<Project[]>(await call('GET', 'projects/user', viewer.tokens));
    expect(new Set(all.map((project) => project.id)).size).toBe(all.length);
    const inScope = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(eq(projects.companySpaceId, spaceA), eq(projects.boardId, board), eq(projects.secure, false)),
      );
    expect(all.map((project) => project.id).sort()).toEqual(inScope.map((row) => row.id).sort());
    expect(all.length).toBeGreaterThan(4);
    const ids = encodeURIComponent(JSON.stringify({ id: all.map((project) => project.id) }));
    for (const field of PROJECT_SORT_FIELDS) {
      for (const order of ['ASC', 'DESC']) {
        const sort = encodeURIComponent(JSON.stringify([field, order]));
        const expected = expectOk<Project[]>(
          await call('GET', `projects?filter=${ids}&sort=${sort}&range=[1,3]`, admin.tokens),
        );
        const own = await call('GET', `projects/user?sort=${sort}&range=[1,3]`, viewer.tokens);
        expect(
          expectOk<Project[]>(own).map((project) => project.id),
          `${field} ${order}`,
        ).toEqual(expected.map((project) => project.id));
        expect(parseContentRange(own.headers['content-range'] as string).total).toBe(all.length);
      }
    }
  });

  it('walks the sort index to an early page of a dense short scope, reads its deep pages first, the same rows either way', async () => {
    // A short scope (counted exactly) dense enough that its first page is quicker found by walking the sort index:
    // S² ≥ 2N for pages of 2 (own-walk.ts). The path is chosen from the scope's size at its last count.
    // The number of projects, as an admin's unfiltered list counts it (and the path choice reads it).
    const admin = await kit.account('admin-dense@list.test', { roles: [Role.Admin] });
    const projectCount = async () =>
      parseContentRange(
        (await call('GET', 'projects?range=[0,0]', admin.tokens)).headers['content-range'] as string,
      ).total;
    const size = Math.max(50, Math.ceil(Math.sqrt(2 * (await projectCount()))) + 50);
    const dense = await kit.account('fae-dense@list.test', { space: 'List Space Dense', spaceKind: 'fae' });
    const space = await kit.spaceId('List Space Dense');
    await addProjects(space, dense.id, size, 'Dense');
    await projectCount();
    const inOrder = () =>
      idsInOrder(and(eq(projects.companySpaceId, space), eq(projects.secure, false)), projects.updatedAt);
    const expected = await inOrder();
    const readFirst = (sent: { text: string }[]) =>
      sent
        .filter((statement) => statement.text.includes('"page" as ('))
        .map((s) => s.text.includes('"scope_rows"'));
    const pageOf = async (range: number[]) => {
      let answer: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await statements(async () => {
        answer = await page(dense.tokens, range);
      });
      const ids = expectOk<Project[]>(answer!).map((project) => project.id);
      expect(answer!.headers['x-total-count-estimated']).toBeUndefined();
      return { ids, total: parseContentRange(answer!.headers['content-range'] as string).total, sent };
    };

    // Size unknown: read first. Then known: the first page walks; the deepest reads first.
    const first = await pageOf([0, 1]);
    expect(readFirst(first.sent)).toEqual([true]);
    const walked = await pageOf([0, 1]);
    expect(readFirst(walked.sent)).toEqual([false]);
    for (const answer of [first, walked]) {
      expect(answer.ids).toEqual(expected.slice(0, 2));
      expect(answer.total).toBe(size);
    }
    const deepest = await pageOf([size - 2, size - 1]);
    expect(readFirst(deepest.sent)).toEqual([true]);
    expect(deepest.ids).toEqual(expected.slice(-2));

    // From the far end by the kept size (the deepest page above), though ten of the newest have gone since: the
    // page's own count places it, and past the end nothing is read.
    await t.database.db.delete(projects).where(inArray(projects.id, expected.slice(0, 10)));
    const fewer = await inOrder();
    const late = await pageOf([size - 16, size - 15]);
    expect(readFirst(late.sent)).toEqual([true]);
    expect(late.ids).toEqual(fewer.slice(size - 16, size - 14));
    expect(late.total).toBe(size - 10);
    const past = await pageOf([size - 2, size - 1]);
    expect(past.ids).toEqual([]);
    expect(past.total).toBe(size - 10);

    // The size is a hint only: all but one project of the scope are deleted, the next page walks on the stale size
    // and still answers the scope's row and exact total; the size is then known again (the end of the list was
    // reached), and the page reads first.
    await t.database.db.delete(projects).where(inArray(projects.id, fewer.slice(0, size - 11)));
    const left = await inOrder();
    expect(left).toHaveLength(1);
    const stale = await pageOf([0, 1]);
    expect(readFirst(stale.sent)).toEqual([false]);
    const fresh = await pageOf([0, 1]);
    expect(readFirst(fresh.sent)).toEqual([true]);
    for (const answer of [stale, fresh]) {
      expect(answer.ids).toEqual(left);
      expect(answer.total).toBe(1);
    }
  });

  it('places a page in the second half of a long scope read first by its own count, kept total or not', async () => {
    // A long scope (its total kept) among many more projects: pages past S²/N rows in read the scope first, those
    // past its middle from its far end. The page is placed by the statement's own exact count.
    const admin = await kit.account('admin-far@list.test', { roles: [Role.Admin] });
    const fae = await kit.account('fae-far@list.test', { space: 'List Space Far', spaceKind: 'fae' });
    const space = await kit.spaceId('List Space Far');
    const size = OWN_EXACT_COUNT_LIMIT + 200;
    await t.database.db.execute(sql`insert into projects
        (name, board_id, company_space_id, company_name, status, secure, updated_at, created_at)
      select 'Far ' || g, ${board}::uuid, ${space}::uuid, 'Test Company', 'active', false,
        timestamptz '2026-03-01' + (g / 2) * interval '1 second', now()
      from generate_series(1, ${size}::int) g`);
    await t.database.db
      .execute(sql`insert into projects (name, board_id, company_space_id, company_name, status)
      select 'Filler ' || g, ${board}::uuid, null, 'Test Company', 'active' from generate_series(1, 5000) g`);
    // The number of projects as the path choice reads it.
    await call('GET', 'projects?range=[0,0]', admin.tokens);
    const expected = await idsInOrder(eq(projects.companySpaceId, space), projects.updatedAt);
    const first = await page(fae.tokens, [0, 4]);
    expect(first.headers['x-total-count-estimated']).toBe('true');
    expect(parseContentRange(first.headers['content-range'] as string).total).toBe(size);
    for (const [from, to] of [
      [700, 724],
      [size - 10, size + 9],
      [500, 1499],
    ] as const) {
      let answer: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await statements(async () => {
        answer = await page(fae.tokens, [from, to]);
      });
      expect(sent.some((statement) => statement.text.includes('"scope_rows"'))).toBe(true);
      expect(expectOk<Project[]>(answer!).map((project) => project.id)).toEqual(expected.slice(from, to + 1));
      expect(parseContentRange(answer!.headers['content-range'] as string).total).toBe(size);
    }

    // The last page of a filtered long scope, sorted by a key every row leaves empty (group: nulls last ascending,
    // first descending), both ways, asked twice (size unknown, then known): the rows in the database's own order.
    for (const order of ['ASC', 'DESC'] as const) {
      const direction = order === 'ASC' ? asc : desc;
      const inOrder = await idsInOrder(
        and(eq(projects.companySpaceId, space), eq(projects.boardId, board)),
        projects.groupName,
        direction,
      );
      const url = `projects/user?range=${JSON.stringify([size - 12, size - 1])}&sort=${encodeURIComponent(
        JSON.stringify(['group', order]),
      )}&filter=${encodeURIComponent(JSON.stringify({ board }))}`;
      for (let round = 0; round < 2; round += 1) {
        const answer = await call('GET', url, fae.tokens);
        expect(expectOk<Project[]>(answer).map((project) => project.id)).toEqual(inOrder.slice(size - 12));
        // Long: the kept total, flagged an estimate (a full page's estimate promises one row more).
        expect(answer.headers['x-total-count-estimated']).toBe('true');
        expect(parseContentRange(answer.headers['content-range'] as string).total).toBeGreaterThanOrEqual(
          size,
        );
      }
    }
  });

  it('takes no scope size from a crafted cursor position', async () => {
    // A cursor's position is the client's word: a made-up one must not make the next pages walk the sort index.
    const owner = await kit.account('crafted-n@list.test', { space: 'List Space Crafted' });
    await addProjects(await kit.spaceId('List Space Crafted'), owner.id, 5, 'Crafted');
    const honest = await page(owner.tokens, [0, 1]);
    const cursor = JSON.parse(Buffer.from(honest.headers['x-next-cursor'] as string, 'base64url').toString());
    const crafted = Buffer.from(JSON.stringify({ ...cursor, n: 50_000_000 })).toString('base64url');
    expectOk<Project[]>(await call('GET', `projects/user?range=[0,9]&cursor=${crafted}`, owner.tokens));
    const sent = await statements(() => page(owner.tokens, [0, 1]));
    const pages = sent.filter((statement) => statement.text.includes('"page" as ('));
    expect(pages.map((statement) => statement.text.includes('"scope_rows"'))).toEqual([true]);
  });

  it("counts a linked caller's list again once a link goes, though the links are read inside the statement", async () => {
    // Linked to two boards, long (total kept); one link goes: the kept total is of the old links, not of these.
    const space = await kit.spaceId('List Space Links');
    const viewer = await kit.account('links-change@list.test', { space: 'List Space Links' });
    const [first, second] = boards.filter((id) => id !== board);
    await t.database.db
      .execute(sql`insert into projects (name, board_id, company_space_id, company_name, status)
      select 'Linked ' || g, ${first!}::uuid, ${space}::uuid, 'Test Company', 'active'
      from generate_series(1, ${OWN_EXACT_COUNT_LIMIT + 5}::int) g`);
    await t.database.db
      .execute(sql`insert into projects (name, board_id, company_space_id, company_name, status)
      select 'Kept ' || g, ${second!}::uuid, ${space}::uuid, 'Test Company', 'active' from generate_series(1, 3) g`);
    await t.database.db.insert(boardUserLinks).values([
      { boardId: first!, userId: viewer.id, kind: 'viewer' },
      { boardId: second!, userId: viewer.id, kind: 'viewer' },
    ]);
    const before = await page(viewer.tokens, [0, 4]);
    expect(parseContentRange(before.headers['content-range'] as string).total).toBe(
      OWN_EXACT_COUNT_LIMIT + 8,
    );
    expect(before.headers['x-total-count-estimated']).toBe('true');
    await t.database.db
      .delete(boardUserLinks)
      .where(and(eq(boardUserLinks.userId, viewer.id), eq(boardUserLinks.boardId, first!)));
    for (const range of [
      [0, 1],
      [2, 3],
    ]) {
      const after = await page(viewer.tokens, range);
      expect(parseContentRange(after.headers['content-range'] as string).total).toBe(3);
      expect(after.headers['x-total-count-estimated']).toBeUndefined();
    }
  });

  it("prices the own list's offset alike in every plan: its walk keeps a generic plan after pages near the front", async () => {
    // An FAE of a space of its own, long enough that after its first page (read first, counted in full) its pages
    // walk the sort index, with the customer app's page size. The list's offset is priced alike in every plan
    // (db/paging.ts `unpriced`): as a plain parameter, pages near the front first made PostgreSQL plan every call.
    // (That the app's size is written into the text is projects-scale.test.ts's part: on this few thousand projects
    // a parameter limit would keep its generic plan too.)
    const fae = await kit.account('fae-plans@list.test', { space: 'List Space Plans', spaceKind: 'fae' });
    await addProjects(await kit.spaceId('List Space Plans'), fae.id, OWN_EXACT_COUNT_LIMIT + 100, 'Planned');
    const size = MY_PROJECTS_PAGE_SIZE;
    expectOk(await page(fae.tokens, [0, size - 1]));
    let answered: Awaited<ReturnType<typeof page>> | undefined;
    const sent = await statements(async () => {
      answered = await page(fae.tokens, [2 * size, 3 * size - 1]);
    });
    expect(expectOk<Project[]>(answered!)).toHaveLength(size);
    const walks = sent.filter((statement) => statement.text.includes('"page" as ('));
    expect(walks).toHaveLength(1);
    const [walk] = walks;
    expect(walk!.text).not.toContain('"scope_rows"');
    // Run as the app runs it: pages near the front first, then deep ones. PostgreSQL must keep the generic plan
    // after its five custom ones.
    expect(
      await plansWhenPaged(t.database.db, walk!, { sent: 2 * size, size, deepest: OWN_EXACT_COUNT_LIMIT }),
    ).toEqual({ custom_plans: 5, generic_plans: 5 });
    // What that plan reads is projects-scale.test.ts's part too: here a whole-table read is a fair plan.
  });
});
