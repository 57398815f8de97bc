import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../crud/audit.js';
import type { AuditAction } from '@portal/resources';
import type { Database } from '../../db/client.js';
import type { ParentScope } from '../../crud/resource-routes.js';
import type { Executor } from './boards.js';

/** The audit record of a change to something under a board: entity `board`, the board's id, what changed. */
export const auditBoard = (
  tx: Executor,
  request: Pick<FastifyRequest, 'currentUser'>,
  boardId: string,
  action: AuditAction,
  change: { before?: unknown; after?: unknown },
) => audit(tx, request, { action, entity: 'board', entityId: boardId, ...change });

/** Path parameters of everything under a board. */
export const boardParams = z.object({ id: z.uuid() });

export const tags = ['boards'];
export { bearerSecurity as security } from '../../crud/openapi.js';

/** The board in the path of everything under it, as the generated routes check it (400 malformed, 404 unknown). */
export const boardParent = (app: FastifyInstance, db: Database): ParentScope => ({
  param: 'id',
  key: boardParams.shape.id,
  require: (id) => app.boardContent.requireBoard(db, id),
});

/** What the generated summaries of a kind's routes add: the list's sorts and filters, the create rules, who may. */
export const linkNotes = (rule: string) => ({
  list: `Sort boardName|userEmail, filters boardId, q over board name and email. ${rule}`,
  show: rule,
  create: `By board id and user email: 404 when the board or user does not exist, 409 duplicate when linked already. ${rule}`,
  delete: rule,
});
