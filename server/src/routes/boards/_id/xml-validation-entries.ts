import { z } from 'zod';
import {
  boardsResource,
  xmlValidationEntryListInputSchema,
  xmlValidationEntrySchema,
} from '@portal/resources';
import { dipTags as tags, toXmlEntry } from '../../../modules/dip/records.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { boardParams, security } from '../../../modules/boards/route-schemas.js';
import { errorResponses } from '../../../crud/openapi.js';

/**
 * The XML validation entries a secure board's uploaded configurations are checked against; admins only.
 * Not generated: the entries are saved as one whole list, not row by row.
 */
const xmlValidationEntryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { requireBoard, setXmlEntries } = app.boardContent;
  const { xmlEntryRows } = app.dip;
  app.get(
    '/xml-validation-entries',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's XML validation entries in their order",
        security,
        params: boardParams,
        response: { 200: z.array(xmlValidationEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return (await xmlEntryRows(db, board.id)).map(toXmlEntry);
    },
  );

  app.put(
    '/xml-validation-entries',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Replace the XML validation entries (in order). filename: the XPath selects names of files that must be uploaded encrypted (name + .asc); metadata: the XPath must select exactly one node, whose text is stored under the metadata key (an existing one); match: the expression must be true (or select exactly one node). XPath 1.0, checked to compile; optional error message shown when the check fails. 400 with each issue at body.entries.N.field',
        security,
        params: boardParams,
        body: xmlValidationEntryListInputSchema,
        response: { 200: z.array(xmlValidationEntrySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setXmlEntries(request, request.params.id, request.body.entries),
  );
};

export default xmlValidationEntryRoutes;
