/**
 * The baseline of the API benchmarks (issue 24 point 1): a minimal server doing what the portal's route does and
 * nothing else — Fastify, `jose` verifying every bearer token against the portal's key set (fetched once, cached),
 * a `pg` pool, and per scenario one prepared statement whose SQL and values are the ones the portal itself ran
 * (captured from its pool at run time, so the baseline follows every change of the portal's SQL), answering the
 * same JSON with the same Content-Range.
 *
 * Rows become answers through the portal's own pure mappers (`projectRecords`, `toItems`) and `JSON.stringify`:
 * the record rules stay in one place, and what the portal spends beyond them (its plugins, hooks, access checks,
 * serializer, compression, logging) is what the ratio to this server shows.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { getTableColumns } from 'drizzle-orm';
import { formatContentRange } from '@portal/resources';
import type { Database } from '../src/db/client.js';
import { EXACT_COUNT_LIMIT } from '../src/crud/list-total.js';
import { auditLog, boards, projects } from '../src/db/tables.js';
import { fromJson } from '../src/modules/projects/json.js';
import { projectRecords, type ProjectWithBoard } from '../src/modules/projects/records.js';
import { prefixQuery, toItems } from '../src/modules/catalogue/catalogue-list.js';
import type { ListedRow } from '../src/modules/catalogue/catalogue-sql.js';
import {
  ACTOR_COLUMNS,
  actorIdsOf,
  toAuditRecords,
  type AuditActor,
  type AuditRow,
} from '../src/modules/audit/records.js';

/** A statement as the portal's pool received it. */
export interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The statements the portal's PostgreSQL pool runs while `during` runs (node-postgres only: the baseline talks to
 * PostgreSQL). Transactions take a client of their own and are not seen; the routes measured here use none.
 */
export async function captureStatements(db: Database, during: () => Promise<unknown>): Promise<Captured[]> {
  type Query = (
    config: string | { text: string; values?: unknown[] },
    values?: unknown,
    ...rest: unknown[]
  ) => unknown;
  const pool = (db as unknown as { $client: { query: Query } }).$client;
  const original = pool.query;
  const seen: Captured[] = [];
  pool.query = function (this: unknown, config, values, ...rest) {
    const text = typeof config === 'string' ? config : config.text;
    const bound = Array.isArray(values) ? values : typeof config === 'string' ? [] : (config.values ?? []);
    seen.push({ text, values: [...bound] });
    return original.call(this, config, values, ...rest);
  } as Query;
  try {
    await during();
  } finally {
    pool.query = original;
  }
  return seen;
}

/** The one statement of `captured` that `test` picks; a clear error when the portal's SQL changed shape. */
export function pick(captured: Captured[], what: string, test: (text: string) => boolean): Captured {
  const found = captured.filter((statement) => test(statement.text));
  if (found.length !== 1) {
    throw new Error(
      `expected one ${what} statement among the portal's, found ${found.length}:\n${captured.map((c) => c.text.slice(0, 120)).join('\n')}`,
    );
  }
  return found[0]!;
}

/** What one route of the minimal server answers. */
export interface Answer {
  body: unknown;
  /** For lists: the Content-Range the portal sends. */
  range?: { resource: string; offset: number; total: number };
}

export interface MinimalRoute {
  /** Fastify path, e.g. `/api/v1/projects/:id`. */
  path: string;
  /** Of several routes on one path, the first whose `when` holds (or that has none) answers. */
  when?: (request: FastifyRequest) => boolean;
  /** Whether a bearer token is required (always verified when sent). */
  auth: 'required' | 'optional';
  statement: Captured;
  rowMode: 'array' | 'object';
  /** The statement's values for this request (default: the captured ones). */
  values?: (request: FastifyRequest) => unknown[];
  /**
   * Counts matching rows by the portal's count policy: a count bounded past the exact limit, then, beyond it, the
   * planner's `estimate`, kept per distinct values (the portal keeps long totals too; short ones it counts every call).
   */
  count?: {
    statement: Captured;
    values: (request: FastifyRequest) => unknown[];
    estimate?: { statement: Captured; values: (request: FastifyRequest) => unknown[] };
    /** Totals over this many are kept (the list's exact limit; EXACT_COUNT_LIMIT unless the list has its own). */
    keepOver?: number;
  };
  answer(
    rows: unknown[],
    request: FastifyRequest,
    counted: number | null,
    then: Then,
  ): Answer | Promise<Answer>;
}

/**
 * A further statement of a route, run after its page as the portal runs it (a history page's actors): prepared once
 * per distinct text, rows as arrays.
 */
export type Then = (text: string, values: unknown[]) => Promise<unknown[][]>;

export interface MinimalServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the minimal server on a loopback port. Tokens are verified as the portal verifies them (issuer, audience,
 * signature against `jwksUrl`'s keys, fetched once); a route with `auth: 'required'` answers 401 without one.
 */
export async function startMinimalServer(options: {
  databaseUrl: string;
  jwksUrl: string;
  issuer: string;
  audience: string;
  routes: MinimalRoute[];
  /** The pool size; the portal's is 10. */
  connections?: number;
}): Promise<MinimalServer> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.connections ?? 10 });
  const keys = createRemoteJWKSet(new URL(options.jwksUrl));
  const app = Fastify({ logger: false });
  const handlers = new Map<string, { route: MinimalRoute; handle: Handler }[]>();
  for (const [index, route] of options.routes.entries()) {
    const list = handlers.get(route.path) ?? [];
    list.push({ route, handle: handler(route, `minimal_${index}`) });
    handlers.set(route.path, list);
  }
  for (const [path, list] of handlers) {
    app.get(path, async (request, reply) => {
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (bearer) {
        try {
          await jwtVerify(bearer, keys, { issuer: options.issuer, audience: options.audience });
        } catch {
          return reply.code(401).send({ error: 'invalid token' });
        }
      }
      const found = list.find(({ route }) => !route.when || route.when(request));
      if (!found) return reply.code(404).send({ error: 'no scenario of the minimal server asks this' });
      const { route, handle } = found;
      if (!bearer && route.auth === 'required') return reply.code(401).send({ error: 'no token' });
      const answer = await handle(request);
      if (answer.range) {
        const { resource, offset, total } = answer.range;
        const length = (answer.body as unknown[]).length;
        reply.header('Content-Range', formatContentRange({ resource, offset, limit: length, total }));
      }
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(answer.body));
    });
  }

  type Handler = (request: FastifyRequest) => Promise<Answer>;
  /** One prepared statement (by name, prepared once per pooled connection) and, for lists, its kept counts. */
  function handler(route: MinimalRoute, name: string): Handler {
    const totals = new Map<string, number>();
    const further = new Map<string, string>();
    const then: Then = async (text, values) => {
      let named = further.get(text);
      if (!named) further.set(text, (named = `${name}_then_${further.size}`));
      const result = await pool.query({ name: named, text, values, rowMode: 'array' });
      return result.rows as unknown[][];
    };
    return async (request) => {
      // `rowMode` is the one switch between pg's array and object rows; its overloads type one or the other.
      const result = await pool.query({
        name,
        text: route.statement.text,
        values: route.values ? route.values(request) : route.statement.values,
        rowMode: route.rowMode === 'array' ? 'array' : undefined,
      } as unknown as pg.QueryConfig);
      let counted: number | null = null;
      if (route.count) {
        const values = route.count.values(request);
        const key = JSON.stringify(values);
        counted = totals.get(key) ?? null;
        if (counted === null) {
          const count = await pool.query({ name: `${name}_count`, text: route.count.statement.text, values });
          counted = Number(Object.values(count.rows[0] as object)[0]);
          const { estimate } = route.count;
          if (counted > EXACT_COUNT_LIMIT && estimate) {
            const plan = await pool.query({
              name: `${name}_estimate`,
              text: estimate.statement.text,
              values: estimate.values(request),
            });
            const [json] = Object.values(plan.rows[0] as object) as [[{ Plan: { 'Plan Rows': number } }]];
            counted = Math.max(counted, Math.round(json[0].Plan['Plan Rows']));
          }
          // The portal's policy (listTotal): only a long list's total is kept; a short one is counted every call.
          if (counted > (route.count.keepOver ?? EXACT_COUNT_LIMIT)) totals.set(key, counted);
        }
      }
      return route.answer(result.rows, request, counted, then);
    };
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

const PROJECT_KEYS = Object.keys(getTableColumns(projects));
const BOARD_KEYS = Object.keys(getTableColumns(boards));

/**
 * Rows of the portal's project query read in array mode, as Drizzle hands them to the portal: the project's and
 * the board's columns in table order, then members, invitation and the `extra` columns of that query.
 */
function projectRows(rows: unknown[], extra: string[]): (ProjectWithBoard & Record<string, unknown>)[] {
  return (rows as unknown[][]).map((cells) => {
    let at = 0;
    const take = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, cells[at++]]));
    const project = take(PROJECT_KEYS) as unknown as ProjectWithBoard['project'];
    const board = take(BOARD_KEYS) as unknown as ProjectWithBoard['board'];
    const members = fromJson(cells[at++] as ProjectWithBoard['members']);
    const invitation = (cells[at++] ?? null) as ProjectWithBoard['invitation'];
    return { project, board, members, invitation, ...take(extra) };
  });
}

/** Who reads the records (the open invitation shows to those who manage a project). */
export interface Reader {
  userId: string;
  isAdmin: boolean;
}

/**
 * A page of the portal's project list statement (admin or the caller's own) as the portal answers it. A page the
 * portal finds from the far end of its list is read whole here: the benchmarks' deepest pages start 50 rows before
 * the end (`offsetPages`), where the portal cuts nothing from what it read (projects/list.ts `fromEndPage`).
 */
export function projectListAnswer(publicUrl: string, reader: Reader, offset: number, limit: number) {
  return async (rows: unknown[], _request: FastifyRequest, kept: number | null): Promise<Answer> => {
    const page = projectRows(rows, ['sortKey', 'people', 'counted', 'countRows']);
    const people = fromJson(page.find((row) => row.people)?.people ?? []);
    for (const row of page) row.people = people;
    // The page's own count, or (a long list walked without one) the route's kept count.
    const counted =
      (page.find((row) => row.counted !== null)?.counted as number | undefined) ?? kept ?? undefined;
    const total = page.length === limit && counted !== undefined ? counted : offset + page.length;
    const body = await projectRecords(undefined as never, page, { publicUrl, reader });
    return { body, range: { resource: 'projects', offset, total } };
  };
}

/** One project (the portal's `project_by_id` statement) as the portal answers it. */
export function projectDetailAnswer(publicUrl: string, reader: Reader) {
  return async (rows: unknown[]): Promise<Answer> => {
    const [row] = projectRows(rows, ['people']);
    if (!row) return { body: null };
    row.people = fromJson(row.people ?? []);
    const [record] = await projectRecords(undefined as never, [row], { publicUrl, reader });
    return { body: record };
  };
}

/**
 * A catalogue page as the portal answers it; the total from the count when the page is full: the route's count, or
 * a search page's own count of its matches (the bench's searches match fewer than the exact limit, so no estimate).
 */
export function catalogueAnswer(offset: number, limit: number) {
  return (rows: unknown[], _request: FastifyRequest, counted: number | null): Answer => {
    const page = rows as ListedRow[];
    const total = counted ?? page[0]?.matched ?? null;
    return {
      body: toItems(page),
      range: {
        resource: 'catalogue',
        offset,
        total: page.length === limit && total !== null ? total : offset + page.length,
      },
    };
  };
}

/** A row read as an array (the minimal server's row mode) as an object, by the order its statement selects. */
const rowOf =
  <Row>(selected: Record<string, unknown>) =>
  (cells: unknown[]) =>
    Object.fromEntries(Object.keys(selected).map((key, at) => [key, cells[at]])) as Row;
const auditRowOf = rowOf<AuditRow>(getTableColumns(auditLog));
const actorOf = rowOf<AuditActor>(ACTOR_COLUMNS);

/**
 * A history page as the portal answers it (the generic list's total, as {@link catalogueAnswer}), its actors read
 * with `actors` (the portal's statement: the page's distinct actors as one array).
 */
export function auditListAnswer(actors: Captured, offset: number, limit: number) {
  return async (
    rows: unknown[],
    _request: FastifyRequest,
    counted: number | null,
    then: Then,
  ): Promise<Answer> => {
    const page = (rows as unknown[][]).map(auditRowOf);
    const ids = actorIdsOf(page);
    const found = ids.length ? await then(actors.text, [ids]) : [];
    const body = toAuditRecords(page, found.map(actorOf));
    const total = page.length === limit && counted !== null ? counted : offset + page.length;
    return { body, range: { resource: 'audit-log', offset, total } };
  };
}

/** The captured values with each occurrence of `from` replaced by `to` (a path or query value of the request). */
export const replaced = (values: unknown[], from: unknown, to: unknown) =>
  values.map((value) => (value === from ? to : value));

export { prefixQuery };
