import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  type ErrorItem,
  type FollowUpInput,
  type SecureConfigInput,
  type XmlValidationEntryInput,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { ApiError, badRequest, notFound } from '../../transport/errors.js';
import { checkXPath, XPathError } from '../../uploads/xml.js';
import { followUpOf, secureConfigOf, toXmlEntry, xmlEntryRows } from '../dip/records.js';
import { userByEmail } from '../projects/users.js';
import { findBoard, lockBoard } from './boards.js';
import { auditBoard } from './route-schemas.js';
import {
  deleteFollowUp,
  existingMetadataKeys,
  replaceXmlEntries,
  saveFollowUp,
  saveSecureWorkflow,
  saveSupportLink,
} from './settings.js';

/** The admin's writes of a board's settings: each in one transaction with the board locked, audited on the board. */
export const boardSettingWrites = (db: Database) => ({
  /** The support link (`PUT boards/{id}/support-link`); null or empty removes it. */
  setSupportLink: (request: FastifyRequest, boardId: string, link: string | null | undefined) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const supportLink = link?.trim() ?? null;
      await saveSupportLink(tx, board.id, supportLink);
      await auditBoard(tx, request, board.id, 'update_support_link', {
        before: { supportLink: board.supportLink },
        after: { supportLink },
      });
      return { supportLink };
    }),

  /** The secure workflow (`PUT boards/{id}/secure-workflow`): accepted file types, lower-cased, and delete policy. */
  setSecureWorkflow: (request: FastifyRequest, boardId: string, input: SecureConfigInput) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const before = await secureConfigOf(tx, board.id);
      await saveSecureWorkflow(tx, board.id, {
        acceptedFileTypes: input.acceptedFileTypes.map((type) => type.toLowerCase()),
        deletePolicy: input.deletePolicy,
      });
      const after = await secureConfigOf(tx, board.id);
      await auditBoard(tx, request, board.id, 'save_secure_workflow', { before, after });
      return after;
    }),

  /** The follow-up (`PUT boards/{id}/follow-up`): another existing board, and an existing next owner if named. */
  setFollowUp: (request: FastifyRequest, boardId: string, input: FollowUpInput) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const { nextBoardId } = input;
      const nextOwnerEmail = input.nextOwnerEmail?.trim() || null;
      if (nextBoardId === board.id)
        throw badRequest('The next board must be another board.', ['nextBoardId']);
      if (!(await findBoard(tx, nextBoardId)))
        throw notFound('The next board was not found.', ['nextBoardId']);
      if (nextOwnerEmail && !(await userByEmail(tx, nextOwnerEmail))) {
        throw notFound(MESSAGES.followUpUserNotFound, ['nextOwnerEmail']);
      }
      const before = await followUpOf(tx, board.id);
      await saveFollowUp(tx, board.id, { nextBoardId, nextOwnerEmail });
      const after = await followUpOf(tx, board.id);
      await auditBoard(tx, request, board.id, 'save_follow_up', { before, after });
      return { followUp: after };
    }),

  /** Removes the follow-up (`DELETE boards/{id}/follow-up`), audited only when there was one. */
  removeFollowUp: (request: FastifyRequest, boardId: string) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const before = await followUpOf(tx, board.id);
      await deleteFollowUp(tx, board.id);
      if (before) await auditBoard(tx, request, board.id, 'delete_follow_up', { before });
      return { followUp: null };
    }),

  /**
   * The XML validation entries (`PUT boards/{id}/xml-validation-entries`), replaced in order: every XPath must
   * compile and every metadata key exist, else 400 with each issue at `body.entries.N.field`.
   */
  setXmlEntries: (request: FastifyRequest, boardId: string, input: readonly XmlValidationEntryInput[]) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const entries = input.map((entry) => ({
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
});
