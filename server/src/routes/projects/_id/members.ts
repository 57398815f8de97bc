import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailAssignmentPayloadSchema,
  ownershipPayloadSchema,
  projectPayloadSchemas,
  projectSchema,
  removeProjectMemberPayloadSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

const projectAnswer = { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) };

/** Members, leaving, the FAE, the substitute and ownership of one project (spec calls §7.3–§7.4). */
const projectMemberRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { projects } = app;
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
    async (request) => projects.removeMember(request, request.params.id, request.body.id),
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
    async (request) => projects.setFae(request, request.params.id, request.body.email),
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
    async (request) => projects.removeFae(request, request.params.id),
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
    async (request) => projects.setSubstitute(request, request.params.id, request.body),
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
    async (request) => projects.removeSubstitute(request, request.params.id),
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
    async (request) => projects.transferOwnership(request, request.params.id, request.body),
  );
};

export default projectMemberRoutes;
