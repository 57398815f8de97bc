import { boardsResource, secureConfigInputSchema, secureConfigSchema } from '@portal/resources';
import { dipTags as tags } from '../../../modules/dip/records.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { boardParams, security } from '../../../modules/boards/route-schemas.js';
import { errorResponses } from '../../../crud/openapi.js';

/**
 * A board's secure workflow configuration: accepted file types and delete policy (the validators are its XML
 * validation entries, edited at …/xml-validation-entries); admins only.
 */
const secureWorkflowRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { requireBoard, setSecureWorkflow } = app.boardContent;
  const { secureConfigOf } = app.dip;
  app.get(
    '/secure-workflow',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary:
          "The board's secure workflow configuration: accepted file types, DIP asset validators (its XML validation entries) and delete policy (dipAsset.delete, one entry); defaults .xml and .asc, before_resolve",
        security,
        params: boardParams,
        response: { 200: secureConfigSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return secureConfigOf(db, board.id);
    },
  );

  app.put(
    '/secure-workflow',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Set the accepted file types (a dot and letters or digits; on a secure board every design-in upload needs one) and the delete policy: before_resolve (files may be deleted until their step is submitted) or always. The validators are edited at …/xml-validation-entries',
        security,
        params: boardParams,
        body: secureConfigInputSchema,
        response: { 200: secureConfigSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setSecureWorkflow(request, request.params.id, request.body),
  );
};

export default secureWorkflowRoutes;
