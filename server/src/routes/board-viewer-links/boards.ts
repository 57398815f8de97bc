import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardSchema, boardViewerLinksResource, boardsResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../http/module.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import type { BoardRow } from '../../modules/boards/boards.js';
import { errorResponses } from '../schemas.js';
import { rangeHeaders, bearerSecurity as security } from '../../http/openapi.js';

const tags = ['board links'];

/** `GET /board-viewer-links/boards`: the board picker of company space admins, who cannot read the admin board list. */
const viewerLinkBoards: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  // The admin board list's repository: the same rows, sorts, filters and records.
  const { boards } = app;
  app.get(
    '/boards',
    {
      config: { access: access.resource(boardViewerLinksResource, 'create') },
      schema: {
        tags,
        summary:
          'The boards to pick from when linking a company space viewer, for admins and company space admins, who cannot read the admin board list (react-admin simple-rest: Range `boards=0-24`, the sorts and filters of the board list)',
        security,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(boardSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<BoardRow>(
        { db, table: boards.table, columns: boards.columns, definition: boardsResource },
        request,
        reply,
      );
      return boards.toRecords(db, rows);
    },
  );
};

export default viewerLinkBoards;
