import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardsResource, partnerAssignmentSchema, partnerSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { isForeignKeyViolation } from '../../../transport/database-errors.js';
import { ApiError, notFound } from '../../../transport/errors.js';
import { errorResponses } from '../../../crud/openapi.js';
import { auditBoard, boardParams, security, tags } from '../../../modules/boards/route-schemas.js';

const partnerParams = z.object({ id: z.uuid(), partnerId: z.uuid() });

const partnerNotFound = () => notFound('Partner not found.', ['partnerId']);

/**
 * Partners a board shows (spec product §2.3 partners/edit): assign and unassign existing partners.
 * Not generated: assigning links a partner to the board (`board_partners`); it creates or deletes no partner.
 */
const boardPartnerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const {
    assignPartner,
    boardPartnerRecords,
    findPartner,
    lockBoard,
    partnerRecord,
    requireBoard,
    unassignPartner,
  } = app.boardContent;
  app.get(
    '/partners',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: 'The partners the board shows, by name, each with its assigned count',
        security,
        params: boardParams,
        response: { 200: z.array(partnerSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return boardPartnerRecords(db, board.id);
    },
  );

  app.post(
    '/partners',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Assign a partner to the board (409 duplicate when it is assigned already). Answers the partner with its new assigned count',
        security,
        params: boardParams,
        body: partnerAssignmentSchema,
        response: { 201: partnerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      try {
        const assigned = await db.transaction(async (tx) => {
          const board = await lockBoard(tx, request.params.id);
          const partner = await findPartner(tx, request.body.partnerId);
          if (!partner) throw partnerNotFound();
          if (!(await assignPartner(tx, board.id, partner.id))) {
            throw ApiError.of(409, 'duplicate', 'This partner is already assigned to this board.', [
              'partnerId',
            ]);
          }
          const record = await partnerRecord(tx, partner);
          await auditBoard(tx, request, board.id, 'assign_partner', {
            after: { partnerId: partner.id, name: partner.name },
          });
          return record;
        });
        return reply.code(201).send(assigned);
      } catch (error) {
        // The partner was deleted while it was being assigned.
        if (isForeignKeyViolation(error)) throw partnerNotFound();
        throw error;
      }
    },
  );

  app.delete(
    '/partners/:partnerId',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Unassign a partner from the board; the partner stays. Answers the partner with its new assigned count',
        security,
        params: partnerParams,
        response: { 200: partnerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { partnerId } = request.params;
        if (!(await unassignPartner(tx, board.id, partnerId))) {
          throw notFound('This partner is not assigned to this board.', ['partnerId']);
        }
        const partner = await findPartner(tx, partnerId);
        await auditBoard(tx, request, board.id, 'unassign_partner', {
          before: { partnerId, name: partner!.name },
        });
        return partnerRecord(tx, partner!);
      }),
  );
};

export default boardPartnerRoutes;
