import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../http/audit.js';
import type { Executor } from '../../modules/boards/boards.js';

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
