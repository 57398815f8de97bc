import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardSchema,
  boardsResource,
  formatContentRange,
  listFilterSchema,
  type Board,
} from '@portal/resources';
import type { Database } from '../db/client.js';
import { boards } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { listQuerystring, parseListQuery } from '../http/list-query.js';
import { filterConditions } from '../http/list-sql.js';
import { access } from '../auth/access.js';
import { errorResponses } from './schemas.js';

const columns = {
  id: boards.id,
  name: boards.name,
  ispn: boards.ispn,
  description: boards.description,
  type: boards.type,
  productType: boards.productType,
  secure: boards.secure,
  releasedForRegistration: boards.releasedForRegistration,
  createdAt: boards.createdAt,
  updatedAt: boards.updatedAt,
};
const filterSchema = listFilterSchema(boardsResource);

function toBoard(row: typeof boards.$inferSelect): Board {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export const boardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards',
    {
      config: { access: access.resource(boardsResource, 'list') },
      schema: {
        tags: ['boards'],
        summary:
          'List boards (react-admin simple-rest dialect: Range header or range/sort/filter parameters)',
        security: [{ bearer: [] }],
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(boardSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, request.headers.range, {
        sortFields: boardsResource.list.sortable,
        filter: filterSchema,
      });
      const where = filterConditions(boardsResource, columns, list.filter);

      const sortColumn =
        columns[(list.sort?.field ?? boardsResource.list.defaultSort.field) as keyof typeof columns];
      const direction = list.sort?.order === 'DESC' ? desc : asc;
      const query = db.select().from(boards).where(where).orderBy(direction(sortColumn), asc(boards.id));
      const rows = list.range ? await query.limit(list.range.limit).offset(list.range.offset) : await query;

      const offset = list.range?.offset ?? 0;
      let total = offset + rows.length;
      if (list.range && (rows.length === list.range.limit || (rows.length === 0 && offset > 0))) {
        const [counted] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(boards)
          .where(where);
        total = counted!.count;
      }
      reply.header(
        'Content-Range',
        formatContentRange({ resource: 'boards', offset, limit: rows.length, total }),
      );
      return rows.map(toBoard);
    },
  );

  app.get(
    '/boards/:id',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags: ['boards'],
        summary: 'One board',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: boardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(boards).where(eq(boards.id, request.params.id)).limit(1);
      if (!row) throw notFound('Board not found.', ['board']);
      return toBoard(row);
    },
  );
};
