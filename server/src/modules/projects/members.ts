import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  errorCodeOf,
  substituteAssignmentPayloadSchema,
  transferOwnershipPayloadSchema,
  type Project,
} from '@portal/resources';
import { ApiError, notFound } from '../../transport/errors.js';
import type { ProjectChange, ProjectsRepository } from './projects.module.js';

/** Checks a payload against a rule that needs the project's data; a broken rule is a 400 with its code. */
function parseWith<S extends z.ZodType>(schema: S, payload: unknown, field: string): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw ApiError.of(400, errorCodeOf(issue) ?? 'invalid_request', issue.message, [path || field]);
}

/**
 * The managers' changes of a project's people (spec calls §7.3–§7.4), each a `change` of the project (locked,
 * refused while cancelled unless said otherwise) with its audit record; each answers the project.
 */
export const memberChanges = (
  app: FastifyInstance,
  projects: { change: ProjectChange } & Pick<ProjectsRepository, 'log' | 'record'>,
) => {
  const roles = () => app.projectRoles;
  const { change, log, record } = projects;
  return {
    /** Takes a person out by user id; the owner cannot be removed. */
    removeMember: (request: FastifyRequest, projectId: string, userId: string): Promise<Project> =>
      change(
        request,
        projectId,
        (tx, found) => roles().takeOut(tx, request, found.project.id, userId, 'remove'),
        {
          whileCancelled: true,
        },
      ),

    /** Makes a provider address the project's one FAE; a previous FAE leaves. */
    setFae: (request: FastifyRequest, projectId: string, email: string): Promise<Project> =>
      change(request, projectId, async (tx, found) => {
        const user = await roles().assignFae(tx, found, email);
        await log(tx, request, {
          action: 'set_fae',
          entityId: found.project.id,
          subjectId: user.id,
          after: { email: user.email },
        });
      }),

    /** Removes the project's FAE. */
    removeFae: (request: FastifyRequest, projectId: string): Promise<Project> =>
      change(
        request,
        projectId,
        async (tx, found) => {
          const fae = await roles().removeFae(tx, found.project.id);
          await log(tx, request, { action: 'remove_fae', entityId: found.project.id, subjectId: fae });
        },
        { whileCancelled: true },
      ),

    /** Makes a portal user the substitute (not the owner: owner_equals_substitute); a previous one stays a member. */
    setSubstitute: (request: FastifyRequest, projectId: string, body: unknown): Promise<Project> =>
      change(request, projectId, async (tx, found, who) => {
        const current = await record(tx, found.project.id, who);
        const { email } = parseWith(substituteAssignmentPayloadSchema(current.owner.email), body, 'email');
        const user = await roles().assignSubstitute(tx, found.project, email);
        await log(tx, request, {
          action: 'set_substitute',
          entityId: found.project.id,
          subjectId: user.id,
          before: { email: current.substitute?.email ?? null },
          after: { email: user.email },
        });
      }),

    /** The substitute steps back to a plain member. */
    removeSubstitute: (request: FastifyRequest, projectId: string): Promise<Project> =>
      change(
        request,
        projectId,
        async (tx, found) => {
          const substitute = await roles().removeSubstitute(tx, found.project.id);
          await log(tx, request, {
            action: 'remove_substitute',
            entityId: found.project.id,
            subjectId: substitute,
          });
        },
        { whileCancelled: true },
      ),

    /** Transfers the ownership to a user of the project's company space who is neither owner, substitute nor FAE. */
    transferOwnership: (request: FastifyRequest, projectId: string, body: unknown): Promise<Project> =>
      change(request, projectId, async (tx, found, who) => {
        const current = await record(tx, found.project.id, who);
        const { newProjectOwner } = parseWith(
          transferOwnershipPayloadSchema({
            owner: current.owner.email,
            substitute: current.substitute?.email,
          }),
          body,
          'newProjectOwner',
        );
        const user = await roles().userByEmail(tx, newProjectOwner.email);
        if (!user) throw notFound('No portal user has this email address.', ['newProjectOwner.email']);
        await roles().assertInCompanySpace(tx, user.id, found.project, ['newProjectOwner.email']);
        if ((await roles().roleOf(tx, found.project.id, user.id)) === 'fae') {
          throw ApiError.of(409, 'conflict', 'The FAE cannot become the owner.', ['newProjectOwner.email']);
        }
        await roles().transferOwnership(tx, found.project.id, user.id);
        await log(tx, request, {
          action: 'transfer_ownership',
          entityId: found.project.id,
          subjectId: user.id,
          before: { owner: current.owner.email },
          after: { owner: user.email },
        });
      }),
  };
};
