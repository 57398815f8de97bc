/**
 * The scenarios measured against the minimal server (issue 24 point 1) and how the minimal server is set up beside
 * a running portal: each scenario's request is sent to the portal once while its pool's statements are captured,
 * and the minimal server serves the same path with the captured statement. Shared by `bench/versus.ts` and the
 * test that proves both answer the same bytes (test/bench-minimal-server.test.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../src/db/client.js';
import { OWN_EXACT_COUNT_LIMIT } from '../src/http/list-total.js';
import type { RequestSpec } from './measure.js';
import { SCOPE_SHARES, cursorBefore, offsetPages, ownList } from './fill.js';
import {
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

export type BaselineScenario =
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
  | 'customer project list'
  | 'customer project list, deepest page';

/** The callers and data the scenarios use. */
export interface BaselineInputs {
  /** Bearer tokens and user ids: an admin (the demo service account) and a customer (company space member). */
  admin: { token: string; userId: string };
  customer: { token: string; userId: string };
  /** Projects to open (the first is the one the statement is captured with). */
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
  /** The customer's own list: its deepest offset page. */
  customerDeepest: number;
  cursor: { value: string; at: number };
}

/** The customer's share of the projects in `bench:versus` (issue 24: 5,000 of 100k), a scoped customer's of `bench:projects`. */
export const CUSTOMER_SCOPE = SCOPE_SHARES[1];

/** The scenario of the projects or catalogue benchmark each one repeats beside the minimal server. */
export const STANDS_FOR: Record<BaselineScenario, { bench: string; scenario: string }> = {
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
  'customer project list': { bench: 'projects', scenario: ownList(CUSTOMER_SCOPE, 'first') },
  'customer project list, deepest page': { bench: 'projects', scenario: ownList(CUSTOMER_SCOPE, 'deepest') },
};

const PAGE = 25;
const SEARCH_CATEGORIES = 'software,tool';
const rangeOf = (resource: string, offset: number) => `${resource}=${offset}-${offset + PAGE - 1}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The requests of each scenario against a server at `base` (the portal or the minimal server: the same). */
function baselineRequests(
  base: string,
  inputs: BaselineInputs,
  pages: BaselinePages,
): Record<BaselineScenario, RequestSpec> {
  const admin = bearer(inputs.admin.token);
  const projectList = (offset: number, query = ''): RequestSpec => ({
    urls: [`${base}/api/v1/projects${query}`],
    headers: { ...admin, range: rangeOf('projects', offset) },
  });
  const catalogueList = (offset: number): RequestSpec => ({
    urls: [`${base}/api/v1/catalogue`],
    headers: { range: rangeOf('catalogue', offset) },
  });
  const search = (query: string): RequestSpec => ({
    urls: inputs.words.map((word) => `${base}/api/v1/catalogue?${query}q=${encodeURIComponent(word)}`),
    headers: { range: rangeOf('catalogue', 0) },
  });
  const customerList = (offset: number): RequestSpec => ({
    urls: [`${base}/api/v1/projects/user`],
    headers: { ...bearer(inputs.customer.token), range: rangeOf('projects', offset) },
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
    'customer project list': customerList(0),
    'customer project list, deepest page': customerList(pages.customerDeepest),
  };
}

/** The minimal server, and the requests of each scenario to it or to the portal at `base`. */
export interface Baseline extends MinimalServer {
  requests(base: string): Record<BaselineScenario, RequestSpec>;
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
  customerDeepest: 0,
  cursor: { value: '', at: 0 },
};

const isProjectPage = (text: string) => /"page" as \(/.test(text);
const isProjectById = (text: string) => /"projects"\."id" = \$1/.test(text) && !isProjectPage(text);
const isCataloguePage = (text: string) => text.startsWith('select items.');
// The count policy's statements (http/list-total.ts): a count bounded past the exact limit, the planner's estimate.
const isCatalogueCount = (text: string) => !isCataloguePage(text) && /as bounded\)::int/.test(text);
// A long own list's kept count (list-totals.ts `fullCount`): every row of the scope, branch by branch.
const isOwnFullCount = (text: string) =>
  text.startsWith('select count(*)::int from (select 1 from "projects"');
const isCatalogueEstimate = (text: string) => text.startsWith('explain (format json)');

/** The planner's estimate the portal ran for a long list, if it ran one (short lists are counted exactly). */
function estimateOf(
  captured: Captured[],
  valuesOf: (statement: Captured) => (request: FastifyRequest) => unknown[],
): { estimate?: { statement: Captured; values: (request: FastifyRequest) => unknown[] } } {
  const statement = captured.find((candidate) => isCatalogueEstimate(candidate.text));
  return statement ? { estimate: { statement, values: valuesOf(statement) } } : {};
}

/**
 * Starts the minimal server beside the portal at `portalUrl` (its database `databaseUrl`, its pool `db` captured),
 * serving every scenario with the statement the portal ran for it. The catalogue's counts must not be cached by the
 * portal yet (call this before any other catalogue request), so its count statement is seen.
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
  const customer: Reader = { userId: inputs.customer.userId, isAdmin: false };
  const first = baselineRequests(options.portalUrl, inputs, FIRST_PAGES);

  const adminList = await capture(first['admin project list']);
  const detail = pick((await capture(first['project detail'])).statements, 'project by id', isProjectById);
  // The customer's list as it runs once its scope is known: its first call reads the scope first and counts it (5 %
  // in scope is past the own list's exact limit, so that count is kept), later calls walk the sort index with the
  // kept total. The minimal server runs the later page statement and keeps that same full count.
  const customerFirst = (await capture(first['customer project list'])).statements;
  const customerList = await capture(first['customer project list']);
  const customerCount = customerFirst.find((statement) => isOwnFullCount(statement.text));
  const catalogue = await capture(first['catalogue list']);
  // A search's page counts its matches itself (its `matched` column, read by catalogueAnswer): no count statement.
  const searchPage = pick(
    (await capture(first['catalogue search'])).statements,
    'catalogue search page',
    isCataloguePage,
  );
  const catalogueCount = pick(catalogue.statements, 'catalogue count', isCatalogueCount);

  // The deeper pages, placed from the totals the first pages answered, as the benchmarks place them.
  const pages: BaselinePages = {
    projects: offsetPages(adminList.total),
    catalogue: offsetPages(catalogue.total),
    customerDeepest: offsetPages(customerList.total).deepest,
    cursor: { value: await cursorBefore(db, adminList.total - 50), at: adminList.total - 50 },
  };
  const portal = baselineRequests(options.portalUrl, inputs, pages);
  const pageOf = async (scenario: BaselineScenario, test = isProjectPage) =>
    pick((await capture(portal[scenario])).statements, `${scenario} page`, test);

  const term = (request: FastifyRequest) => prefixQuery((request.query as { q?: string }).q ?? '');
  const sampleTerm = prefixQuery(inputs.words[0]!);
  const rangeIs = (range: string | undefined) => (request: FastifyRequest) => request.headers.range === range;
  const projectPage = (
    path: string,
    reader: Reader,
    statement: Captured,
    offset: number,
    more: Partial<MinimalRoute> = {},
  ): MinimalRoute => ({
    path,
    auth: 'required',
    statement,
    rowMode: 'array',
    ...more,
    answer: projectListAnswer(publicUrl, reader, offset, PAGE),
  });
  const customerCounted: Partial<MinimalRoute> = customerCount
    ? {
        count: {
          statement: customerCount,
          values: () => customerCount.values,
          keepOver: OWN_EXACT_COUNT_LIMIT,
        },
      }
    : {};
  const catalogueCounted: Partial<MinimalRoute> = {
    count: {
      statement: catalogueCount,
      values: () => catalogueCount.values,
      ...estimateOf(catalogue.statements, (statement) => () => statement.values),
    },
  };
  const cataloguePage = (statement: Captured, offset: number, more: Partial<MinimalRoute>): MinimalRoute => ({
    path: '/api/v1/catalogue',
    auth: 'optional',
    statement,
    rowMode: 'object',
    ...more,
    answer: catalogueAnswer(offset, PAGE),
  });
  const searchOf = (statement: Captured): Partial<MinimalRoute> => ({
    values: (request) => replaced(statement.values, sampleTerm, term(request)),
  });
  const categorySearch = await pageOf('catalogue search + category', isCataloguePage);
  const { projects, catalogue: cataloguePages } = pages;

  // On one path, the first route whose `when` holds answers: the deeper pages by their Range, then the first page.
  const routes: MinimalRoute[] = [
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, keyset'), pages.cursor.at, {
      when: (request) => (request.query as { cursor?: string }).cursor !== undefined,
    }),
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, middle page'), projects.middle, {
      when: rangeIs(portal['admin project list, middle page'].headers.range),
    }),
    projectPage('/api/v1/projects', admin, await pageOf('admin project list, deep page'), projects.deepest, {
      when: rangeIs(portal['admin project list, deep page'].headers.range),
    }),
    projectPage(
      '/api/v1/projects',
      admin,
      pick(adminList.statements, 'admin project page', isProjectPage),
      0,
    ),
    projectPage(
      '/api/v1/projects/user',
      customer,
      await pageOf('customer project list, deepest page'),
      pages.customerDeepest,
      { ...customerCounted, when: rangeIs(portal['customer project list, deepest page'].headers.range) },
    ),
    projectPage(
      '/api/v1/projects/user',
      customer,
      pick(customerList.statements, 'customer project page', isProjectPage),
      0,
      customerCounted,
    ),
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
      when: rangeIs(portal['catalogue list, middle page'].headers.range),
    }),
    cataloguePage(await pageOf('catalogue list, deep page', isCataloguePage), cataloguePages.deepest, {
      ...catalogueCounted,
      when: rangeIs(portal['catalogue list, deep page'].headers.range),
    }),
    cataloguePage(pick(catalogue.statements, 'catalogue page', isCataloguePage), 0, catalogueCounted),
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
