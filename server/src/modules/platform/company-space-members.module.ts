import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, MESSAGES, type CompanySpace, type CompanySpaceMemberKind } from '@portal/resources';
import { companySpaceMembers } from '../../db/schema.js';
import { audit } from '../../crud/audit.js';
import { isForeignKeyViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { reachableRow } from '../../crud/repository.js';
import { assertNotInProjects } from '../projects/company-space-rule.js';
import { companySpaceRecord, findUserByEmail, membershipOf } from './company-space-records.js';
import { companySpaceNotFound } from './company-spaces.module.js';

/** The two ways of belonging to a company space: each has its list in the record, which is also its sub-path. */
const KINDS = [
  { kind: 'member', list: 'members', article: 'a member' },
  { kind: 'fae', list: 'faes', article: 'an FAE' },
] as const satisfies readonly { kind: CompanySpaceMemberKind; list: 'members' | 'faes'; article: string }[];

type Kind = (typeof KINDS)[number];

export interface CompanySpaceMembersRepository {
  kinds: typeof KINDS;
  /** Adds an existing portal user by email; answers the space. 409 when they belong to a space already. */
  add(request: FastifyRequest, spaceId: string, kind: Kind, email: string): Promise<CompanySpace>;
  /** Removes a member or FAE by user id; answers the space. 409 while they are still in its projects. */
  remove(request: FastifyRequest, spaceId: string, kind: Kind, userId: string): Promise<CompanySpace>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Members and FAEs of a company space (spec §3), in the space the caller reaches (`companySpaces`). */
    companySpaceMembers: CompanySpaceMembersRepository;
  }
}

export default repositoryModule(
  'companySpaceMembers',
  ({ db }, app): CompanySpaceMembersRepository => {
    const reach = (tx: Parameters<typeof reachableRow>[1], request: FastifyRequest, spaceId: string) =>
      reachableRow(app.companySpaces, tx, request, spaceId, companySpaceNotFound);
    return {
      kinds: KINDS,
      add: async (request, spaceId, { kind }, email) => {
        try {
          return await db.transaction(async (tx) => {
            const space = await reach(tx, request, spaceId);
            const user = await findUserByEmail(tx, email);
            if (!user) throw notFound(MESSAGES.userNotFound, ['email']);
            const [added] = await tx
              .insert(companySpaceMembers)
              .values({ userId: user.id, companySpaceId: space.id, kind })
              .onConflictDoNothing({ target: companySpaceMembers.userId })
              .returning();
            if (!added) {
              const existing = await membershipOf(tx, user.id);
              if (existing?.companySpaceId === space.id) {
                const as = KINDS.find((k) => k.kind === existing.kind)!.article;
                throw ApiError.of(409, 'duplicate', `This user is already ${as} of this company space.`, [
                  'email',
                ]);
              }
              throw ApiError.of(
                409,
                'user_in_other_company_space',
                ERROR_MESSAGES.user_in_other_company_space,
                ['email'],
              );
            }
            const record = await companySpaceRecord(tx, space);
            await audit(tx, request, {
              action: `add_${kind}`,
              entity: 'company_space',
              entityId: space.id,
              after: { userId: user.id, email: user.email, kind },
            });
            return record;
          });
        } catch (error) {
          // The space was deleted while the user was being added.
          if (isForeignKeyViolation(error)) throw companySpaceNotFound();
          throw error;
        }
      },
      remove: (request, spaceId, { kind, list, article }, userId) =>
        db.transaction(async (tx) => {
          const space = await reach(tx, request, spaceId);
          const before = await companySpaceRecord(tx, space);
          const person = before[list].find((candidate) => candidate.id === userId);
          if (!person) throw notFound(`This user is not ${article} of this company space.`, ['userId']);
          // Leaving the space while still in one of its projects is refused (the one company-space rule).
          await assertNotInProjects(tx, { companySpaceId: space.id, userId: person.id });
          await tx
            .delete(companySpaceMembers)
            .where(
              and(
                eq(companySpaceMembers.userId, person.id),
                eq(companySpaceMembers.companySpaceId, space.id),
                eq(companySpaceMembers.kind, kind),
              ),
            );
          await audit(tx, request, {
            action: `remove_${kind}`,
            entity: 'company_space',
            entityId: space.id,
            before: { userId: person.id, email: person.email, kind },
          });
          return { ...before, [list]: before[list].filter((candidate) => candidate.id !== person.id) };
        }),
    };
  },
  ['companySpaces'],
);
