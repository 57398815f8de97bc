import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardsResource, linkInputSchema, linkOrderSchema, linkSchema, type Link } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boardLinks } from '../../db/schema-boards.js';
import { ApiError, notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import {
  auditBoard,
  boardParams,
  lockBoard,
  requireBoard,
  security,
  tags,
  type Executor,
} from './records.js';

type LinkRow = typeof boardLinks.$inferSelect;

const linkParams = z.object({ id: z.uuid(), linkId: z.uuid() });

const toLink = (row: LinkRow): Link => ({ id: row.id, title: row.title, url: row.url, order: row.position });

const linkNotFound = () => notFound('Link not found.', ['link']);

const linksOf = async (db: Executor, boardId: string) =>
  (
    await db
      .select()
      .from(boardLinks)
      .where(eq(boardLinks.boardId, boardId))
      .orderBy(asc(boardLinks.position), asc(boardLinks.id))
  ).map(toLink);

/** Positions 0, 1, 2, … in the given order, writing only the rows whose position changes. */
async function renumber(tx: Executor, boardId: string, ordered: Link[]) {
  for (const [position, link] of ordered.entries()) {
    if (link.order === position) continue;
    await tx
      .update(boardLinks)
      .set({ position })
      .where(and(eq(boardLinks.id, link.id), eq(boardLinks.boardId, boardId)));
  }
}

/**
 * Related links of a board (spec product §2.3 links, links/add, links/edit/{linkId}): add, edit, delete, and
 * "save order" after dragging. Orders are 0, 1, 2, … in the order the board shows them.
 */
export const boardLinkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/links',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's related links in their order",
        security,
        params: boardParams,
        response: { 200: z.array(linkSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return linksOf(db, board.id);
    },
  );

  app.post(
    '/boards/:id/links',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary: 'Add a link (title required, url a web address) at the end of the list',
        security,
        params: boardParams,
        body: linkInputSchema,
        response: { 201: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const [last] = await tx
          .select({ position: max(boardLinks.position) })
          .from(boardLinks)
          .where(eq(boardLinks.boardId, board.id));
        const [row] = await tx
          .insert(boardLinks)
          .values({
            boardId: board.id,
            title: request.body.title.trim(),
            url: request.body.url.trim(),
            position: last?.position === null || last?.position === undefined ? 0 : last.position + 1,
          })
          .returning();
        const link = toLink(row!);
        await auditBoard(tx, request, board.id, 'add_link', { after: link });
        return link;
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/boards/:id/links/order',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Save the order of the links: every link id of the board, each once, in the new order. 409 conflict when the ids are not exactly the board’s links (someone added or deleted one meanwhile). Answers the links in their new order',
        security,
        params: boardParams,
        body: linkOrderSchema,
        response: { 200: z.array(linkSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { ids } = request.body;
        if (new Set(ids).size !== ids.length) {
          throw ApiError.of(400, 'invalid_request', 'A link appears twice in the order.', ['ids']);
        }
        const before = await linksOf(tx, board.id);
        if (ids.length !== before.length || !before.every((link) => ids.includes(link.id))) {
          throw ApiError.of(
            409,
            'conflict',
            'The links of this board changed since they were loaded. Reload them and save the order again.',
            ['ids'],
          );
        }
        const ordered = ids.map((id) => before.find((link) => link.id === id)!);
        await renumber(tx, board.id, ordered);
        const after = await linksOf(tx, board.id);
        await auditBoard(tx, request, board.id, 'order_links', {
          before: before.map((link) => link.id),
          after: after.map((link) => link.id),
        });
        return after;
      }),
  );

  app.put(
    '/boards/:id/links/:linkId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary: 'Edit a link’s title and url; its place in the order stays',
        security,
        params: linkParams,
        body: linkInputSchema,
        response: { 200: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = (await linksOf(tx, board.id)).find((link) => link.id === request.params.linkId);
        if (!before) throw linkNotFound();
        const [row] = await tx
          .update(boardLinks)
          .set({ title: request.body.title.trim(), url: request.body.url.trim() })
          .where(eq(boardLinks.id, before.id))
          .returning();
        const after = toLink(row!);
        await auditBoard(tx, request, board.id, 'update_link', { before, after });
        return after;
      }),
  );

  app.delete(
    '/boards/:id/links/:linkId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary: 'Delete a link; the links after it move up. Answers the deleted link',
        security,
        params: linkParams,
        response: { 200: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const links = await linksOf(tx, board.id);
        const removed = links.find((link) => link.id === request.params.linkId);
        if (!removed) throw linkNotFound();
        await tx.delete(boardLinks).where(eq(boardLinks.id, removed.id));
        await renumber(
          tx,
          board.id,
          links.filter((link) => link.id !== removed.id),
        );
        await auditBoard(tx, request, board.id, 'delete_link', { before: removed });
        return removed;
      }),
  );
};
