import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  boardRestrictionsResource,
  type BoardRestriction,
  type Link,
  type LinkInput,
  type Partner,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { uniqueConflict } from '../../crud/unique-conflict.js';
import { isForeignKeyViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { assignPartner, unassignPartner } from '../partners/board-partners.js';
import { findPartner, partnerRecord } from '../partners/records.js';
import { addRestriction, removeRestriction } from './board-restrictions.module.js';
import { grantPermission, revokePermission } from './board-permissions.module.js';
import { appendLink, removeLink, requireLink, updateLink } from './board-links.module.js';
import { lockBoard } from './boards.js';
import { auditBoard } from './route-schemas.js';

const partnerNotFound = () => notFound('Partner not found.', ['partnerId']);

/** The admin's additions to, edits of and removals from a board's links, partners, restriction list and permissions, audited on
 * it. */
export const boardEntryWrites = (db: Database) => ({
  /** A link at the end of the board's list. */
  addLink: (request: FastifyRequest, boardId: string, input: LinkInput): Promise<Link> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const link = await appendLink(tx, board.id, input);
      await auditBoard(tx, request, board.id, 'add_link', { after: link });
      return link;
    }),

  /** A link's title and url (404 when not the board's); its place stays. */
  editLink: (request: FastifyRequest, boardId: string, linkId: string, input: LinkInput): Promise<Link> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const before = await requireLink(tx, board.id, linkId);
      const after = await updateLink(tx, before.id, input);
      await auditBoard(tx, request, board.id, 'update_link', { before, after });
      return after;
    }),

  /** Deletes a link (the ones after it move up); answers it. */
  deleteLink: (request: FastifyRequest, boardId: string, linkId: string): Promise<Link> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const removed = await removeLink(tx, board.id, linkId);
      await auditBoard(tx, request, board.id, 'delete_link', { before: removed });
      return removed;
    }),

  /** Assigns an existing partner (409 duplicate when assigned); answers it with its new assigned count. */
  assignPartnerTo: async (request: FastifyRequest, boardId: string, partnerId: string): Promise<Partner> => {
    try {
      return await db.transaction(async (tx) => {
        const board = await lockBoard(tx, boardId);
        const partner = await findPartner(tx, partnerId);
        if (!partner) throw partnerNotFound();
        if (!(await assignPartner(tx, board.id, partner.id))) {
          throw ApiError.of(409, 'duplicate', 'This partner is already assigned to this board.', [
            'partnerId',
          ]);
        }
        const record = await partnerRecord(tx, partner);
        await auditBoard(tx, request, board.id, 'assign_partner', {
          after: { partnerId: partner.id, name: partner.name },
        });
        return record;
      });
    } catch (error) {
      // The partner was deleted while it was being assigned.
      if (isForeignKeyViolation(error)) throw partnerNotFound();
      throw error;
    }
  },

  /** Unassigns a partner (404 when not assigned); the partner stays, answered with its new assigned count. */
  unassignPartnerFrom: (request: FastifyRequest, boardId: string, partnerId: string): Promise<Partner> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      if (!(await unassignPartner(tx, board.id, partnerId))) {
        throw notFound('This partner is not assigned to this board.', ['partnerId']);
      }
      const partner = await findPartner(tx, partnerId);
      await auditBoard(tx, request, board.id, 'unassign_partner', {
        before: { partnerId, name: partner!.name },
      });
      return partnerRecord(tx, partner!);
    }),

  /** Adds an email to the restriction list (409 duplicate, ignoring case); answers the entry. */
  restrict: async (request: FastifyRequest, boardId: string, email: string): Promise<BoardRestriction> => {
    try {
      return await db.transaction(async (tx) => {
        const board = await lockBoard(tx, boardId);
        const entry = await addRestriction(tx, board.id, email);
        await auditBoard(tx, request, board.id, 'add_restriction', { after: entry });
        return entry;
      });
    } catch (error) {
      throw uniqueConflict(boardRestrictionsResource, error) ?? error;
    }
  },

  /** Removes an email (any case) from the restriction list; answers the removed entry. */
  unrestrict: (request: FastifyRequest, boardId: string, email: string): Promise<BoardRestriction> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const entry = await removeRestriction(tx, board.id, email);
      await auditBoard(tx, request, board.id, 'remove_restriction', { before: entry });
      return entry;
    }),

  /** Grants a user (by email) a permission for the board: 404 unknown user, 409 duplicate; answers it. */
  grant: async (request: FastifyRequest, boardId: string, userEmail: string) => {
    try {
      return await db.transaction(async (tx) => {
        const board = await lockBoard(tx, boardId);
        const permission = await grantPermission(tx, board.id, userEmail);
        await auditBoard(tx, request, board.id, 'grant_permission', { after: permission });
        return permission;
      });
    } catch (error) {
      // The user deleted meanwhile.
      if (isForeignKeyViolation(error)) throw notFound(MESSAGES.userNotFound, ['userEmail']);
      throw error;
    }
  },

  /** Revokes a user's permission for the board (404 when none); answers it. */
  revoke: (request: FastifyRequest, boardId: string, userId: string) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const permission = await revokePermission(tx, board.id, userId);
      await auditBoard(tx, request, board.id, 'revoke_permission', { before: permission });
      return permission;
    }),
});
