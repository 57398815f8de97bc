import { and, asc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BoardRecord, ErrorBody } from '@portal/resources';
import { auditLog, boards } from '../src/db/schema.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/** What the board test files share: the app on a fresh database and signed-in callers. */
export interface BoardsTest {
  t: TestApp;
  admin: Tokens;
  csa: Tokens;
  customer: Tokens;
}

export async function startBoardsTest(): Promise<BoardsTest> {
  const t = await startTestApp();
  const [admin, csa, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'csa@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  return { t, admin, csa, customer };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const caller =
  (t: TestApp) =>
  (
    method: Method,
    url: string,
    tokens: Tokens | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

/** The error body of a refusal, checked against the spec's shape. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.status).toBe(status);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(error.errorCode).toBe(code);
    expect(error.messages[0]).toBeTruthy();
  }
  return body;
}

export function expectOk<T>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** A list URL in react-admin's simple-rest dialect: each parameter as JSON. */
export const listUrl = (path: string, params: Record<string, unknown> = {}) => {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return query ? `${path}?${query}` : path;
};

/** The audit records written after `since` (an audit id), oldest first. */
export const auditSince = (t: TestApp, since: number, entity?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(entity ? and(gt(auditLog.id, since), eq(auditLog.entity, entity)) : gt(auditLog.id, since))
    .orderBy(asc(auditLog.id));

/** The id of the newest audit record, to look at what a call writes. */
export async function lastAuditId(t: TestApp): Promise<number> {
  const rows = await t.database.db.select({ id: auditLog.id }).from(auditLog);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

/** A demo board by name prefix, straight from the database. */
export async function demoBoard(t: TestApp, where: (row: typeof boards.$inferSelect) => boolean) {
  const rows = await t.database.db.select().from(boards).orderBy(asc(boards.name));
  const row = rows.find(where);
  if (!row) throw new Error('no such demo board');
  return row;
}

/** Creates a board through the API. */
export async function createBoard(
  t: TestApp,
  admin: Tokens,
  body: Record<string, unknown>,
): Promise<BoardRecord> {
  return expectOk<BoardRecord>(await caller(t)('POST', '/api/v1/boards', admin, body), 201);
}

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';
