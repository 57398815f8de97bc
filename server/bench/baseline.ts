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
  'admin project list' | 'project detail' | 'catalogue list' | 'catalogue search' | 'customer project list';

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

/** The scenario of the projects or catalogue benchmark each one repeats beside the minimal server (none: only here). */
export const STANDS_FOR: Record<BaselineScenario, { bench: string; scenario: string } | null> = {
  'admin project list': { bench: 'projects', scenario: 'list, first page' },
  'project detail': { bench: 'projects', scenario: 'project detail' },
  'catalogue list': { bench: 'catalogue', scenario: 'list, first page' },
  'catalogue search': { bench: 'catalogue', scenario: 'search q' },
  'customer project list': null,
};

const PAGE = 25;
const projectRange = `projects=0-${PAGE - 1}`;
const catalogueRange = `catalogue=0-${PAGE - 1}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The requests of each scenario against a server at `base` (the portal or the minimal server: the same). */
export function baselineRequests(
  base: string,
  inputs: BaselineInputs,
): Record<BaselineScenario, RequestSpec> {
  return {
    'admin project list': {
      urls: [`${base}/api/v1/projects`],
      headers: { ...bearer(inputs.admin.token), range: projectRange },
    },
    'project detail': {
      urls: inputs.projectIds.map((id) => `${base}/api/v1/projects/${id}`),
      headers: bearer(inputs.admin.token),
    },
    'catalogue list': { urls: [`${base}/api/v1/catalogue`], headers: { range: catalogueRange } },
    'catalogue search': {
      urls: inputs.words.map((word) => `${base}/api/v1/catalogue?q=${encodeURIComponent(word)}`),
      headers: { range: catalogueRange },
    },
    'customer project list': {
      urls: [`${base}/api/v1/projects/user`],
      headers: { ...bearer(inputs.customer.token), range: projectRange },
    },
  };
}

/** The first request of a scenario, sent to the portal; its body read so every statement has run. */
async function sendFirst(spec: RequestSpec): Promise<void> {
  const response = await fetch(spec.urls[0]!, { headers: spec.headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${spec.urls[0]} answered ${response.status}`);
}

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
}): Promise<MinimalServer> {
  const { db, inputs } = options;
  const { publicUrl } = options.config;
  const portal = baselineRequests(options.portalUrl, inputs);
  const capture = (scenario: BaselineScenario) => captureStatements(db, () => sendFirst(portal[scenario]));
  const admin: Reader = { userId: inputs.admin.userId, isAdmin: true };
  const customer: Reader = { userId: inputs.customer.userId, isAdmin: false };

  const adminList = pick(await capture('admin project list'), 'admin project page', isProjectPage);
  const detail = pick(await capture('project detail'), 'project by id', isProjectById);
  // The customer's list as it runs once its scope is known: its first call reads the scope first and counts it (5 %
  // in scope is past the own list's exact limit, so that count is kept), later calls walk the sort index with the
  // kept total. The minimal server runs the later page statement and keeps that same full count.
  const customerFirst = await capture('customer project list');
  const customerList = pick(await capture('customer project list'), 'customer project page', isProjectPage);
  const customerCount = customerFirst.find((statement) => isOwnFullCount(statement.text));
  const catalogue = await capture('catalogue list');
  const search = await capture('catalogue search');
  // A search's page counts its matches itself (its `matched` column, read by catalogueAnswer): no count statement.
  const searchPage = pick(search, 'catalogue search page', isCataloguePage);
  const catalogueCount = pick(catalogue, 'catalogue count', isCatalogueCount);
  const sampleTerm = prefixQuery(inputs.words[0]!);
  const termOf = (request: FastifyRequest) => prefixQuery((request.query as { q?: string }).q ?? '');

  const routes: MinimalRoute[] = [
    {
      path: '/api/v1/projects',
      auth: 'required',
      statement: adminList,
      rowMode: 'array',
      answer: projectListAnswer(publicUrl, admin, 0, PAGE),
    },
    {
      path: '/api/v1/projects/user',
      auth: 'required',
      statement: customerList,
      rowMode: 'array',
      ...(customerCount && {
        count: {
          statement: customerCount,
          values: () => customerCount.values,
          keepOver: OWN_EXACT_COUNT_LIMIT,
        },
      }),
      answer: projectListAnswer(publicUrl, customer, 0, PAGE),
    },
    {
      path: '/api/v1/projects/:id',
      auth: 'required',
      statement: detail,
      rowMode: 'array',
      values: (request) =>
        replaced(detail.values, inputs.projectIds[0], (request.params as { id: string }).id),
      answer: projectDetailAnswer(publicUrl, admin),
    },
    {
      path: '/api/v1/catalogue',
      auth: 'optional',
      when: (request) => (request.query as { q?: string }).q !== undefined,
      statement: searchPage,
      rowMode: 'object',
      values: (request) => replaced(searchPage.values, sampleTerm, termOf(request)),
      answer: catalogueAnswer(0, PAGE),
    },
    {
      path: '/api/v1/catalogue',
      auth: 'optional',
      statement: pick(catalogue, 'catalogue page', isCataloguePage),
      rowMode: 'object',
      count: {
        statement: catalogueCount,
        values: () => catalogueCount.values,
        ...estimateOf(catalogue, (statement) => () => statement.values),
      },
      answer: catalogueAnswer(0, PAGE),
    },
  ];
  const discovery = await fetch(`${options.config.oidc.issuer}/.well-known/openid-configuration`);
  const { jwks_uri: jwksUrl } = (await discovery.json()) as { jwks_uri: string };
  return startMinimalServer({
    databaseUrl: options.databaseUrl,
    jwksUrl,
    issuer: options.config.oidc.issuer,
    audience: options.config.oidc.audience,
    routes,
  });
}
