import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_MESSAGES,
  companySpacesResource,
  hasAnyRouteRole,
  type CompanySpace,
  type CompanySpaceInput,
} from '@portal/resources';
import { companySpaces } from '../../db/schema.js';
import { isForeignKeyViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import {
  companySpaceIdsOf,
  companySpaceRecords,
  membershipOf,
  type CompanySpaceRow,
} from './company-space-records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Company spaces (spec §3) with their members and FAEs; a company space admin reaches only their own. */
    companySpaces: Repository<CompanySpaceRow, CompanySpace>;
  }
}

export const companySpaceNotFound = () => notFound('Company space not found.', ['company-space']);

const withMembers = () =>
  ApiError.of(
    409,
    'deletion_with_members',
    'This company space cannot be deleted while it still has members or FAEs. Remove them first.',
    ['members', 'faes'],
  );

/** Admins reach every company space; everyone else the definition admits (company space admins) is row-scoped. */
const reachesEverySpace = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);

/** Company space names are unique ignoring case; surrounding spaces are not part of a name. */
const values = (input: unknown) => ({ name: (input as CompanySpaceInput).name.trim() });

export const companySpacesRepository = defineRepository<typeof companySpaces, CompanySpace>(
  companySpacesResource,
  companySpaces,
  {
    columns: { id: companySpaces.id, name: companySpaces.name },
    toRecords: companySpaceRecords,
    insertValues: values,
    updateValues: values,
    listScope: (request, db) =>
      reachesEverySpace(request)
        ? undefined
        : inArray(companySpaces.id, companySpaceIdsOf(db, request.currentUser!.id)),
    // A company space admin's own space is the one they belong to; any other is 403, not 404.
    reach: async (request, space, tx) => {
      if (reachesEverySpace(request)) return;
      const own = await membershipOf(tx, request.currentUser!.id);
      if (!own) {
        throw ApiError.of(403, 'no_company_space', 'You do not belong to any company space.', [
          'company-space',
        ]);
      }
      if (own.companySpaceId !== space.id) {
        throw ApiError.of(403, 'wrong_company_space', ERROR_MESSAGES.wrong_company_space, ['company-space']);
      }
    },
    beforeDelete: async (_ctx, _row, record) => {
      if (record.members.length || record.faes.length) throw withMembers();
    },
    // Someone joined between the check and the delete: the foreign key keeps the space.
    writeError: (error, action) =>
      action === 'delete' && isForeignKeyViolation(error) ? withMembers() : undefined,
  },
);

export default repositoryModule('companySpaces', () => companySpacesRepository);
