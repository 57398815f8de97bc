import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectBoardSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/**
 * `GET projects/{id}/board` (spec product §2.2, the tabs of `/my/projects/{uid}`): the board's own routes are for
 * admins, so a project's people read their board through the project, under its view rule (404 unknown, 403 no
 * role in it, the second-factor rule for secure projects).
 */
const projectBoardViewRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { projects } = app;

  app.get(
    '/board',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The project’s board as its people see it: board fields, documents (exclusive ones included; primaryDocument), getting-started items, partners, related links in order, support link, secure configuration (secure boards) and tools (not those the catalogue removed)',
        security,
        params: projectParams,
        response: { 200: projectBoardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await projects.reach(db, await projects.caller(request), request.params.id, 'view');
      return projects.boardView(db, found.board);
    },
  );
};

export default projectBoardViewRoutes;
