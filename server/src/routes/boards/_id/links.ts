import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardRelatedLinksResource, linkInputSchema, linkOrderSchema, linkSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { resourceRoutes } from '../../../crud/resource-routes.js';
import { errorResponses } from '../../../crud/openapi.js';
import { boardParams, boardParent, security, tags } from '../../../modules/boards/route-schemas.js';

const linkParams = z.object({ id: z.uuid(), linkId: z.uuid() });

/**
 * Related links of a board (spec product §2.3 links, links/add, links/edit/{linkId}): add, edit, delete, and
 * "save order" after dragging. Orders are 0, 1, 2, … in the order the board shows them. The list from the
 * definition; the changes (audited on the board, the order kept gapless) beside it.
 */
const boardLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { addLink, deleteLink, editLink, orderLinks } = app.boardContent;
  const { db } = options;
  await app.register(
    resourceRoutes(boardRelatedLinksResource, 'boardLinks', {
      actions: ['list'],
      parent: boardParent(app, db),
    }),
    { db },
  );

  app.post(
    '/links',
    {
      config: { access: access.resource(boardRelatedLinksResource, 'edit') },
      schema: {
        tags,
        summary: 'Add a link (title required, url a web address) at the end of the list',
        security,
        params: boardParams,
        body: linkInputSchema,
        response: { 201: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await addLink(request, request.params.id, request.body)),
  );

  app.put(
    '/links/order',
    {
      config: { access: access.resource(boardRelatedLinksResource, 'edit') },
      schema: {
        tags,
        summary:
          'Save the order of the links: every link id of the board, each once, in the new order. 409 conflict when the ids are not exactly the board’s links (someone added or deleted one meanwhile). Answers the links in their new order',
        security,
        params: boardParams,
        body: linkOrderSchema,
        response: { 200: z.array(linkSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orderLinks(request, request.params.id, request.body.ids),
  );

  app.put(
    '/links/:linkId',
    {
      config: { access: access.resource(boardRelatedLinksResource, 'edit') },
      schema: {
        tags,
        summary: 'Edit a link’s title and url; its place in the order stays',
        security,
        params: linkParams,
        body: linkInputSchema,
        response: { 200: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => editLink(request, request.params.id, request.params.linkId, request.body),
  );

  app.delete(
    '/links/:linkId',
    {
      config: { access: access.resource(boardRelatedLinksResource, 'edit') },
      schema: {
        tags,
        summary: 'Delete a link; the links after it move up. Answers the deleted link',
        security,
        params: linkParams,
        response: { 200: linkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteLink(request, request.params.id, request.params.linkId),
  );
};

export default boardLinkRoutes;
