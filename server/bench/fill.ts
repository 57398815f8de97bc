import { sql } from 'drizzle-orm';
import {
  auditLogResource,
  CATALOGUE_PAGE_SIZE,
  formatRangeHeader,
  LIST_MAX_OFFSET,
  MY_PROJECTS_PAGE_SIZE,
  projectListFilterSchema,
  projectsResource,
  rowsPerPageOf,
} from '@portal/resources';
import type { Database } from '../src/db/client.js';
import { sha256Hex } from '../src/lib/password.js';
import { encodeCursor, filterHash } from '../src/modules/projects/list-cursor.js';
import type { CatalogueSize } from './catalogue-fill.js';
import type { RequestSpec } from './measure.js';

export interface FillSize {
  projects: number;
  boards: number;
  serialNumbers: number;
  /** Owners the projects are spread over. */
  users: number;
}

export const BENCH_SPACE = 'Bench Space';
/** The company space of the other customers linked to the bench boards. */
const OTHER_SPACE = 'Bench Other Space';

/** The projects data set at `scale` (1 = issue 5's full size: 100k projects, 10k boards, 1M serial numbers). */
export const projectsSizeAt = (scale: number): FillSize => ({
  projects: Math.round(100_000 * scale),
  boards: Math.max(10, Math.round(10_000 * scale)),
  serialNumbers: Math.round(1_000_000 * scale),
  users: Math.max(10, Math.round(1_000 * scale)),
});

/** The catalogue at `scale`, the same fraction of its full 10k tools, 50k versions and 1k bundles. */
export const catalogueSizeAt = (scale: number): CatalogueSize => ({
  tools: Math.max(100, Math.round(10_000 * scale)),
  versionsPerTool: 5,
  bundles: Math.max(10, Math.round(1_000 * scale)),
});
/** Bench serial numbers: the prefix and a zero-padded number (`BSN00000001` …). */
export const BENCH_SERIAL = { prefix: 'BSN', width: 8 };
export const benchSerial = (n: number) =>
  `${BENCH_SERIAL.prefix}${String(n).padStart(BENCH_SERIAL.width, '0')}`;

/**
 * Fills a database with boards, serial numbers, users and projects (each with its owner) in a handful of
 * set-based statements, generated in SQL: seconds for a million rows on PostgreSQL. Projects take the first serial
 * numbers (`BSN00000001` …); the rest are free to register. Ends with VACUUM ANALYZE so the planner's estimates
 * and the visibility map (index-only scans) are what a settled database has.
 */
export async function fillProjects(db: Database, size: FillSize): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  await run(sql`insert into boards (name, ispn, type, description, serialnumber_required, released_for_registration, product_type)
    select 'BENCH' || lpad(g::text, 6, '0'), 'BENCH-' || g, 'Bench', 'Benchmark board ' || g, true, true, 'board'
    from generate_series(1, ${size.boards}::int) g`);
  await run(sql`insert into serial_numbers (board_id, value, multi_registration)
    select b.id, 'BSN' || lpad(g::text, 8, '0'), false
    from generate_series(1, ${size.serialNumbers}::int) g
    join (select id, row_number() over (order by name) as rn from boards where name like 'BENCH%') b
      on b.rn = ((g - 1) % ${size.boards}::int) + 1`);
  await run(sql`insert into users (subject, issuer, username, email, given_name, family_name, company, email_verified)
    select 'bench-' || g, 'bench', 'bench-user-' || g, 'bench-user-' || lpad(g::text, 6, '0') || '@bench.test',
      'Bench', 'User ' || g, 'Bench Inc', true
    from generate_series(1, ${size.users}::int) g`);
  await run(sql`insert into company_spaces (name) values (${BENCH_SPACE}) on conflict do nothing`);
  await run(sql`insert into company_space_members (user_id, company_space_id)
    select u.id, s.id from users u, company_spaces s where u.issuer = 'bench' and s.name = ${BENCH_SPACE}`);
  await run(sql`insert into projects (name, board_id, serial_number_id, company_space_id, status, group_name,
      short_rom_code, sales_code, solution, variant, product, owner_company, company_name, created_at, updated_at)
    select 'Bench project ' || g, s.board_id, s.id, (select id from company_spaces where name = ${BENCH_SPACE}),
      (array['active','active','active','cancellation-requested','cancelled','finished'])[1 + g % 6],
      case when g % 7 = 0 then null else 'Group ' || (g % 50) end,
      case when g % 3 = 0 then 'S' || upper(to_hex(g)) end,
      case when g % 2 = 0 then 'SC' || (g % 997) end,
      case when g % 5 = 0 then 'Solution ' || (g % 11) end,
      case when g % 4 = 0 then 'Variant ' || (g % 13) end,
      'Product ' || (g % 17), 'Bench Inc', ${BENCH_SPACE},
      now() - make_interval(mins => g), now() - make_interval(secs => (g * 7919) % 5000000)
    from generate_series(1, ${size.projects}::int) g
    join serial_numbers s on s.value = 'BSN' || lpad(g::text, 8, '0')`);
  await run(sql`with u as (select id, row_number() over (order by email) - 1 as n from users where issuer = 'bench'),
      p as (select id, row_number() over (order by id) - 1 as n from projects where name like 'Bench project %')
    insert into project_members (project_id, user_id, role)
    select p.id, u.id, 'owner' from p join u on u.n = p.n % ${size.users}::int`);
  // Boards are shared by the customers of many company spaces: each board has a company space admin of another space
  // linked to it, one of as many users as the bench space has. Without them the few bench customers would hold
  // every board link, and PostgreSQL, guessing a user's links as the table's rows over its distinct users, would
  // plan the own list's statements anew on every call (2.6–4.6 ms each) instead of keeping one generic plan.
  await run(sql`insert into company_spaces (name) values (${OTHER_SPACE}) on conflict do nothing`);
  await run(sql`insert into users (subject, issuer, username, email, given_name, family_name, company, email_verified)
    select 'other-' || g, 'bench-other', 'other-user-' || g, 'other-user-' || lpad(g::text, 6, '0') || '@other.test',
      'Other', 'User ' || g, 'Other Inc', true
    from generate_series(1, ${size.users}::int) g`);
  await run(sql`insert into company_space_members (user_id, company_space_id)
    select u.id, s.id from users u, company_spaces s where u.issuer = 'bench-other' and s.name = ${OTHER_SPACE}`);
  await run(sql`with u as (select id, row_number() over (order by email) - 1 as n from users where issuer = 'bench-other'),
      b as (select id, row_number() over (order by name) - 1 as n from boards where name like 'BENCH%')
    insert into board_user_links (board_id, user_id, kind)
    select b.id, u.id, 'csa' from b join u on u.n = b.n % ${size.users}::int`);
  for (const table of [
    'boards',
    'serial_numbers',
    'users',
    'projects',
    'project_members',
    'company_space_members',
    'board_user_links',
  ]) {
    await run(sql.raw(`vacuum analyze ${table}`));
  }
}

/** The history records of the data set at `scale` (issue 22: 1M at full size), spread over the bench projects. */
export const auditRecordsAt = (scale: number) => Math.round(1_000_000 * scale);

/**
 * Fills the history with `count` audit records spread over the bench projects and users, one a minute back from
 * now, so the audit list (issue 22) is measured beside the project list on the same data.
 */
export async function fillAuditLog(db: Database, size: FillSize, count: number): Promise<void> {
  await db.execute(sql`with p as (select id, row_number() over (order by id) - 1 as n from projects
        where name like 'Bench project %'),
      u as (select id, row_number() over (order by id) - 1 as n from users where issuer = 'bench')
    insert into audit_log (actor_id, action, entity, entity_id, before, after, at)
    select u.id, 'update', 'project', p.id::text, jsonb_build_object('name', 'Before ' || g),
      jsonb_build_object('name', 'After ' || g), now() - make_interval(mins => g)
    from generate_series(1, ${count}::int) g
    join p on p.n = g % ${size.projects}::int
    join u on u.n = g % ${size.users}::int`);
  await db.execute(sql.raw('vacuum analyze audit_log'));
}

/**
 * The rows per page the benches ask for: the apps' own, so each bench call is one the apps make (the console's
 * project and history lists open with their definitions' rows per page, the customer app's project list and
 * catalogue ask for theirs).
 */
export const BENCH_PAGE = {
  projects: rowsPerPageOf(projectsResource),
  ownProjects: MY_PROJECTS_PAGE_SIZE,
  catalogue: CATALOGUE_PAGE_SIZE,
  history: rowsPerPageOf(auditLogResource),
} as const;

/** The history page the benches ask for: the first records, newest first, as the History screens show them. */
const HISTORY_RANGE = formatRangeHeader('audit-log', 0, BENCH_PAGE.history);

/**
 * The two history lists of the benches (issue 22): the first page of everything, and one project's history as its
 * History tab asks for it (by entity and id), one request per project of `projectIds`.
 */
export const historyRequests = (
  base: string,
  headers: Record<string, string>,
  projectIds: string[],
): Record<'audit list, first page' | 'audit list, one project', RequestSpec> => ({
  'audit list, first page': {
    urls: [`${base}/api/v1/audit-log`],
    headers: { ...headers, range: HISTORY_RANGE },
  },
  'audit list, one project': {
    urls: projectIds.map(
      (id) =>
        `${base}/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'project', entityId: id }))}`,
    ),
    headers: { ...headers, range: HISTORY_RANGE },
  },
});

/**
 * The offset pages a bench asks for in a list of `total` rows (issue 24): the middle and the deepest page (50 rows
 * from the end), neither past LIST_MAX_OFFSET, the deepest an offset page may start.
 */
export const offsetPages = (total: number) => ({
  middle: Math.min(Math.floor(total / 2), Math.floor(LIST_MAX_OFFSET / 2)),
  deepest: Math.max(0, Math.min(total - 50, LIST_MAX_OFFSET)),
});

/** The shares of the bench projects the scoped customers see: 50, 5,000 and 50,000 of 100k at full size. */
export const SCOPE_SHARES = [0.0005, 0.05, 0.5] as const;

/** The scenario of a scoped customer's own list (issue 24) on its first or deepest page. */
export const ownList = (share: number, page: 'first' | 'deepest') =>
  `own list, ${share * 100}% in scope, ${page} page` as const;

/** The service account of the scoped customer seeing `share` of the bench projects. */
export const scopedCustomer = (share: number) => ({
  clientId: `bench-scope-${share}`,
  secret: `bench-scope-${share}-secret`,
});

/**
 * A customer per share of {@link SCOPE_SHARES} (issue 24): a user of the bench space owning no project, linked as
 * viewer to that share of the boards (the bench projects are spread evenly over them), with a service account, so
 * their own list (`projects/user`) holds that share of the projects (at least one board's).
 */
export async function addScopedCustomers(db: Database): Promise<void> {
  for (const share of SCOPE_SHARES) {
    const { clientId, secret } = scopedCustomer(share);
    await db.execute(sql`with u as (
        insert into users (subject, issuer, username, email, given_name, family_name, company, email_verified)
        values (${clientId}, 'bench-scope', ${clientId}, ${`${clientId}@bench.test`}, 'Scoped', 'Customer', 'Bench Inc', true)
        returning id),
      m as (insert into company_space_members (user_id, company_space_id)
        select u.id, s.id from u, company_spaces s where s.name = ${BENCH_SPACE}),
      a as (insert into service_accounts (client_id, secret_hash, user_id, description)
        select ${clientId}, ${sha256Hex(secret)}, u.id, 'bench scoped customer' from u)
      insert into board_user_links (board_id, user_id, kind)
        select b.id, u.id, 'viewer' from u,
          (select id from boards where name like 'BENCH%' order by name
            limit greatest(1, round((select count(*) from boards where name like 'BENCH%') * ${share}::float8))) b`);
  }
  await db.execute(sql.raw('vacuum analyze board_user_links'));
}

/**
 * The keyset cursor the admin list gives out after row `n - 1` in its default order (newest change first), as a
 * client holds it after reading the page before: made from the row itself, since offset pages stop at
 * LIST_MAX_OFFSET.
 */
export async function cursorBefore(db: Database, n: number): Promise<string> {
  const [row] = (
    (await db.execute(sql`select id, updated_at::text as key from projects
      order by updated_at desc, id desc offset ${n - 1} limit 1`)) as unknown as {
      rows: { id: string; key: string }[];
    }
  ).rows;
  if (!row) throw new Error(`no project at row ${n - 1}`);
  return encodeCursor({
    f: 'updatedAt',
    o: 'DESC',
    k: row.key,
    i: row.id,
    n,
    h: filterHash(projectListFilterSchema.parse({})),
  });
}
