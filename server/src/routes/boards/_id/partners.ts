import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardsResource, partnerAssignmentSchema, partnerSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security, tags } from '../../../modules/boards/route-schemas.js';

const partnerParams = z.object({ id: z.uuid(), partnerId: z.uuid() });

/**
 * Partners a board shows (spec product §2.3 partners/edit): assign and unassign existing partners.
 * Not generated: assigning links a partner to the board (`board_partners`); it creates or deletes no partner.
 */
const boardPartnerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { assignPartnerTo, boardPartnerRecords, requireBoard, unassignPartnerFrom } = app.boardContent;
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
    async (request, reply) =>
      reply.code(201).send(await assignPartnerTo(request, request.params.id, request.body.partnerId)),
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
    async (request) => unassignPartnerFrom(request, request.params.id, request.params.partnerId),
  );
};

export default boardPartnerRoutes;
