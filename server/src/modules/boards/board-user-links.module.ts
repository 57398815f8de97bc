import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_MESSAGES,
  MESSAGES,
  boardCsaLinksResource,
  boardViewerLinksResource,
  hasAnyRouteRole,
  type BoardUserLink,
} from '@portal/resources';
import { boards, companySpaceMembers, users } from '../../db/schema.js';
import { boardUserLinks } from '../../db/schema-boards.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import { findUserByEmail, membershipOf } from '../platform/company-space-records.js';
import { findBoard, type Executor } from './boards.js';

type LinkRow = typeof boardUserLinks.$inferSelect;
type Kind = LinkRow['kind'];
type Reader = Pick<Executor, 'select'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Board links to company space admins (spec §2.3 manage-board-csa-link). */
    boardCsaLinks: Repository<LinkRow, BoardUserLink>;
    /** Board links to company space viewers (spec §2.3 manage-board-csv-link). */
    boardViewerLinks: Repository<LinkRow, BoardUserLink>;
  }
}

const isAdmin = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);
const noOwnSpace = () =>
  ApiError.of(403, 'no_company_space', 'You do not belong to any company space.', ['company-space']);
const otherSpace = () =>
  ApiError.of(403, 'wrong_company_space', ERROR_MESSAGES.wrong_company_space, ['userEmail']);

/** The users of a company space admin's own space, as a subquery. */
const usersOfSpaceOf = (db: Reader, userId: string) =>
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

async function toRecords(db: Reader, rows: LinkRow[]): Promise<BoardUserLink[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .where(inArray(boards.id, [...new Set(rows.map((row) => row.boardId))]));
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  return rows.map((row) => ({
    id: row.id,
    boardId: row.boardId,
    boardName: names.find((board) => board.id === row.boardId)!.name,
    userEmail: emails.find((user) => user.id === row.userId)!.email,
  }));
}

/** A company space admin reaches the links of the users of their own space only (403 otherwise). */
async function assertSameSpace(tx: Reader, request: FastifyRequest, userId: string): Promise<void> {
  const own = await membershipOf(tx as Executor, request.currentUser!.id);
  if (!own) throw noOwnSpace();
  const theirs = await membershipOf(tx as Executor, userId);
  if (theirs?.companySpaceId !== own.companySpaceId) throw otherSpace();
}

/**
 * A new link names an existing board and portal user who belongs to a company space; a company space admin links
 * only the people of their own space.
 */
async function linkValues(tx: Executor, request: FastifyRequest, kind: Kind, input: unknown) {
  const body = input as { boardId: string; userEmail: string };
  const board = await findBoard(tx, body.boardId);
  if (!board) throw notFound('Board not found.', ['boardId']);
  const user = await findUserByEmail(tx, body.userEmail);
  if (!user) throw notFound(MESSAGES.userNotFound, ['userEmail']);
  if (!isAdmin(request)) await assertSameSpace(tx, request, user.id);
  else if (!(await membershipOf(tx, user.id))) {
    throw ApiError.of(409, 'no_company_space', 'This user does not belong to any company space.', [
      'userEmail',
    ]);
  }
  return { kind, boardId: board.id, userId: user.id };
}

function linkRepository(
  kind: Kind,
  definition: typeof boardCsaLinksResource | typeof boardViewerLinksResource,
) {
  return defineRepository<typeof boardUserLinks, BoardUserLink>(definition, boardUserLinks, {
    columns: {
      id: boardUserLinks.id,
      boardId: boardUserLinks.boardId,
      boardName: sql`(select ${boards.name} from ${boards} where ${boards.id} = ${boardUserLinks.boardId})`,
      userEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${boardUserLinks.userId})`,
    },
    toRecords,
    scope: () => eq(boardUserLinks.kind, kind),
    listScope: (request, db): SQL | undefined =>
      isAdmin(request)
        ? undefined
        : inArray(boardUserLinks.userId, usersOfSpaceOf(db, request.currentUser!.id)),
    reach: async (request, row, tx) => {
      if (!isAdmin(request)) await assertSameSpace(tx, request, row.userId);
    },
    insertValues: (input, { tx, request }) => linkValues(tx as Executor, request, kind, input),
    writeError: (error) => {
      if (isUniqueViolation(error)) {
        return ApiError.of(409, 'duplicate', 'This board is already linked to this user.', [
          'boardId',
          'userEmail',
        ]);
      }
      // The board or the user was deleted while the link was being made.
      if (isForeignKeyViolation(error)) return notFound('Board or user not found.', ['boardId', 'userEmail']);
      return undefined;
    },
  });
}

export const boardCsaLinksRepository = linkRepository('csa', boardCsaLinksResource);
export const boardViewerLinksRepository = linkRepository('viewer', boardViewerLinksResource);

/** Both kinds in one module: they share the table and differ by `kind`, scope and who may link. */
export default repositoryModule('boardCsaLinks', (_options, app) => {
  app.decorate('boardViewerLinks', boardViewerLinksRepository);
  return boardCsaLinksRepository;
});
