import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DUPLICATE_ROLE_GRANT_MESSAGE,
  MESSAGES,
  OWN_ROLE_REMOVAL_MESSAGE,
  type RoleName,
  type User,
} from '@portal/resources';
import { userRoles } from '../../db/schema.js';
import { audit } from '../../crud/audit.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { findUserByEmail } from '../platform/company-space-records.js';
import { usersWithRolesById } from './user-roles.module.js';

export interface RoleGrantsRepository {
  /** Every user holding a role, with their roles (by email). */
  holders(): Promise<User[]>;
  /** Grants a role to the user with this email; answers the user. 404 unknown, 409 held already. */
  grant(request: FastifyRequest, email: string, role: RoleName): Promise<User>;
  /**
   * Takes a role from the user with this email; answers the user. 404 unknown or not held; removing one of the
   * caller's own needs `confirmOwnRole` (409 `confirmation_required`).
   */
  revoke(request: FastifyRequest, email: string, role: RoleName, confirmOwnRole?: boolean): Promise<User>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Role grants (calls §7.1): one role given or taken by email, each audited on the user. */
    roleGrants: RoleGrantsRepository;
  }
}

export default repositoryModule('roleGrants', ({ db }): RoleGrantsRepository => {
  const holderOf = async (email: string) => {
    const target = await findUserByEmail(db, email);
    if (!target) throw notFound(MESSAGES.userNotFound, ['user']);
    return target;
  };
  /** One grant written or deleted in its transaction, audited when a row changed; answers the user, or undefined. */
  const change = async (
    request: FastifyRequest,
    userId: string,
    role: RoleName,
    action: 'create' | 'delete',
  ): Promise<User | undefined> => {
    const changed = await db.transaction(async (tx) => {
      const rows =
        action === 'create'
          ? await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning()
          : await tx
              .delete(userRoles)
              .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
              .returning();
      if (!rows.length) return false;
      const recorded = action === 'create' ? { after: { role } } : { before: { role } };
      // A grant is a part of its user and about them: it shows in the user's History.
      await audit(tx, request, {
        action,
        entity: 'user_role',
        entityId: userId,
        parent: { entity: 'user', id: userId },
        subjectId: userId,
        ...recorded,
      });
      return true;
    });
    return changed ? (await usersWithRolesById(db, [userId]))[0]! : undefined;
  };
  return {
    holders: async () => {
      const holders = await db.selectDistinct({ id: userRoles.userId }).from(userRoles);
      return usersWithRolesById(
        db,
        holders.map((holder) => holder.id),
      );
    },
    grant: async (request, email, role) => {
      const target = await holderOf(email);
      const granted = await change(request, target.id, role, 'create');
      if (!granted) throw ApiError.of(409, 'duplicate', DUPLICATE_ROLE_GRANT_MESSAGE, ['user', 'role']);
      return granted;
    },
    revoke: async (request, email, role, confirmOwnRole) => {
      const target = await holderOf(email);
      if (target.id === request.currentUser!.id && confirmOwnRole !== true) {
        throw ApiError.of(409, 'confirmation_required', OWN_ROLE_REMOVAL_MESSAGE, ['confirmOwnRole']);
      }
      const revoked = await change(request, target.id, role, 'delete');
      if (!revoked) throw notFound('The user does not have this role.', ['role']);
      return revoked;
    },
  };
});
