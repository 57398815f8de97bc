import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, boardPermissionsResource, type RestrictionEntry } from '@portal/resources';
import { users } from '../../db/schema.js';
import { boardPermissions } from '../../db/schema-boards.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Executor, type Repository } from '../../crud/repository.js';
import { findUserByEmail } from '../platform/company-space-records.js';

type PermissionRow = typeof boardPermissions.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** The permissions of the board in the path (calls §7.2): user id and email. */
    boardPermissions: Repository<PermissionRow, RestrictionEntry>;
  }
}

const ofBoard = (boardId: string) => eq(boardPermissions.boardId, boardId);

/** The user's email, sorted and searched ignoring case. */
const userEmail = sql`(select lower(${users.email}) from ${users} where ${users.id} = ${boardPermissions.userId})`;

async function toEntries(db: Executor, rows: PermissionRow[]): Promise<RestrictionEntry[]> {
  if (!rows.length) return [];
  const found = await db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((row) => row.userId),
      ),
    );
  const byId = new Map(found.map((entry) => [entry.userId, entry]));
  return rows.map((row) => byId.get(row.userId)!);
}

/** The definition's uniqueness rule, answered where the insert skips the conflicting row. */
function alreadyGranted() {
  const [rule] = boardPermissionsResource.unique;
  return ApiError.of(409, 'duplicate', rule.message, [...rule.fields]);
}

/** Grants the portal user with this email (any case) a permission for a (locked) board. */
export async function grantPermission(
  tx: Executor,
  boardId: string,
  email: string,
): Promise<RestrictionEntry> {
  const user = await findUserByEmail(tx, email);
  if (!user) throw notFound(MESSAGES.userNotFound, ['userEmail']);
  const [added] = await tx
    .insert(boardPermissions)
    .values({ boardId, userId: user.id })
    .onConflictDoNothing()
    .returning();
  if (!added) throw alreadyGranted();
  return { userId: user.id, email: user.email };
}

/** Revokes a user's permission for a board; 404 when the user has none. */
export async function revokePermission(
  tx: Executor,
  boardId: string,
  userId: string,
): Promise<RestrictionEntry> {
  const [removed] = await tx
    .delete(boardPermissions)
    .where(and(ofBoard(boardId), eq(boardPermissions.userId, userId)))
    .returning();
  if (!removed) throw boardPermissionsRepository.notFound!();
  const [entry] = await toEntries(tx, [removed]);
  return entry!;
}

export const boardPermissionsRepository = defineRepository<typeof boardPermissions, RestrictionEntry>(
  boardPermissionsResource,
  boardPermissions,
  {
    key: boardPermissions.userId,
    columns: { id: boardPermissions.userId, email: userEmail },
    entity: 'board',
    scope: (request: FastifyRequest) => ofBoard((request.params as { id: string }).id),
    toRecords: toEntries,
    notFound: () => notFound('This user has no permission for this board.', ['userId']),
  },
);

export default repositoryModule('boardPermissions', () => boardPermissionsRepository);
