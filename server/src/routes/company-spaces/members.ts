import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  companySpaceMemberInputSchema,
  companySpaceSchema,
  companySpacesResource,
  type CompanySpace,
  type CompanySpaceMemberKind,
  MESSAGES,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { companySpaceMembers } from '../../db/schema.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { ModuleOptions } from '../../http/module.js';
import { bearerSecurity as security, errorResponses } from '../../http/openapi.js';
import { reachableRow } from '../../http/repository.js';
import { companySpaceNotFound } from '../../modules/platform/company-spaces.js';
import {
  companySpaceRecord,
  findUserByEmail,
  membershipOf,
  type Executor,
} from '../../modules/platform/company-space-records.js';
import { assertNotInProjects } from '../../modules/projects/company-space-rule.js';

/** The two ways of belonging to a company space: each has its list in the record, which is also its sub-path. */
const KINDS = [
  { kind: 'member', list: 'members', article: 'a member' },
  { kind: 'fae', list: 'faes', article: 'an FAE' },
] as const satisfies readonly { kind: CompanySpaceMemberKind; list: 'members' | 'faes'; article: string }[];

const spaceParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
const tags = ['company spaces'];

/**
 * What must hold before a user leaves a company space, checked in the removal's transaction: 409
 * `user_still_in_projects` while the user is still in a project of this space.
 */
async function assertMayLeave(
  tx: Executor,
  membership: { companySpaceId: string; userId: string; kind: CompanySpaceMemberKind },
): Promise<void> {
  await assertNotInProjects(tx, membership);
}

/**
 * Members and FAEs of a company space (spec §3): added by email, removed by id; admins, or the company space
 * admin of this space (the repository's reach).
 */
const companySpaceMemberRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const repository = app.companySpaces;
  for (const { kind, list, article } of KINDS) {
    app.post(
      `/:id/${list}`,
      {
        config: { access: access.resource(companySpacesResource, 'edit') },
        schema: {
          tags,
          summary: `Add an existing portal user as ${article} by email; answers the company space (admin, or the company space admin of this space)`,
          security,
          params: spaceParams,
          body: companySpaceMemberInputSchema,
          response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        try {
          return await db.transaction(async (tx): Promise<CompanySpace> => {
            const space = await reachableRow(
              repository,
              tx,
              request,
              request.params.id,
              companySpaceNotFound,
            );
            const user = await findUserByEmail(tx, request.body.email);
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
    );

    app.delete(
      `/:id/${list}/:userId`,
      {
        config: { access: access.resource(companySpacesResource, 'edit') },
        schema: {
          tags,
          summary: `Remove ${article} from the company space; answers the company space (admin, or the company space admin of this space)`,
          security,
          params: memberParams,
          response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const space = await reachableRow(repository, tx, request, request.params.id, companySpaceNotFound);
          const before = await companySpaceRecord(tx, space);
          const person = before[list].find((candidate) => candidate.id === request.params.userId);
          if (!person) throw notFound(`This user is not ${article} of this company space.`, ['userId']);
          const membership = { companySpaceId: space.id, userId: person.id, kind };
          await assertMayLeave(tx, membership);
          await tx
            .delete(companySpaceMembers)
            .where(
              and(
                eq(companySpaceMembers.userId, membership.userId),
                eq(companySpaceMembers.companySpaceId, membership.companySpaceId),
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
    );
  }
};

export default companySpaceMemberRoutes;
