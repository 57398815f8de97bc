import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  boardsResource,
  followUpInputSchema,
  secureConfigInputSchema,
  secureConfigSchema,
  xmlValidationEntryListInputSchema,
  xmlValidationEntrySchema,
  type ErrorItem,
  type SecureConfig,
  followUpAnswerSchema,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import {
  boards,
  dipFollowUps,
  metadataKeys,
  secureWorkflowConfigs,
  xmlValidationEntries,
} from '../../db/tables.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { checkXPath, XPathError } from '../../uploads/xml.js';
import { auditBoard, boardParams, security } from './records.js';
import { lockBoard, requireBoard } from '../../modules/boards/boards.js';
import type { Executor } from '../../modules/projects/executor.js';
import { userByEmail } from '../../modules/projects/users.js';
import { errorResponses } from '../schemas.js';
import {
  dipTags as tags,
  followUpOf,
  secureSettings,
  toXmlEntry,
  xmlEntryRows,
} from '../../modules/dip/records.js';

/** The secure workflow configuration of spec §3; its DIP asset validators are the board's XML validation entries. */
async function secureConfigOf(db: Executor, boardId: string): Promise<SecureConfig> {
  const [settings, entries] = await Promise.all([secureSettings(db, boardId), xmlEntryRows(db, boardId)]);
  return {
    acceptedFileTypes: settings.acceptedFileTypes,
    dipAsset: { validators: entries.map(toXmlEntry), delete: [settings.deletePolicy] },
  };
}

/**
 * What follows a board's design-in process (…/next), its secure workflow configuration (…/secure-workflow) and the
 * XML validation entries uploaded configurations are checked against (…/validation); admins only.
 */
export const dipBoardSettingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/boards/:id/follow-up',
    {
      config: { access: access.resource(boardsResource, 'show') },
      schema: {
        tags,
        summary: "The board's follow-up process (null when none): next board and optional next owner",
        security,
        params: boardParams,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const board = await requireBoard(db, request.params.id);
      return { followUp: await followUpOf(db, board.id) };
    },
  );

  app.put(
    '/boards/:id/follow-up',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Set the follow-up process: when a project completes the last design-in step, the next board is registered for the next owner (empty: the same owner). 404 not_found for an unknown next board or a next owner email no portal user has; 400 when the next board is this board',
        security,
        params: boardParams,
        body: followUpInputSchema,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const { nextBoardId } = request.body;
        const nextOwnerEmail = request.body.nextOwnerEmail?.trim() || null;
        if (nextBoardId === board.id) {
          throw badRequest('The next board must be another board.', ['nextBoardId']);
        }
        const [next] = await tx
          .select({ id: boards.id })
          .from(boards)
          .where(eq(boards.id, nextBoardId))
          .limit(1);
        if (!next) throw notFound('The next board was not found.', ['nextBoardId']);
        if (nextOwnerEmail && !(await userByEmail(tx, nextOwnerEmail))) {
          throw notFound(MESSAGES.followUpUserNotFound, ['nextOwnerEmail']);
        }
        const before = await followUpOf(tx, board.id);
        await tx
          .insert(dipFollowUps)
          .values({ boardId: board.id, nextBoardId, nextOwnerEmail })
          .onConflictDoUpdate({
            target: dipFollowUps.boardId,
            set: { nextBoardId, nextOwnerEmail, updatedAt: new Date() },
          });
        const after = await followUpOf(tx, board.id);
        await auditBoard(tx, request, board.id, 'save_follow_up', { before, after });
        return { followUp: after };
      }),
  );

  app.delete(
    '/boards/:id/follow-up',
    {
      config: { access: access.resource(boardsResource, 'edit') },
      schema: {
        tags,
        summary: 'Remove the follow-up process; answers { followUp: null }',
        security,
        params: boardParams,
        response: { 200: followUpAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = await followUpOf(tx, board.id);
        await tx.delete(dipFollowUps).where(eq(dipFollowUps.boardId, board.id));
        if (before) await auditBoard(tx, request, board.id, 'delete_follow_up', { before });
        return { followUp: null };
      }),
  );

  app.get(
    '/boards/:id/secure-workflow',
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
    '/boards/:id/secure-workflow',
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
    async (request) =>
      db.transaction(async (tx) => {
        const board = await lockBoard(tx, request.params.id);
        const before = await secureConfigOf(tx, board.id);
        const values = {
          acceptedFileTypes: request.body.acceptedFileTypes.map((type) => type.toLowerCase()),
          deletePolicy: request.body.deletePolicy,
        };
        await tx
          .insert(secureWorkflowConfigs)
          .values({ boardId: board.id, ...values })
          .onConflictDoUpdate({
            target: secureWorkflowConfigs.boardId,
            set: { ...values, updatedAt: new Date() },
          });
        const after = await secureConfigOf(tx, board.id);
        await auditBoard(tx, request, board.id, 'save_secure_workflow', { before, after });
        return after;
      }),
  );

  app.get(
    '/boards/:id/xml-validation-entries',
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
    '/boards/:id/xml-validation-entries',
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
        const known = new Set(
          keys.length
            ? (
                await tx
                  .select({ key: metadataKeys.key })
                  .from(metadataKeys)
                  .where(inArray(metadataKeys.key, keys))
              ).map((row) => row.key)
            : [],
        );
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
        await tx.delete(xmlValidationEntries).where(eq(xmlValidationEntries.boardId, board.id));
        if (entries.length) {
          await tx
            .insert(xmlValidationEntries)
            .values(entries.map((entry, position) => ({ ...entry, position, boardId: board.id })));
        }
        const after = (await xmlEntryRows(tx, board.id)).map(toXmlEntry);
        await auditBoard(tx, request, board.id, 'save_xml_validation_entries', { before, after });
        return after;
      }),
  );
};
