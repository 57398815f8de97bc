import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailAssignmentPayloadSchema,
  errorCodeOf,
  ownershipPayloadSchema,
  projectPayloadSchemas,
  projectSchema,
  removeProjectMemberPayloadSchema,
  substituteAssignmentPayloadSchema,
  transferOwnershipPayloadSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { ApiError, notFound } from '../../../transport/errors.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** Checks a payload against a rule that needs the project's data; a broken rule is a 400 with its code. */
function parseWith<S extends z.ZodType>(schema: S, payload: unknown, field: string): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw ApiError.of(400, errorCodeOf(issue) ?? 'invalid_request', issue.message, [path || field]);
}

const projectAnswer = { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) };

/** Members, leaving, the FAE, the substitute and ownership of one project (spec calls §7.3–§7.4). */
const projectMemberRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { projects, projectRoles: roles } = app;
  const { change } = projects;
  const { faeAssignment } = projectPayloadSchemas(options.config.providerEmailDomains);

  app.delete(
    '/users',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Remove a person from the project by user id (owner, substitute, admin); the owner cannot be removed. Answers the project',
        security,
        params: projectParams,
        body: removeProjectMemberPayloadSchema,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(
        request,
        request.params.id,
        (tx, found) => roles.takeOut(tx, request, found.project.id, request.body.id, 'remove'),
        { whileCancelled: true },
      ),
  );

  app.delete(
    '/users/me',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Leave a project (member, substitute, FAE); the owner transfers the ownership first. Answers 204',
        security,
        params: projectParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await projects.leaveProject(request, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/fae',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Make a provider address the project’s one FAE (owner, substitute, admin); a previous FAE leaves. Answers the project',
        security,
        params: projectParams,
        body: faeAssignment,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(request, request.params.id, async (tx, found) => {
        const user = await roles.assignFae(tx, found, request.body.email);
        await projects.log(tx, request, {
          action: 'set_fae',
          entityId: found.project.id,
          subjectId: user.id,
          after: { email: user.email },
        });
      }),
  );

  app.delete(
    '/fae',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Remove the project’s FAE (owner, substitute, admin). Answers the project',
        security,
        params: projectParams,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(
        request,
        request.params.id,
        async (tx, found) => {
          const fae = await roles.removeFae(tx, found.project.id);
          await projects.log(tx, request, {
            action: 'remove_fae',
            entityId: found.project.id,
            subjectId: fae,
          });
        },
        { whileCancelled: true },
      ),
  );

  app.post(
    '/substitute',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Make a portal user the substitute, who acts as the owner (owner, substitute, admin); not the owner (owner_equals_substitute). A previous substitute stays as a member. Answers the project',
        security,
        params: projectParams,
        body: emailAssignmentPayloadSchema,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(request, request.params.id, async (tx, found, who) => {
        const current = await projects.record(tx, found.project.id, who);
        const { email } = parseWith(
          substituteAssignmentPayloadSchema(current.owner.email),
          request.body,
          'email',
        );
        const user = await roles.assignSubstitute(tx, found.project, email);
        await projects.log(tx, request, {
          action: 'set_substitute',
          entityId: found.project.id,
          subjectId: user.id,
          before: { email: current.substitute?.email ?? null },
          after: { email: user.email },
        });
      }),
  );

  app.delete(
    '/substitute',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The substitute steps back to a plain member (owner, substitute, admin). Answers the project',
        security,
        params: projectParams,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(
        request,
        request.params.id,
        async (tx, found) => {
          const substitute = await roles.removeSubstitute(tx, found.project.id);
          await projects.log(tx, request, {
            action: 'remove_substitute',
            entityId: found.project.id,
            subjectId: substitute,
          });
        },
        { whileCancelled: true },
      ),
  );

  app.post(
    '/ownership',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Transfer the ownership to a user of the project’s company space who is neither owner nor substitute (owner, substitute, admin); the previous owner stays as a member. Answers the project',
        security,
        params: projectParams,
        body: ownershipPayloadSchema,
        response: projectAnswer,
      },
    },
    async (request) =>
      change(request, request.params.id, async (tx, found, who) => {
        const current = await projects.record(tx, found.project.id, who);
        const { newProjectOwner } = parseWith(
          transferOwnershipPayloadSchema({
            owner: current.owner.email,
            substitute: current.substitute?.email,
          }),
          request.body,
          'newProjectOwner',
        );
        const user = await roles.userByEmail(tx, newProjectOwner.email);
        if (!user) throw notFound('No portal user has this email address.', ['newProjectOwner.email']);
        await roles.assertInCompanySpace(tx, user.id, found.project, ['newProjectOwner.email']);
        if ((await roles.roleOf(tx, found.project.id, user.id)) === 'fae') {
          throw ApiError.of(409, 'conflict', 'The FAE cannot become the owner.', ['newProjectOwner.email']);
        }
        await roles.transferOwnership(tx, found.project.id, user.id);
        await projects.log(tx, request, {
          action: 'transfer_ownership',
          entityId: found.project.id,
          subjectId: user.id,
          before: { owner: current.owner.email },
          after: { owner: user.email },
        });
      }),
  );
};

export default projectMemberRoutes;
