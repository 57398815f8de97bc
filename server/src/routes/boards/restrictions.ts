import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  boardRestrictionInputSchema,
  boardRestrictionSchema,
  boardSupportLinkInputSchema,
  boardsResource,
  restrictionEmailSchema,
  type BoardRestriction,
  boardSupportLinkAnswerSchema,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boards } from '../../db/schema.js';
import { boardRestrictions } from '../../db/schema-boards.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import { auditBoard, boardParams, security, tags } from './records.js';
import { lockBoard, requireBoard } from '../../modules/boards/boards.js';

const restrictionParams = z.object({ id: z.uuid(), email: z.string().min(1).max(EMAIL_MAX_LENGTH) });

const toRestriction = (row: typeof boardRestrictions.$inferSelect): BoardRestriction => ({
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

const sameEmailAs = (email: string) => eq(sql`lower(${boardRestrictions.email})`, email.trim().toLowerCase());

/**
 * A board's support link (spec product §2.3 edit-support) and its restriction list (§2.3 restrictions, §4: a
 * restricted board may be registered only by the listed emails).
 */
export const boardRestrictionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/support-link',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's support link, or null",
        security,
        params: boardParams,
        response: { 200: boardSupportLinkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ supportLink: (await requireBoard(db, request.params.id)).supportLink }),
  );

  app.put(
    '/boards/:id/support-link',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Set the support link: a web address (http or https), or mailto: followed by an email address; null or empty removes it',
        security,
        params: boardParams,
        body: boardSupportLinkInputSchema,
        response: { 200: boardSupportLinkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const supportLink = request.body.supportLink?.trim() ?? null;
        await tx.update(boards).set({ supportLink, updatedAt: new Date() }).where(eq(boards.id, board.id));
        await auditBoard(tx, request, board.id, 'update_support_link', {
          before: { supportLink: board.supportLink },
          after: { supportLink },
        });
        return { supportLink };
      }),
  );

  app.get(
    '/boards/:id/restrictions',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          'The emails allowed to register the board while it is restricted (restrictedAccess), sorted by email',
        security,
        params: boardParams,
        response: { 200: z.array(boardRestrictionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      const rows = await db
        .select()
        .from(boardRestrictions)
        .where(eq(boardRestrictions.boardId, board.id))
        .orderBy(sql`lower(${boardRestrictions.email})`, asc(boardRestrictions.email));
      return rows.map(toRestriction);
    },
  );

  app.post(
    '/boards/:id/restrictions',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Add an email to the restriction list: 400 when it is not a valid email address, 409 duplicate when it is listed already (ignoring case). Answers the entry',
        security,
        params: boardParams,
        body: boardRestrictionInputSchema,
        response: { 201: boardRestrictionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      const duplicate = (message: string) => ApiError.of(409, 'duplicate', message, ['email']);
      try {
        const added = await db.transaction(async (tx) => {
          const board = await lockBoard(tx, request.params.id);
          const listed = await tx
            .select({ email: boardRestrictions.email })
            .from(boardRestrictions)
            .where(and(eq(boardRestrictions.boardId, board.id), sameEmailAs(email)));
          const check = restrictionEmailSchema(listed.map((row) => row.email)).safeParse(email);
          if (!check.success) throw duplicate(check.error.issues[0]!.message);
          const [row] = await tx.insert(boardRestrictions).values({ boardId: board.id, email }).returning();
          const entry = toRestriction(row!);
          await auditBoard(tx, request, board.id, 'add_restriction', { after: entry });
          return entry;
        });
        return reply.code(201).send(added);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate('This email address is already on the list.');
        throw error;
      }
    },
  );

  app.delete(
    '/boards/:id/restrictions/:email',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Remove an email (URL-encoded, any case) from the restriction list. Answers the removed entry',
        security,
        params: restrictionParams,
        response: { 200: boardRestrictionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const [row] = await tx
          .delete(boardRestrictions)
          .where(and(eq(boardRestrictions.boardId, board.id), sameEmailAs(request.params.email)))
          .returning();
        if (!row) throw notFound('This email address is not on the list.', ['email']);
        const entry = toRestriction(row);
        await auditBoard(tx, request, board.id, 'remove_restriction', { before: entry });
        return entry;
      }),
  );
};
