import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardSupportLinkAnswerSchema, boardSupportLinkInputSchema, boardsResource } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, security, tags } from '../../../modules/boards/route-schemas.js';

/** A board's support link (spec product §2.3 edit-support). */
const supportLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { requireBoard, setSupportLink } = app.boardContent;
  app.get(
    '/support-link',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's support link, or null",
        security,
        params: boardParams,
        response: { 200: boardSupportLinkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ supportLink: (await requireBoard(db, request.params.id)).supportLink }),
  );

  app.put(
    '/support-link',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Set the support link: a web address (http or https), or mailto: followed by an email address; null or empty removes it',
        security,
        params: boardParams,
        body: boardSupportLinkInputSchema,
        response: { 200: boardSupportLinkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setSupportLink(request, request.params.id, request.body.supportLink),
  );
};

export default supportLinkRoutes;
