import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RELEASE_FLAG_READ_ONLY_MESSAGE,
  boardCreateSchema,
  boardRecordSchema,
  boardUpdateSchema,
  boardsResource,
  sourceProvidesReleaseFlag,
  type BoardUpdate,
} from '@portal/resources';
import type { ModuleOptions } from '../../http/module.js';
import { boards } from '../../db/schema.js';
import { projects } from '../../db/schema-projects.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { ApiError } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { access } from '../../auth/access.js';
import { errorResponses } from '../schemas.js';
import { boardParams, rangeHeaders, security, tags } from './records.js';
import {
  boardColumns,
  bulletsToText,
  lockBoard,
  requireBoard,
  toBoardRecord,
  type BoardRow,
} from '../../modules/boards/boards.js';

/** Boards created in the portal name it as their source; imported ones name their data source (BSG). */
const PORTAL_SOURCE = 'portal';

const nameTaken = () => ApiError.of(409, 'duplicate', 'A board with this name already exists.', ['name']);
const hasProjects = (total: number) =>
  ApiError.of(
    409,
    'conflict',
    total === 1
      ? 'This board has a registered project and cannot be deleted.'
      : `This board has ${total} registered projects and cannot be deleted.`,
    ['board'],
  );

/** The columns a create or update body sets; fields it leaves out are not touched. */
function boardValues(body: BoardUpdate): Partial<typeof boards.$inferInsert> {
  const values: Partial<typeof boards.$inferInsert> = {};
  const { features, benefits, ...scalars } = body;
  for (const [key, value] of Object.entries(scalars)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (features !== undefined) values.features = bulletsToText(features);
  if (benefits !== undefined) values.benefits = bulletsToText(benefits);
  return values;
}

const withUniqueName = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
};

/**
 * Boards for admins (spec product §2.3, §3, §4): CRUD with every field, and under each board its serial numbers,
 * documents, links, partners, getting-started items, support link, restrictions and permissions. Also the
 * partners and documents resources and the board links to company space admins and viewers.
 */
const boardRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '',
    {
      config: { access: access.resource(boardsResource, 'list') },
      schema: {
        tags,
        summary:
          'List boards (react-admin simple-rest dialect: Range header or range/sort/filter parameters; filters name, productType, secure, releasedForRegistration, q)',
        security,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(boardRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<BoardRow>(
        { db, table: boards, columns: boardColumns, definition: boardsResource },
        request,
        reply,
      );
      return rows.map(toBoardRecord);
    },
  );

  app.get(
    '/:id',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: 'One board with every field the board form edits',
        security,
        params: boardParams,
        response: { 200: boardRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toBoardRecord(await requireBoard(db, request.params.id)),
  );

  app.post(
    '',
    {
      config: { access: access.resource(boardsResource, 'create') },
      schema: {
        tags,
        summary:
          'Create a board; only name is required (letters, digits, - and _; unique, 409 duplicate). Flags default to serial number required, not released, unrestricted, not secure, shown in registration, product type chip; source is "portal"',
        security,
        body: boardCreateSchema,
        response: { 201: boardRecordSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await withUniqueName(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(boards)
            .values({ ...boardValues(request.body), name: request.body.name, source: PORTAL_SOURCE })
            .returning();
          const record = toBoardRecord(row!);
          await audit(tx, request, { action: 'create', entity: 'board', entityId: row!.id, after: record });
          return record;
        }),
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/:id',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Update a board; fields left out keep their value, read-only ones (id, source, dates) are ignored. On a board whose source provides the release flag (BSG), changing releasedForRegistration is refused with 409 conflict',
        security,
        params: boardParams,
        body: boardUpdateSchema,
        response: { 200: boardRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      withUniqueName(() =>
        db.transaction(async (tx) => {
          const current = await lockBoard(tx, request.params.id);
          const { releasedForRegistration } = request.body;
          if (
            releasedForRegistration !== undefined &&
            releasedForRegistration !== current.releasedForRegistration &&
            sourceProvidesReleaseFlag(current.source)
          ) {
            throw ApiError.of(409, 'conflict', RELEASE_FLAG_READ_ONLY_MESSAGE, ['releasedForRegistration']);
          }
          const [row] = await tx
            .update(boards)
            .set({ ...boardValues(request.body), updatedAt: new Date() })
            .where(eq(boards.id, current.id))
            .returning();
          const before = toBoardRecord(current);
          const after = toBoardRecord(row!);
          await audit(tx, request, { action: 'update', entity: 'board', entityId: row!.id, before, after });
          return after;
        }),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { access: access.resource(boardsResource, 'delete') },
      schema: {
        tags,
        summary:
          'Delete a board with everything under it (serial numbers, links, assignments, restrictions, permissions); refused with 409 conflict while projects are registered to it',
        security,
        params: boardParams,
        response: { 200: boardRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const current = await lockBoard(tx, request.params.id);
          const [registered] = await tx
            .select({ total: count() })
            .from(projects)
            .where(eq(projects.boardId, current.id));
          if (registered!.total > 0) throw hasProjects(registered!.total);
          await tx.delete(boards).where(eq(boards.id, current.id));
          const record = toBoardRecord(current);
          await audit(tx, request, {
            action: 'delete',
            entity: 'board',
            entityId: current.id,
            before: record,
          });
          return record;
        });
      } catch (error) {
        // A project registered between the check and the delete: the foreign key keeps the board.
        if (isForeignKeyViolation(error)) throw hasProjects(1);
        throw error;
      }
    },
  );
};

export default boardRoutes;
