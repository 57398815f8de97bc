import { z } from 'zod';
import {
  boardsResource,
  xmlValidationEntryListInputSchema,
  xmlValidationEntrySchema,
  type ErrorItem,
} from '@portal/resources';
import { ApiError } from '../../../transport/errors.js';
import { checkXPath, XPathError } from '../../../uploads/xml.js';
import { dipTags as tags, toXmlEntry } from '../../../modules/dip/records.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { auditBoard, boardParams, security } from '../../../modules/boards/route-schemas.js';
import { errorResponses } from '../../../crud/openapi.js';

/**
 * The XML validation entries a secure board's uploaded configurations are checked against; admins only.
 * Not generated: the entries are saved as one whole list, not row by row.
 */
const xmlValidationEntryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { existingMetadataKeys, lockBoard, replaceXmlEntries, requireBoard } = app.boardContent;
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
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const entries = request.body.entries.map((entry) => ({
          type: entry.type,
          xpath: entry.xpath.trim(),
          metadataKey: entry.type === 'metadata' ? (entry.metadataKey?.trim() ?? null) : null,
          errorMessage: entry.errorMessage?.trim() || null,
        }));
        const problems: ErrorItem[] = [];
        const problem = (index: number, field: string, message: string) =>
          problems.push({
            errorCode: 'invalid_request',
            resources: [`body.entries.${index}.${field}`],
            messages: [message],
          });
        const keys = [...new Set(entries.flatMap((entry) => entry.metadataKey ?? []))];
        const known = await existingMetadataKeys(tx, keys);
        entries.forEach((entry, index) => {
          try {
            checkXPath(entry.xpath);
          } catch (error) {
            if (!(error instanceof XPathError)) throw error;
            problem(index, 'xpath', 'This XPath expression is not valid.');
          }
          if (entry.metadataKey && !known.has(entry.metadataKey)) {
            problem(index, 'metadataKey', 'This metadata key does not exist.');
          }
        });
        if (problems.length) throw new ApiError(400, problems);

        const before = (await xmlEntryRows(tx, board.id)).map(toXmlEntry);
        await replaceXmlEntries(tx, board.id, entries);
        const after = (await xmlEntryRows(tx, board.id)).map(toXmlEntry);
        await auditBoard(tx, request, board.id, 'save_xml_validation_entries', { before, after });
        return after;
      }),
  );
};

export default xmlValidationEntryRoutes;
