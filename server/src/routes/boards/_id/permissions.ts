import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardsResource,
  restrictionEntrySchema,
  restrictionGrantSchema,
  type RestrictionEntry,
  MESSAGES,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../http/module.js';
import { users } from '../../../db/schema.js';
import { boardPermissions } from '../../../db/schema-boards.js';
import { isForeignKeyViolation } from '../../../http/database-errors.js';
import { ApiError, notFound } from '../../../http/errors.js';
import { findUserByEmail } from '../../platform/company-space-records.js';
import { errorResponses } from '../../schemas.js';
import { auditBoard, boardParams, security, tags } from '../records.js';
import { lockBoard, requireBoard } from '../../../modules/boards/boards.js';

const permissionParams = z.object({ id: z.uuid(), userId: z.uuid() });

/**
 * Board permissions exactly as spec calls §7.2: granted by user email, revoked per user. A board permission lets
 * its user register the board while it is restricted, like an email on the restriction list but bound to the
 * account (the list takes addresses of people who have not signed in yet).
 */
const boardPermissionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/permissions',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's permissions: each user's id and email, sorted by email",
        security,
        params: boardParams,
        response: { 200: z.array(restrictionEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return db
        .select({ userId: users.id, email: users.email })
        .from(boardPermissions)
        .innerJoin(users, eq(users.id, boardPermissions.userId))
        .where(eq(boardPermissions.boardId, board.id))
        .orderBy(sql`lower(${users.email})`, asc(users.id));
    },
  );

  app.post(
    '/permissions',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Grant a portal user (by email, any case) a permission for the board: 404 when no user has this email, 409 duplicate when the user has it already. Answers the created permission',
        security,
        params: boardParams,
        body: restrictionGrantSchema,
        response: { 201: restrictionEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx): Promise<RestrictionEntry> => {
          const board = await lockBoard(tx, request.params.id);
          const user = await findUserByEmail(tx, request.body.userEmail);
          if (!user) throw notFound(MESSAGES.userNotFound, ['userEmail']);
          const [added] = await tx
            .insert(boardPermissions)
            .values({ boardId: board.id, userId: user.id })
            .onConflictDoNothing()
            .returning();
          if (!added) {
            throw ApiError.of(409, 'duplicate', 'This user already has a permission for this board.', [
              'userEmail',
            ]);
          }
          const permission = { userId: user.id, email: user.email };
          await auditBoard(tx, request, board.id, 'grant_permission', { after: permission });
          return permission;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw notFound(MESSAGES.userNotFound, ['userEmail']);
        throw error;
      }
    },
  );

  app.delete(
    '/permissions/:userId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          "Revoke a user's permission for the board; 404 when the user has none. Answers the revoked permission (clients need not read it)",
        security,
        params: permissionParams,
        response: { 200: restrictionEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const [removed] = await tx
          .delete(boardPermissions)
          .where(
            and(eq(boardPermissions.boardId, board.id), eq(boardPermissions.userId, request.params.userId)),
          )
          .returning();
        if (!removed) throw notFound('This user has no permission for this board.', ['userId']);
        const [user] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, removed.userId))
          .limit(1);
        const permission = { userId: removed.userId, email: user!.email };
        await auditBoard(tx, request, board.id, 'revoke_permission', { before: permission });
        return permission;
      }),
  );
};

export default boardPermissionRoutes;
