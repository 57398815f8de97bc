import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  companySpaceInputSchema,
  companySpaceMemberInputSchema,
  companySpaceSchema,
  companySpacesResource,
  hasAnyRouteRole,
  type CompanySpace,
  type CompanySpaceMemberKind,
  MESSAGES,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { companySpaceMembers, companySpaces } from '../../db/schema.js';
import { audit } from '../../http/audit.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import {
  companySpaceIdsOf,
  companySpaceRecord,
  companySpaceRecords,
  findCompanySpace,
  findUserByEmail,
  membershipOf,
  type CompanySpaceRow,
  type Executor,
} from './company-space-records.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { assertNotInProjects } from '../projects.js';

const SPACE_NOT_FOUND = 'Company space not found.';
const spaceNotFound = () => notFound(SPACE_NOT_FOUND, ['company-space']);
const nameTaken = () =>
  ApiError.of(409, 'company_space_exists', ERROR_MESSAGES.company_space_exists, ['name']);

/** The two ways of belonging to a company space: each has its list in the record, which is also its sub-path. */
const KINDS = [
  { kind: 'member', list: 'members', article: 'a member' },
  { kind: 'fae', list: 'faes', article: 'an FAE' },
] as const satisfies readonly { kind: CompanySpaceMemberKind; list: 'members' | 'faes'; article: string }[];

const columns = { id: companySpaces.id, name: companySpaces.name };
const spaceParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
const tags = ['company spaces'];
const security = [{ bearer: [] }];

/** Admins reach every company space; everyone else the definition admits (company space admins) is row-scoped. */
const reachesEverySpace = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);

/** Company space names are unique ignoring case; surrounding spaces are not part of a name. */
const normalisedName = (name: string) => name.trim();

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
 * Company spaces (spec product §2.3 /admin/company-spaces, §3): admin CRUD, members and FAEs. A company space admin
 * sees and changes only the space they belong to (the definition's row scope).
 */
export const companySpaceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** The space to show or change, after the caller's row scope: 404 when it does not exist, 403 when not theirs. */
  async function reachableSpace(
    request: FastifyRequest,
    id: string,
    tx: Executor = db,
  ): Promise<CompanySpaceRow> {
    const space = await findCompanySpace(tx, id);
    if (!space) throw spaceNotFound();
    if (reachesEverySpace(request)) return space;
    const own = await membershipOf(tx, request.currentUser!.id);
    if (!own) {
      throw ApiError.of(403, 'no_company_space', 'You do not belong to any company space.', [
        'company-space',
      ]);
    }
    if (own.companySpaceId !== space.id) {
      throw ApiError.of(403, 'wrong_company_space', ERROR_MESSAGES.wrong_company_space, ['company-space']);
    }
    return space;
  }

  app.get(
    '/company-spaces',
    {
      config: { access: access.resource(companySpacesResource, 'list') },
      schema: {
        tags,
        summary:
          'List company spaces (react-admin simple-rest; filters name, q); a company space admin sees only their own',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(companySpaceSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope = reachesEverySpace(request)
        ? undefined
        : inArray(companySpaces.id, companySpaceIdsOf(db, request.currentUser!.id));
      const rows = await listRows<CompanySpaceRow>(
        { db, table: companySpaces, columns, definition: companySpacesResource, scope },
        request,
        reply,
      );
      return companySpaceRecords(db, rows);
    },
  );

  app.get(
    '/company-spaces/:id',
    {
      config: { access: access.resource(companySpacesResource, 'show') },
      schema: {
        tags,
        summary: 'One company space with its members and FAEs',
        security,
        params: spaceParams,
        response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => companySpaceRecord(db, await reachableSpace(request, request.params.id)),
  );

  app.post(
    '/company-spaces',
    {
      config: { access: access.resource(companySpacesResource, 'create') },
      schema: {
        tags,
        summary: 'Create a company space; names are unique ignoring case (409 company_space_exists)',
        security,
        body: companySpaceInputSchema,
        response: { 201: companySpaceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(companySpaces)
            .values({ name: normalisedName(request.body.name) })
            .returning();
          const record = await companySpaceRecord(tx, row!);
          await audit(tx, request, {
            action: 'create',
            entity: 'company_space',
            entityId: row!.id,
            after: record,
          });
          return record;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  );

  app.put(
    '/company-spaces/:id',
    {
      config: { access: access.resource(companySpacesResource, 'edit') },
      schema: {
        tags,
        summary: 'Rename a company space (admin, or the company space admin of this space)',
        security,
        params: spaceParams,
        body: companySpaceInputSchema,
        response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const space = await reachableSpace(request, request.params.id, tx);
          const before = await companySpaceRecord(tx, space);
          const [row] = await tx
            .update(companySpaces)
            .set({ name: normalisedName(request.body.name), updatedAt: new Date() })
            .where(eq(companySpaces.id, space.id))
            .returning();
          if (!row) throw spaceNotFound();
          const after = { ...before, name: row.name };
          await audit(tx, request, {
            action: 'update',
            entity: 'company_space',
            entityId: row.id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },
  );

  app.delete(
    '/company-spaces/:id',
    {
      config: { access: access.resource(companySpacesResource, 'delete') },
      schema: {
        tags,
        summary:
          'Delete an empty company space; answers the deleted record (409 deletion_with_members while anyone is in it)',
        security,
        params: spaceParams,
        response: { 200: companySpaceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const withMembers = () =>
        ApiError.of(
          409,
          'deletion_with_members',
          'This company space cannot be deleted while it still has members or FAEs. Remove them first.',
          ['members', 'faes'],
        );
      try {
        return await db.transaction(async (tx) => {
          const space = await reachableSpace(request, request.params.id, tx);
          const record = await companySpaceRecord(tx, space);
          if (record.members.length || record.faes.length) throw withMembers();
          const [row] = await tx.delete(companySpaces).where(eq(companySpaces.id, space.id)).returning();
          if (!row) throw spaceNotFound();
          await audit(tx, request, {
            action: 'delete',
            entity: 'company_space',
            entityId: row.id,
            before: record,
          });
          return record;
        });
      } catch (error) {
        // Someone joined between the check and the delete: the foreign key keeps the space.
        if (isForeignKeyViolation(error)) throw withMembers();
        throw error;
      }
    },
  );

  for (const { kind, list, article } of KINDS) {
    app.post(
      `/company-spaces/:id/${list}`,
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
            const space = await reachableSpace(request, request.params.id, tx);
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
          if (isForeignKeyViolation(error)) throw spaceNotFound();
          throw error;
        }
      },
    );

    app.delete(
      `/company-spaces/:id/${list}/:userId`,
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
          const space = await reachableSpace(request, request.params.id, tx);
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
