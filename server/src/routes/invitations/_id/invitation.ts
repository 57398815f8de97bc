import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVITATION_PASSWORD_HEADER,
  invitationDetailsSchema,
  invitationPasswordSchema,
  isSecureSchema,
  projectSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { security, tags } from '../../../modules/projects/route-schemas.js';

const invitationParams = z.object({ id: z.uuid() });
const passwordHeaders = z.object({ [INVITATION_PASSWORD_HEADER]: invitationPasswordSchema }).passthrough();

/**
 * An invitation link as its invitee opens it (spec calls §7.5): whether it leads to a secure project, reading it
 * and accepting it with its password. Reading and accepting share one budget of password guesses.
 */
const invitationLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { projects, projectInvitations: invitations } = app;

  app.get(
    '/secure',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Whether an invitation is to a secure project (asked before the password page)',
        security,
        params: invitationParams,
        response: { 200: isSecureSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ isSecure: await invitations.isSecure(db, request.params.id) }),
  );

  app.get(
    '',
    {
      config: { access: access.signedIn() },
      ...invitations.guessBudget,
      schema: {
        tags,
        summary:
          'Read an invitation with its password in the X-Invitation-Password header: project, board and who invited (guesses are rate-limited)',
        security,
        params: invitationParams,
        headers: passwordHeaders,
        response: { 200: invitationDetailsSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => {
      const who = await projects.caller(request);
      const opened = await invitations.open(
        db,
        who,
        request.params.id,
        request.headers[INVITATION_PASSWORD_HEADER],
      );
      return invitations.details(db, opened);
    },
  );

  app.post(
    '/accept',
    {
      config: { access: access.signedIn() },
      ...invitations.guessBudget,
      schema: {
        tags,
        summary:
          'Accept an invitation with its password in the X-Invitation-Password header: the caller joins as a member. Answers the project',
        security,
        params: invitationParams,
        headers: passwordHeaders,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request) =>
      projects.acceptInvitation(request, request.params.id, request.headers[INVITATION_PASSWORD_HEADER]),
  );
};

export default invitationLinkRoutes;
