import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../http/audit.js';
import type { AuditAction, ResourceDefinition } from '@portal/resources';
import { ApiError } from '../../http/errors.js';
import type { ModuleOptions } from '../../http/module.js';
import { resourceRoutes } from '../../http/resource-routes.js';
import type { Executor } from '../../modules/boards/boards.js';

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
export { bearerSecurity as security } from '../../http/openapi.js';

/**
 * The generic list of something under the board in the path (`boards/{id}/<segment>`), from its definition and the
 * repository a module publishes under that name. The board is checked first, as the hand-written routes beside it
 * do: 400 for a malformed id, 404 for an unknown board (the scoped list would otherwise answer an empty page).
 */
export async function boardScopedList(
  app: FastifyInstance,
  options: ModuleOptions,
  definition: ResourceDefinition,
  repository: keyof FastifyInstance & string,
) {
  const segment = definition.path.split('/').at(-1)!;
  await app.register(async (list) => {
    list.addHook('preHandler', async (request) => {
      const id = boardParams.shape.id.safeParse((request.params as { id?: unknown }).id);
      if (!id.success) throw ApiError.of(400, 'invalid_request', id.error.issues[0]!.message, ['params.id']);
      await app.boardContent.requireBoard(options.db, id.data);
    });
    await list.register(resourceRoutes(definition, repository, { actions: ['list'] }), {
      ...options,
      prefix: `/${segment}`,
    });
  });
}
