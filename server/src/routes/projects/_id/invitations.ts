import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITATION_VALIDITY_MS, invitationCreatePayloadSchema, invitationSchema } from '@portal/resources';
import { access } from '../../../auth/access.js';
import { invitations } from '../../../db/tables.js';
import type { ModuleOptions } from '../../../http/module.js';
import { errorResponses } from '../../../http/openapi.js';
import { hashPassword } from '../../../lib/password.js';
import { assertNotCancelled, reachProject } from '../../../modules/projects/access.js';
import { projectHelpers, projectParams, security, tags } from '../../../modules/projects/helpers.js';
import { generatePassword, invitationError } from '../../../modules/projects/invitations.js';
import { invitationRecord } from '../../../modules/projects/records.js';

/** A project's invitation link (spec calls §7.5): created by its managers, revoked by them. */
const projectInvitationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db, config } = options;
  const { caller, log } = projectHelpers(options);

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
      const found = await reachProject(db, await caller(request), request.params.id, 'manage');
      assertNotCancelled(found);
      const password = request.body?.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, request.params.id, 'manage', { lock: true });
        assertNotCancelled(found);
        const now = new Date();
        await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(and(eq(invitations.projectId, found.project.id), isNull(invitations.revokedAt)));
        const [row] = await tx
          .insert(invitations)
          .values({
            projectId: found.project.id,
            passwordHash,
            createdBy: who.user.id,
            expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_MS),
          })
          .returning();
        const after = invitationRecord(row!, config.publicUrl, now);
        await log(tx, request, { action: 'create_invitation', entityId: found.project.id, after });
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
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, request.params.id, 'manage', { lock: true });
        const [row] = await tx
          .select()
          .from(invitations)
          .where(
            and(eq(invitations.id, request.params.invitationId), eq(invitations.projectId, found.project.id)),
          )
          .limit(1);
        if (!row) throw invitationError(404, 'invitation_missing');
        const [revoked] = row.revokedAt
          ? [row]
          : await tx
              .update(invitations)
              .set({ revokedAt: new Date() })
              .where(eq(invitations.id, row.id))
              .returning();
        await log(tx, request, {
          action: 'revoke_invitation',
          entityId: found.project.id,
          before: { id: row.id },
        });
        return invitationRecord(revoked!, config.publicUrl);
      }),
  );
};

export default projectInvitationRoutes;
