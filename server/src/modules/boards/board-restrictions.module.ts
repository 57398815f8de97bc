import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { boardRestrictionsResource, restrictionEmailSchema, type BoardRestriction } from '@portal/resources';
import { boardRestrictions } from '../../db/schema-boards.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Executor, type Repository } from '../../crud/repository.js';

type RestrictionRow = typeof boardRestrictions.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** The restriction list of the board in the path (spec §2.3 restrictions, §4). */
    boardRestrictions: Repository<RestrictionRow, BoardRestriction>;
  }
}

export const toRestriction = (row: RestrictionRow): BoardRestriction => ({
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

const lowerEmail = sql`lower(${boardRestrictions.email})`;
const sameEmailAs = (email: string) => eq(lowerEmail, email.trim().toLowerCase());
const ofBoard = (boardId: string) => eq(boardRestrictions.boardId, boardId);

const duplicate = (message: string) => ApiError.of(409, 'duplicate', message, ['email']);

/** Adds an email to a (locked) board's list: 409 duplicate when it is listed already, ignoring case. */
export async function addRestriction(
  tx: Executor,
  boardId: string,
  input: string,
): Promise<BoardRestriction> {
  const email = input.trim();
  const listed = await tx
    .select({ email: boardRestrictions.email })
    .from(boardRestrictions)
    .where(and(ofBoard(boardId), sameEmailAs(email)));
  const check = restrictionEmailSchema(listed.map((row) => row.email)).safeParse(email);
  if (!check.success) throw duplicate(check.error.issues[0]!.message);
  const [row] = await tx.insert(boardRestrictions).values({ boardId, email }).returning();
  return toRestriction(row!);
}

/** Removes an email (any case) from a board's list; 404 when it is not on it. */
export async function removeRestriction(
  tx: Executor,
  boardId: string,
  email: string,
): Promise<BoardRestriction> {
  const [row] = await tx
    .delete(boardRestrictions)
    .where(and(ofBoard(boardId), sameEmailAs(email)))
    .returning();
  if (!row) throw boardRestrictionsRepository.notFound!();
  return toRestriction(row);
}

export const boardRestrictionsRepository = defineRepository<typeof boardRestrictions, BoardRestriction>(
  boardRestrictionsResource,
  boardRestrictions,
  {
    key: boardRestrictions.email,
    // Sorted and searched ignoring case, as the list is kept.
    columns: { id: boardRestrictions.email, email: lowerEmail, createdAt: boardRestrictions.createdAt },
    entity: 'board',
    scope: (request: FastifyRequest) => ofBoard((request.params as { id: string }).id),
    toRecords: async (_db, rows) => rows.map(toRestriction),
    notFound: () => notFound('This email address is not on the list.', ['email']),
  },
);

export default repositoryModule('boardRestrictions', () => boardRestrictionsRepository);
