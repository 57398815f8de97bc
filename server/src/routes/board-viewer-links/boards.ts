import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardSchema, boardViewerLinksResource, boardsResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * `GET /board-viewer-links/boards`: the admin board list (its repository's rows, sorts, filters and records) as the
 * board picker of company space admins, who cannot read the admin board list; checked as linking a viewer.
 */
const viewerLinkBoards: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  await app.register(
    resourceRoutes(boardsResource, 'boards', {
      actions: ['list'],
      access: { list: access.resource(boardViewerLinksResource, 'create') },
      tags: ['board links'],
      // The picker answers a board's summary, never its keys or texts.
      listRecord: boardSchema,
      summaries: {
        list: 'The boards to pick from when linking a company space viewer, for admins and company space admins, who cannot read the admin board list (react-admin simple-rest: Range `boards=0-24`, the sorts and filters of the board list)',
      },
    }),
    { db },
  );
};

export default viewerLinkBoards;
