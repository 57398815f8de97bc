import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  boardSchema,
  boardUserLinkInputSchema,
  boardUserLinkSchema,
  boardCsaLinksResource,
  boardViewerLinksResource,
  boardsResource,
  hasAnyRouteRole,
  type BoardUserLink,
  MESSAGES,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { boards, companySpaceMembers, users } from '../../db/schema.js';
import { boardUserLinks } from '../../db/schema-boards.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { findUserByEmail, membershipOf } from '../platform/company-space-records.js';
import { errorResponses } from '../schemas.js';
import { rangeHeaders } from './records.js';
import {
  boardColumns,
  findBoard,
  toBoardRecord,
  type BoardRow,
  type Executor,
} from '../../modules/boards/boards.js';

type LinkRow = typeof boardUserLinks.$inferSelect;
type Kind = LinkRow['kind'];

const KINDS = [
  {
    kind: 'csa',
    definition: boardCsaLinksResource,
    entity: 'board_csa_link',
    who: 'company space admins',
    rule: 'admin only; the user must belong to a company space',
  },
  {
    kind: 'viewer',
    definition: boardViewerLinksResource,
    entity: 'board_viewer_link',
    who: 'company space viewers',
    rule: 'admin, or a company space admin for the people of their own company space; the user must belong to a company space',
  },
] as const satisfies readonly { kind: Kind; definition: object; entity: string; who: string; rule: string }[];

const columns = {
  id: boardUserLinks.id,
  boardId: boardUserLinks.boardId,
  boardName: sql`(select ${boards.name} from ${boards} where ${boards.id} = ${boardUserLinks.boardId})`,
  userEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${boardUserLinks.userId})`,
};

const params = z.object({ id: z.uuid() });
const tags = ['board links'];
const security = [{ bearer: [] }];

const isAdmin = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);

const linkNotFound = () => notFound('Link not found.', ['link']);
const noOwnSpace = () =>
  ApiError.of(403, 'no_company_space', 'You do not belong to any company space.', ['company-space']);
const otherSpace = () =>
  ApiError.of(403, 'wrong_company_space', ERROR_MESSAGES.wrong_company_space, ['userEmail']);

/** The users of a company space admin's own space, as a subquery. */
const usersOfSpaceOf = (db: Executor, userId: string) =>
  db
    .select({ id: companySpaceMembers.userId })
    .from(companySpaceMembers)
    .where(
      inArray(
        companySpaceMembers.companySpaceId,
        db
          .select({ id: companySpaceMembers.companySpaceId })
          .from(companySpaceMembers)
          .where(eq(companySpaceMembers.userId, userId)),
      ),
    );

async function toRecords(db: Executor, rows: LinkRow[]): Promise<BoardUserLink[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .where(
      inArray(
        boards.id,
        rows.map((row) => row.boardId),
      ),
    );
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((row) => row.userId),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    boardId: row.boardId,
    boardName: names.find((board) => board.id === row.boardId)!.name,
    userEmail: emails.find((user) => user.id === row.userId)!.email,
  }));
}

const toRecord = async (db: Executor, row: LinkRow) => (await toRecords(db, [row]))[0]!;

/**
 * Links of boards to company space admins (spec §2.3 /admin/manage-board-csa-link, admin only) and to company
 * space viewers (/admin/manage-board-csv-link, admin or company space admin). A link gives its user that company
 * space role in the projects of the board in their own company space; so the user must belong to a company space,
 * and a company space admin links only the people of their own space.
 */
export const boardUserLinkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** What a company space admin may see of the viewer links: those of the users of their own space. */
  const scopeOf = (request: FastifyRequest, kind: Kind): SQL => {
    const ofKind = eq(boardUserLinks.kind, kind);
    if (isAdmin(request)) return ofKind;
    return and(ofKind, inArray(boardUserLinks.userId, usersOfSpaceOf(db, request.currentUser!.id)))!;
  };

  /** The link, or 404; 403 wrong_company_space when a company space admin's scope does not reach it. */
  async function reachableLink(request: FastifyRequest, kind: Kind, id: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(boardUserLinks)
      .where(and(eq(boardUserLinks.id, id), eq(boardUserLinks.kind, kind)))
      .limit(1);
    if (!row) throw linkNotFound();
    if (isAdmin(request)) return row;
    const own = await membershipOf(tx, request.currentUser!.id);
    if (!own) throw noOwnSpace();
    const theirs = await membershipOf(tx, row.userId);
    if (theirs?.companySpaceId !== own.companySpaceId) throw otherSpace();
    return row;
  }

  /** The rules of a new link beyond the board and user existing (see KINDS). */
  async function assertMayLink(request: FastifyRequest, tx: Executor, user: { id: string }) {
    const theirs = await membershipOf(tx, user.id);
    if (isAdmin(request)) {
      if (!theirs) {
        throw ApiError.of(409, 'no_company_space', 'This user does not belong to any company space.', [
          'userEmail',
        ]);
      }
      return;
    }
    const own = await membershipOf(tx, request.currentUser!.id);
    if (!own) throw noOwnSpace();
    if (theirs?.companySpaceId !== own.companySpaceId) throw otherSpace();
  }

  app.get(
    '/board-viewer-links/boards',
    {
      config: { access: access.resource(boardViewerLinksResource, 'create') },
      schema: {
        tags,
        summary:
          'The boards to pick from when linking a company space viewer, for admins and company space admins, who cannot read the admin board list (react-admin simple-rest: Range `boards=0-24`, the sorts and filters of the board list)',
        security,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(boardSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<BoardRow>(
        {
          db,
          table: boards,
          columns: boardColumns,
          definition: boardsResource,
        },
        request,
        reply,
      );
      return rows.map(toBoardRecord);
    },
  );

  for (const { kind, definition, entity, who, rule } of KINDS) {
    const path = `/${definition.path}`;

    app.get(
      path,
      {
        config: { access: access.resource(definition, 'list') },
        schema: {
          tags,
          summary: `List board links to ${who} (react-admin simple-rest: Range \`${definition.name}=0-24\`, sort boardName|userEmail, filters boardId, q over board name and email); ${rule}`,
          security,
          querystring: listQuerystring,
          headers: rangeHeaders,
          response: { 200: z.array(boardUserLinkSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const rows = await listRows<LinkRow>(
          { db, table: boardUserLinks, columns, definition, scope: scopeOf(request, kind) },
          request,
          reply,
        );
        return toRecords(db, rows);
      },
    );

    app.get(
      `${path}/:id`,
      {
        config: { access: access.resource(definition, 'show') },
        schema: {
          tags,
          summary: `One board link to a ${who.slice(0, -1)}`,
          security,
          params,
          response: { 200: boardUserLinkSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => toRecord(db, await reachableLink(request, kind, request.params.id)),
    );

    app.post(
      path,
      {
        config: { access: access.resource(definition, 'create') },
        schema: {
          tags,
          summary: `Link a board to a ${who.slice(0, -1)} by email (${rule}). 404 when the board or user does not exist, 409 duplicate when linked already`,
          security,
          body: boardUserLinkInputSchema,
          response: { 201: boardUserLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        try {
          const created = await db.transaction(async (tx) => {
            const board = await findBoard(tx, request.body.boardId);
            if (!board) throw notFound('Board not found.', ['boardId']);
            const user = await findUserByEmail(tx, request.body.userEmail);
            if (!user) throw notFound(MESSAGES.userNotFound, ['userEmail']);
            await assertMayLink(request, tx, user);
            const [row] = await tx
              .insert(boardUserLinks)
              .values({ kind, boardId: board.id, userId: user.id })
              .onConflictDoNothing()
              .returning();
            if (!row) {
              throw ApiError.of(409, 'duplicate', `This board is already linked to this user.`, [
                'boardId',
                'userEmail',
              ]);
            }
            const record = await toRecord(tx, row);
            await audit(tx, request, { action: 'create', entity, entityId: row.id, after: record });
            return record;
          });
          return reply.code(201).send(created);
        } catch (error) {
          // The board or the user was deleted while the link was being made.
          if (isForeignKeyViolation(error))
            throw notFound('Board or user not found.', ['boardId', 'userEmail']);
          throw error;
        }
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: access.resource(definition, 'delete') },
        schema: {
          tags,
          summary: `Remove a board link to a ${who.slice(0, -1)}; answers the removed link`,
          security,
          params,
          response: { 200: boardUserLinkSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const row = await reachableLink(request, kind, request.params.id, tx);
          const record = await toRecord(tx, row);
          await tx.delete(boardUserLinks).where(eq(boardUserLinks.id, row.id));
          await audit(tx, request, { action: 'delete', entity, entityId: row.id, before: record });
          return record;
        }),
    );
  }
};
