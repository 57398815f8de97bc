import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationCreatePayloadSchema, invitationSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** A project's invitation link (spec calls §7.5): created by its managers, revoked by them. */
const projectInvitationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { projects } = app;

  app.post(
    '/invitations',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Create the project’s invitation link (owner, substitute, admin), valid 48 hours; revokes the previous one. The password (chosen, or made up when left out) is answered this once',
        security,
        params: projectParams,
        body: invitationCreatePayloadSchema.nullish(),
        response: { 201: invitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await projects.invite(request, request.params.id, request.body?.password)),
  );

  app.delete(
    '/invitations/:invitationId',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Revoke an invitation (owner, substitute, admin); answers it, now expired',
        security,
        params: z.object({ id: z.uuid(), invitationId: z.uuid() }),
        response: { 200: invitationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => projects.revokeInvitation(request, request.params.id, request.params.invitationId),
  );
};

export default projectInvitationRoutes;
