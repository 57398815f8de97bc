/**
 * The scenarios measured against the minimal server (issue 24 point 1) and how the minimal server is set up beside
 * a running portal: each scenario's request is sent to the portal once while its pool's statements are captured,
 * and the minimal server serves the same path with the captured statement. Shared by `bench/versus.ts` and the
 * test that proves both answer the same bytes (test/bench-minimal-server.test.ts).
 */
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { formatRangeHeader } from '@portal/resources';
import type { Database } from '../src/db/client.js';
import { OWN_EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import type { RequestSpec } from './measure.js';
import type { BenchCaller } from './portal.js';
import { BENCH_PAGE, SCOPE_SHARES, cursorBefore, historyRequests, offsetPages, ownList } from './fill.js';
import {
  auditListAnswer,
  captureStatements,
  catalogueAnswer,
  pick,
  prefixQuery,
  projectDetailAnswer,
  projectListAnswer,
  replaced,
  startMinimalServer,
  type Captured,
  type MinimalRoute,
  type MinimalServer,
  type Reader,
} from './minimal-server.js';

/** A scoped customer's own list (`projects/user`) on its first or deepest page. */
export const customerList = (share: number, page: 'first' | 'deepest') =>
  `customer project list, ${share * 100}% in scope${page === 'deepest' ? ', deepest page' : ''}` as const;
type CustomerScenario = ReturnType<typeof customerList>;

type FixedScenario =
  | 'admin project list'
  | 'admin project list, middle page'
  | 'admin project list, deep page'
  | 'admin project list, keyset'
  | 'project detail'
  | 'catalogue list'
  | 'catalogue list, middle page'
  | 'catalogue list, deep page'
  | 'catalogue search'
  | 'catalogue search + category'
  | 'history list'
  | 'history list, one project';
export type BaselineScenario = FixedScenario | CustomerScenario;
/**
 * A value per scenario. The customers' scenario names are made from their shares (a pattern to the type checker),
 * so a name not among them reads as possibly missing; the fixed names read as present.
 */
export type PerScenario<T> = Record<FixedScenario, T> & Record<CustomerScenario, T>;

/** The value of a scenario by any name: a name not among them (a typo, a share not in SCOPE_SHARES) throws. */
export function scenarioIn<T>(values: PerScenario<T>, name: BaselineScenario): T {
  const value = (values as Record<string, T | undefined>)[name];
  if (value === undefined) throw new Error(`no scenario ${name}`);
  return value;
}

/** The callers and data the scenarios use. */
export interface BaselineInputs {
  /** An admin (the demo service account) and the scoped customers, one per share of SCOPE_SHARES (`benchCallers`). */
  admin: BenchCaller;
  customers: (BenchCaller & { share: number })[];
  /** Projects to open and whose history to read (the first is the one the statements are captured with). */
  projectIds: string[];
  /** Search words (the first is the one the statement is captured with). */
  words: string[];
}

/**
 * Where the deeper pages start, as the projects and catalogue benchmarks place them (`offsetPages`: the middle and
 * the deepest page an offset reaches, from each list's total) and the keyset cursor 50 rows before the end of the
 * admin list. {@link startBaseline} learns them from the portal's first pages.
 */
export interface BaselinePages {
  projects: ReturnType<typeof offsetPages>;
  catalogue: ReturnType<typeof offsetPages>;
  /** Each customer's own list (in the order of `BaselineInputs.customers`): its deepest offset page. */
  customersDeepest: number[];
  cursor: { value: string; at: number };
}

/** The scenario of the projects or catalogue benchmark each one repeats beside the minimal server. */
export const STANDS_FOR = {
  'admin project list': { bench: 'projects', scenario: 'list, first page' },
  'admin project list, middle page': { bench: 'projects', scenario: 'list, middle (offset)' },
  'admin project list, deep page': { bench: 'projects', scenario: 'list, deep (offset)' },
  'admin project list, keyset': { bench: 'projects', scenario: 'list, deep (keyset)' },
  'project detail': { bench: 'projects', scenario: 'project detail' },
  'catalogue list': { bench: 'catalogue', scenario: 'list, first page' },
  'catalogue list, middle page': { bench: 'catalogue', scenario: 'list, middle page' },
  'catalogue list, deep page': { bench: 'catalogue', scenario: 'list, deep page' },
  'catalogue search': { bench: 'catalogue', scenario: 'search q' },
  'catalogue search + category': { bench: 'catalogue', scenario: 'search q + category' },
  'history list': { bench: 'projects', scenario: 'audit list, first page' },
  'history list, one project': { bench: 'projects', scenario: 'audit list, one project' },
  ...Object.fromEntries(
    SCOPE_SHARES.flatMap((share) =>
      (['first', 'deepest'] as const).map((page) => [
        customerList(share, page),
        { bench: 'projects', scenario: ownList(share, page) },
      ]),
    ),
  ),
} as PerScenario<{ bench: string; scenario: string }>;

const SEARCH_CATEGORIES = 'software,tool';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The requests of each scenario against a server at `base` (the portal or the minimal server: the same). */
function baselineRequests(
  base: string,
  inputs: BaselineInputs,
  pages: BaselinePages,
): PerScenario<RequestSpec> {
  const admin = bearer(inputs.admin.token);
  const projectList = (offset: number, query = ''): RequestSpec => ({
    urls: [`${base}/api/v1/projects${query}`],
    headers: { ...admin, range: formatRangeHeader('projects', offset, BENCH_PAGE.projects) },
  });
  const catalogueList = (offset: number): RequestSpec => ({
    urls: [`${base}/api/v1/catalogue`],
    headers: { range: formatRangeHeader('catalogue', offset, BENCH_PAGE.catalogue) },
  });
  const search = (query: string): RequestSpec => ({
    urls: inputs.words.map((word) => `${base}/api/v1/catalogue?${query}q=${encodeURIComponent(word)}`),
    headers: { range: formatRangeHeader('catalogue', 0, BENCH_PAGE.catalogue) },
  });
  const history = historyRequests(base, admin, inputs.projectIds);
  const customers = inputs.customers.flatMap(({ share, token }, index) => {
    const ownPage = (offset: number): RequestSpec => ({
      urls: [`${base}/api/v1/projects/user`],
      headers: { ...bearer(token), range: formatRangeHeader('projects', offset, BENCH_PAGE.ownProjects) },
    });
    return [
      [customerList(share, 'first'), ownPage(0)],
      [customerList(share, 'deepest'), ownPage(pages.customersDeepest[index] ?? 0)],
    ];
  });
  return {
    'admin project list': projectList(0),
    'admin project list, middle page': projectList(pages.projects.middle),
    'admin project list, deep page': projectList(pages.projects.deepest),
    'admin project list, keyset': projectList(0, `?cursor=${pages.cursor.value}`),
    'project detail': {
      urls: inputs.projectIds.map((id) => `${base}/api/v1/projects/${id}`),
      headers: admin,
    },
    'catalogue list': catalogueList(0),
    'catalogue list, middle page': catalogueList(pages.catalogue.middle),
    'catalogue list, deep page': catalogueList(pages.catalogue.deepest),
    'catalogue search': search(''),
    'catalogue search + category': search(`categories=${SEARCH_CATEGORIES}&`),
    'history list': history['audit list, first page'],
    'history list, one project': history['audit list, one project'],
    ...Object.fromEntries(customers),
  };
}

/** The minimal server, and the requests of each scenario to it or to the portal at `base`. */
export interface Baseline extends MinimalServer {
  requests(base: string): PerScenario<RequestSpec>;
}

/**
 * The first request of a scenario, sent to the portal; its body read so every statement has run. Answers the total
 * of its Content-Range (lists).
 */
async function sendFirst(spec: RequestSpec): Promise<number | undefined> {
  const response = await fetch(spec.urls[0]!, { headers: spec.headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${spec.urls[0]} answered ${response.status}`);
  const total = response.headers.get('content-range')?.split('/')[1];
  return total === undefined ? undefined : Number(total);
}

/** Pages placed before any total is known: only the scenarios that start at row 0 are sent with them. */
const FIRST_PAGES: BaselinePages = {
  projects: { middle: 0, deepest: 0 },
  catalogue: { middle: 0, deepest: 0 },
  customersDeepest: [],
  cursor: { value: '', at: 0 },
};

const isProjectPage = (text: string) => /"page" as \(/.test(text);
const isProjectById = (text: string) => /"projects"\."id" = \$1/.test(text) && !isProjectPage(text);
const isCataloguePage = (text: string) => text.startsWith('select items.');
const isHistoryPage = (text: string) => /^select "id", "actor_id", .* from "audit_log"/.test(text);
const isActors = (text: string) => /from "users" where "users"\."id" = any\(/.test(text);
// The count policy's statements (crud/list-total.ts): a count bounded past the exact limit, the planner's estimate.
const isBoundedCount = (text: string) =>
  text.startsWith('select (select count(*) from (') && /as bounded\)::int/.test(text);
const isEstimate = (text: string) => text.startsWith('explain (format json)');
// A long own list's kept count (list-totals.ts `fullCount`): every row of the scope, branch by branch.
const isOwnFullCount = (text: string) =>
  text.startsWith('select count(*)::int from (select 1 from "projects"');

/** A route's count as the portal ran it on a list's first call: its bounded count and, for a long list, estimate. */
function countedBy(captured: Captured[], what: string): Partial<MinimalRoute> {
  const statement = pick(captured, `${what} count`, isBoundedCount);
  const estimate = captured.find((candidate) => isEstimate(candidate.text));
  return {
    count: {
      statement,
      values: () => statement.values,
      ...(estimate ? { estimate: { statement: estimate, values: () => estimate.values } } : {}),
    },
  };
}

/**
 * The client a bearer token was issued to, read without verifying (the minimal server's handler verifies it, and
 * answers 401 to a token that is not one).
 */
function callerOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  try {
    return String(decodeJwt(authorization.replace(/^Bearer /i, '')).client_id);
  } catch {
    return undefined;
  }
}

/** The request's own project in a history filter (`{"entity":"project","entityId":…}`). */
const filteredEntity = (request: FastifyRequest) =>
  (JSON.parse((request.query as { filter: string }).filter) as { entityId: string }).entityId;

/**
 * Starts the minimal server beside the portal at `portalUrl` (its database `databaseUrl`, its pool `db` captured),
 * serving every scenario with the statements the portal ran for it. Neither the catalogue's nor the history's total
 * may be kept by the portal yet (call this before any other request to them), so their count statements are seen.
 */
export async function startBaseline(options: {
  db: Database;
  databaseUrl: string;
  portalUrl: string;
  config: { publicUrl: string; oidc: { issuer: string; audience: string } };
  inputs: BaselineInputs;
}): Promise<Baseline> {
  const { db, inputs } = options;
  const { publicUrl } = options.config;
  const capture = async (spec: RequestSpec) => {
    let total: number | undefined;
    const statements = await captureStatements(db, async () => {
      total = await sendFirst(spec);
    });
    return { statements, total: total ?? 0 };
  };
  const admin: Reader = { userId: inputs.admin.userId, isAdmin: true };
  const first = baselineRequests(options.portalUrl, inputs, FIRST_PAGES);

  const adminList = await capture(first['admin project list']);
  const detail = pick((await capture(first['project detail'])).statements, 'project by id', isProjectById);
  // A customer's list as it runs once its scope is known: its first call reads the scope first and, past the own
  // list's exact limit, counts it and keeps that count; later calls walk the sort index with the kept total. The
  // minimal server runs the later page statement and keeps that same full count.
  const customers = [];
  for (const customer of inputs.customers) {
    const firstPage = scenarioIn(first, customerList(customer.share, 'first'));
    const firstCall = (await capture(firstPage)).statements;
    const later = await capture(firstPage);
    customers.push({
      ...customer,
      count: firstCall.find((statement) => isOwnFullCount(statement.text)),
      later,
    });
  }
  const catalogue = await capture(first['catalogue list']);
  // A search's page counts its matches itself (its `matched` column, read by catalogueAnswer): no count statement.
  const searchPage = pick(
    (await capture(first['catalogue search'])).statements,
    'catalogue search page',
    isCataloguePage,
  );
  const history = (await capture(first['history list'])).statements;
  // One project's history is shorter than a page: the portal counts nothing (a full page would need its count).
  const oneHistory = pick(
    (await capture(first['history list, one project'])).statements,
    'one project history page',
    isHistoryPage,
  );
  const actors = pick(history, 'history actors', isActors);

  // The deeper pages, placed from the totals the first pages answered, as the benchmarks place them.
  const pages: BaselinePages = {
    projects: offsetPages(adminList.total),
    catalogue: offsetPages(catalogue.total),
    customersDeepest: customers.map(({ later }) => offsetPages(later.total).deepest),
    cursor: { value: await cursorBefore(db, adminList.total - 50), at: adminList.total - 50 },
  };
  const portal = baselineRequests(options.portalUrl, inputs, pages);
  const pageOf = async (scenario: BaselineScenario, test = isProjectPage) =>
    pick((await capture(scenarioIn(portal, scenario))).statements, `${scenario} page`, test);

  const term = (request: FastifyRequest) => prefixQuery((request.query as { q?: string }).q ?? '');
  const sampleTerm = prefixQuery(inputs.words[0]!);
  // A deeper page's route answers the request of its scenario: the same caller and Range. The caller is the token's
  // client, not the token: a long run fetches new tokens (they last 15 minutes), and the handler verifies them.
  const sameAs = (spec: RequestSpec) => {
    const caller = callerOf(spec.headers.authorization);
    return (request: FastifyRequest) =>
      request.headers.range === spec.headers.range && callerOf(request.headers.authorization) === caller;
  };
  const projectPage = (
    path: string,
    reader: Reader,
    statement: Captured,
    offset: number,
    more: Partial<MinimalRoute> = {},
    size: number = BENCH_PAGE.projects,
  ): MinimalRoute => ({
    path,
    auth: 'required',
    statement,
    rowMode: 'array',
    ...more,
    answer: projectListAnswer(publicUrl, reader, offset, size),
  });
  const catalogueCounted = countedBy(catalogue.statements, 'catalogue');
  const cataloguePage = (statement: Captured, offset: number, more: Partial<MinimalRoute>): MinimalRoute => ({
    path: '/api/v1/catalogue',
    auth: 'optional',
    statement,
    rowMode: 'object',
    ...more,
    answer: catalogueAnswer(offset, BENCH_PAGE.catalogue),
  });
  const searchOf = (statement: Captured): Partial<MinimalRoute> => ({
    values: (request) => replaced(statement.values, sampleTerm, term(request)),
  });
  const categorySearch = await pageOf('catalogue search + category', isCataloguePage);
  const { projects, catalogue: cataloguePages } = pages;

  const customerRoutes: MinimalRoute[] = [];
  for (const [index, { share, userId, count, later }] of customers.entries()) {
    const reader: Reader = { userId, isAdmin: false };
    const counted: Partial<MinimalRoute> = count
      ? { count: { statement: count, values: () => count.values, keepOver: OWN_EXACT_COUNT_LIMIT } }
      : {};
    const deepest = customerList(share, 'deepest');
    customerRoutes.push(
      projectPage(
        '/api/v1/projects/user',
        reader,
        await pageOf(deepest),
        pages.customersDeepest[index]!,
        { ...counted, when: sameAs(scenarioIn(portal, deepest)) },
        BENCH_PAGE.ownProjects,
      ),
      projectPage(
        '/api/v1/projects/user',
        reader,
        pick(later.statements, `${customerList(share, 'first')} page`, isProjectPage),
        0,
        { ...counted, when: sameAs(scenarioIn(portal, customerList(share, 'first'))) },
        BENCH_PAGE.ownProjects,
      ),
    );
  }

  // On one path, the first route whose `when` holds answers: the deeper pages by their Range, then the first page.
  const routes: MinimalRoute[] = [
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, keyset'), pages.cursor.at, {
      when: (request) => (request.query as { cursor?: string }).cursor !== undefined,
    }),
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, middle page'), projects.middle, {
      when: sameAs(portal['admin project list, middle page']),
    }),
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, deep page'), projects.deepest, {
      when: sameAs(portal['admin project list, deep page']),
    }),
    projectPage(
      '/api/v1/projects',
      admin,
      pick(adminList.statements, 'admin project page', isProjectPage),
      0,
    ),
    ...customerRoutes,
    {
      path: '/api/v1/projects/:id',
      auth: 'required',
      statement: detail,
      rowMode: 'array',
      values: (request) =>
        replaced(detail.values, inputs.projectIds[0], (request.params as { id: string }).id),
      answer: projectDetailAnswer(publicUrl, admin),
    },
    cataloguePage(categorySearch, 0, {
      ...searchOf(categorySearch),
      when: (request) => {
        const query = request.query as { q?: string; categories?: string };
        return query.q !== undefined && query.categories !== undefined;
      },
    }),
    cataloguePage(searchPage, 0, {
      ...searchOf(searchPage),
      when: (request) => (request.query as { q?: string }).q !== undefined,
    }),
    cataloguePage(await pageOf('catalogue list, middle page', isCataloguePage), cataloguePages.middle, {
      ...catalogueCounted,
      when: sameAs(portal['catalogue list, middle page']),
    }),
    cataloguePage(await pageOf('catalogue list, deep page', isCataloguePage), cataloguePages.deepest, {
      ...catalogueCounted,
      when: sameAs(portal['catalogue list, deep page']),
    }),
    cataloguePage(pick(catalogue.statements, 'catalogue page', isCataloguePage), 0, catalogueCounted),
    {
      path: '/api/v1/audit-log',
      auth: 'required',
      statement: oneHistory,
      rowMode: 'array',
      values: (request) => replaced(oneHistory.values, inputs.projectIds[0], filteredEntity(request)),
      when: (request) => (request.query as { filter?: string }).filter !== undefined,
      answer: auditListAnswer(actors, 0, BENCH_PAGE.history),
    },
    {
      path: '/api/v1/audit-log',
      auth: 'required',
      statement: pick(history, 'history page', isHistoryPage),
      rowMode: 'array',
      ...countedBy(history, 'history'),
      answer: auditListAnswer(actors, 0, BENCH_PAGE.history),
    },
  ];
  const discovery = await fetch(`${options.config.oidc.issuer}/.well-known/openid-configuration`);
  const { jwks_uri: jwksUrl } = (await discovery.json()) as { jwks_uri: string };
  const server = await startMinimalServer({
    databaseUrl: options.databaseUrl,
    jwksUrl,
    issuer: options.config.oidc.issuer,
    audience: options.config.oidc.audience,
    routes,
  });
  return { ...server, requests: (base) => baselineRequests(base, inputs, pages) };
}
