import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { isAdmin } from './context.js';

export const security = [{ bearer: [] }];
export const idParams = z.object({ id: z.uuid() });
export const listHeaders = z.object({ range: z.string().max(100).optional() }).passthrough();

export const emailOf = (column: PgColumn) =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${column})`;

/** The caller's own rows, or every row for an admin. */
export const ownScope = (request: FastifyRequest, column: PgColumn) =>
  isAdmin(request) ? undefined : eq(column, request.currentUser!.id);

/** A row of the caller's own (any row for an admin); 404 otherwise, so others' rows are not revealed. */
export async function ownRow<T extends { userId: string }>(
  request: FastifyRequest,
  row: T | undefined,
  what: string,
) {
  if (!row || (row.userId !== request.currentUser!.id && !isAdmin(request)))
    throw notFound(`${what} not found.`);
  return row;
}
