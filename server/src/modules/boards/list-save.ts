import type { AuditAction } from '@portal/resources';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { audit } from '../../crud/audit.js';
import { ApiError } from '../../transport/errors.js';
import { lockBoard, type BoardRow, type Executor } from './boards.js';

/** How one list under a board is saved as a whole (getting-started items, links' order, tools, DIP steps, …). */
export interface BoardListSave<T> {
  /** The list as the API answers it, read inside the save's transaction. */
  read: (tx: Executor, board: BoardRow) => Promise<T>;
  /** Checks the request against the list before the save and writes it. */
  write: (tx: Executor, board: BoardRow, before: NoInfer<T>) => Promise<void>;
  /** What the audit record keeps of the list (by default all of it). */
  audited?: (list: NoInfer<T>) => unknown;
}

/**
 * Saves a list under a board in one transaction with the board locked, so two admins' saves run one after the other:
 * the list before, the change, the list after, one audit record `action` on the board. Answers the list after.
 */
export function saveBoardList<T>(
  db: Database,
  request: Pick<FastifyRequest, 'currentUser'>,
  boardId: string,
  action: AuditAction,
  { read, write, audited = (list: T) => list }: BoardListSave<T>,
): Promise<NoInfer<T>> {
  return db.transaction(async (tx) => {
    const board = await lockBoard(tx, boardId);
    const before = await read(tx, board);
    await write(tx, board, before);
    const after = await read(tx, board);
    await audit(tx, request, {
      action,
      entity: 'board',
      entityId: board.id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/**
 * A whole-list save names every current item by id, each once (new items have none); a list that does not was
 * loaded before someone else changed it, and saving it would silently undo their change: 409 conflict.
 */
export function assertNamesCurrent(
  current: readonly { id: string }[],
  named: readonly (string | undefined)[],
  changed: string,
  resource: string,
): void {
  const ids = new Set(named.filter((id): id is string => !!id));
  if (ids.size !== current.length || !current.every((item) => ids.has(item.id)))
    throw ApiError.of(409, 'conflict', changed, [resource]);
}
