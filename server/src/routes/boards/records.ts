import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../http/audit.js';
import { ApiError } from '../../http/errors.js';
import { requireBoard, type Executor } from '../../modules/boards/boards.js';

/** The audit record of a change to something under a board: entity `board`, the board's id, what changed. */
export const auditBoard = (
  tx: Executor,
  request: Pick<FastifyRequest, 'currentUser'>,
  boardId: string,
  action: string,
  change: { before?: unknown; after?: unknown },
) => audit(tx, request, { action, entity: 'board', entityId: boardId, ...change });

/** Path parameters of everything under a board. */
export const boardParams = z.object({ id: z.uuid() });

export const tags = ['boards'];
export const security = [{ bearer: [] }];
export const rangeHeaders = z.object({ range: z.string().max(100).optional() }).passthrough();

/**
 * The board in the path first, for every route of the plugin: 400 for a malformed id, 404 for an unknown board, as
 * the hand-written routes answer; a generic list (scoped by the board) would otherwise answer an empty page.
 */
export function knownBoardOnly(app: FastifyInstance, db: Executor) {
  app.addHook('preHandler', async (request) => {
    const id = boardParams.shape.id.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) throw ApiError.of(400, 'invalid_request', id.error.issues[0]!.message, ['params.id']);
    await requireBoard(db, id.data);
  });
}
