import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationCreatePayloadSchema, invitationSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { assertNotCancelled } from '../../../modules/projects/access.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** A project's invitation link (spec calls §7.5): created by its managers, revoked by them. */
const projectInvitationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { projects, projectInvitations: invitations } = app;

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
    async (request, reply) => {
      // Rights first: hashing costs time, and a refused caller should not get to spend it.
      const found = await projects.reach(db, await projects.caller(request), request.params.id, 'manage');
      assertNotCancelled(found);
      const { password, passwordHash } = await invitations.password(request.body?.password);
      const created = await db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'manage', { lock: true });
        assertNotCancelled(found);
        const after = await invitations.create(tx, found.project.id, who.user.id, passwordHash);
        await projects.log(tx, request, { action: 'create_invitation', entityId: found.project.id, after });
        return { ...after, password };
      });
      return reply.code(201).send(created);
    },
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
    async (request) =>
      db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'manage', { lock: true });
        const revoked = await invitations.revoke(tx, found.project.id, request.params.invitationId);
        await projects.log(tx, request, {
          action: 'revoke_invitation',
          entityId: found.project.id,
          before: { id: revoked.id },
        });
        return revoked;
      }),
  );
};

export default projectInvitationRoutes;
