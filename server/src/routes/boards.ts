import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardSchema, boardsResource, type Board } from '@portal/resources';
import type { Database } from '../db/client.js';
import { boards } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { listQuerystring } from '../http/list-query.js';
import { listRows } from '../http/list.js';
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
      const rows = await listRows<typeof boards.$inferSelect>(
        { db, table: boards, columns, definition: boardsResource },
        request,
        reply,
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
