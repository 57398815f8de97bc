import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  INVITATION_PASSWORD_HEADER,
  INVITATION_VALIDITY_MS,
  invitationCreatePayloadSchema,
  invitationDetailsSchema,
  invitationPasswordSchema,
  invitationSchema,
  isSecureSchema,
  projectSchema,
  type ErrorCode,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { invitations, projectMembers, users } from '../../db/tables.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { createRateLimitCounter, reserveAttempts } from '../../http/rate-limit-store.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { errorResponses } from '../schemas.js';
import type { Executor } from '../../modules/projects/executor.js';
import { assertNotCancelled, reachProject } from '../../modules/projects/access.js';
import { assertOpensSecure, type ProjectCaller } from '../../modules/projects/caller.js';
import {
  findProject,
  invitationRecord,
  type InvitationRow,
  type ProjectWithBoard,
} from '../../modules/projects/records.js';
import { assertInProjectCompanySpace, explicitRoleOf } from '../../modules/projects/roles.js';
import { projectHelpers, projectParams, security, tags, type ProjectRouteOptions } from './shared.js';

const invitationError = (status: number, code: ErrorCode, resources: string[] = ['invitation']) =>
  ApiError.of(status, code, ERROR_MESSAGES[code], resources);

/** Letters and digits that cannot be mistaken for each other when read out or typed from a message. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** 14 characters of 56: about 81 bits, far beyond what the rate limit lets anyone guess in 48 hours. */
function generatePassword(length = 14): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** Password guesses per caller and invitation; the invitation expires long before they add up. */
const GUESSES = 10;
/**
 * Guesses per invitation from every caller together, so many accounts or addresses cannot share out a larger
 * budget. A guesser can hold a link up for the rest of the window; its invitee waits, nothing is revealed.
 */
const GUESSES_PER_INVITATION = 30;
const GUESS_WINDOW_MS = 10 * 60 * 1000;

/**
 * One budget of wrong password guesses per invitation and caller, and one per invitation for all callers, each
 * shared by reading and accepting (a per-route limit would give each route its own). A guess takes its place in
 * both before the password is checked (so a burst of parallel guesses is held to the budget) and gives it back
 * unless the password was wrong: the invitee reading their link again is not locked out, and a made-up id leaves
 * no row. Counted in the database like the other rate limits, so two instances, or one restarted, spend from the
 * same budget.
 */
function guessBudget(db: Database, log: FastifyBaseLogger) {
  const counter = createRateLimitCounter(db, {
    onPruneError: (error) => log.warn({ err: error }, 'removing ended rate-limit windows failed'),
  });
  const held = new WeakMap<FastifyRequest, () => Promise<void>>();
  return {
    /** Before the password is checked: one guess of each budget, or 429 when one is spent. */
    async take(request: FastifyRequest, reply: FastifyReply) {
      const invitation = (request.params as { id?: string }).id ?? '';
      const caller = `${invitation}|${request.currentUser?.id ?? request.ip}`;
      const budgets = [
        { namespace: 'invitation-password-all', key: invitation, max: GUESSES_PER_INVITATION },
        { namespace: 'invitation-password', key: caller, max: GUESSES },
      ].map((budget) => ({ ...budget, windowMs: GUESS_WINDOW_MS }));
      held.set(request, (await reserveAttempts(counter, budgets, reply)).release);
    },
    /** A refused password keeps its guess; every other outcome gives it back. */
    async markWrongPassword(request: FastifyRequest, _reply: FastifyReply, error: unknown) {
      const wrong =
        error instanceof ApiError &&
        error.errors.some((item) => item.errorCode === 'invitation_invalid_password');
      if (wrong) held.delete(request);
    },
    /** Runs once the answer is sent, after the route's transaction has ended either way. */
    async giveBack(request: FastifyRequest) {
      const release = held.get(request);
      held.delete(request);
      await release?.();
    },
  };
}

const invitationParams = z.object({ id: z.uuid() });
const passwordHeaders = z.object({ [INVITATION_PASSWORD_HEADER]: invitationPasswordSchema }).passthrough();

/** Invitations to a project (spec calls §7.5): a link with a password, valid 48 hours, one open per project. */
export const invitationRoutes: FastifyPluginAsyncZod<ProjectRouteOptions> = async (app, options) => {
  const { db, config } = options;
  const guesses = guessBudget(db, app.log);
  const { caller, record, log } = projectHelpers(options);

  /**
   * The invitation behind a link and its password, checked in the order that tells a stranger nothing: unknown
   * (`invitation_missing`), wrong password (`invitation_invalid_password`), revoked or its project closed
   * (`invitation_no_longer_valid`), past 48 hours (`invitation_expired`), then the secure-project rule and
   * whether the caller is in the project already (`invitation_already_member`).
   */
  async function openInvitation(
    tx: Executor,
    who: ProjectCaller,
    id: string,
    password: string,
    lock = false,
  ): Promise<{ invitation: InvitationRow; found: ProjectWithBoard }> {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, id)).limit(1);
    if (!invitation) throw invitationError(404, 'invitation_missing');
    if (!(await verifyPassword(password, invitation.passwordHash))) {
      throw invitationError(403, 'invitation_invalid_password', [INVITATION_PASSWORD_HEADER]);
    }
    const found = await findProject(tx, invitation.projectId, { lock });
    if (invitation.revokedAt || !found || found.project.status === 'cancelled') {
      throw invitationError(410, 'invitation_no_longer_valid');
    }
    if (invitation.expiresAt <= new Date()) throw invitationError(410, 'invitation_expired');
    if (found.project.secure) assertOpensSecure(who);
    if (await explicitRoleOf(tx, found.project.id, who.user.id)) {
      throw invitationError(409, 'invitation_already_member');
    }
    return { invitation, found };
  }

  app.post(
    '/projects/:id/invitations',
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
    '/projects/:id/invitations/:invitationId',
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

  app.get(
    '/invitations/:id/secure',
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
    async (request) => {
      const [row] = await db
        .select({ projectId: invitations.projectId })
        .from(invitations)
        .where(eq(invitations.id, request.params.id))
        .limit(1);
      const found = row && (await findProject(db, row.projectId));
      if (!found) throw invitationError(404, 'invitation_missing');
      return { isSecure: found.project.secure };
    },
  );

  app.get(
    '/invitations/:id',
    {
      config: { access: access.signedIn() },
      preHandler: guesses.take,
      onError: guesses.markWrongPassword,
      onResponse: guesses.giveBack,
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
      const who = await caller(request);
      const { invitation, found } = await openInvitation(
        db,
        who,
        request.params.id,
        request.headers[INVITATION_PASSWORD_HEADER],
      );
      const [inviter] = invitation.createdBy
        ? await db
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, invitation.createdBy))
            .limit(1)
        : [];
      return {
        ...invitationRecord(invitation, config.publicUrl),
        project: {
          uuid: found.project.id,
          name: found.project.name,
          boardName: found.board.name,
          secure: found.project.secure,
        },
        invitedBy: inviter?.email ?? null,
      };
    },
  );

  app.post(
    '/invitations/:id/accept',
    {
      config: { access: access.signedIn() },
      preHandler: guesses.take,
      onError: guesses.markWrongPassword,
      onResponse: guesses.giveBack,
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
      db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const { invitation, found } = await openInvitation(
          tx,
          who,
          request.params.id,
          request.headers[INVITATION_PASSWORD_HEADER],
          true,
        );
        // Reading tells the invitee where the link leads; joining is for people of the project's company space.
        await assertInProjectCompanySpace(tx, who.user.id, found.project, ['invitation']);
        await tx
          .insert(projectMembers)
          .values({ projectId: found.project.id, userId: who.user.id, role: 'member' });
        await log(tx, request, {
          action: 'accept_invitation',
          entityId: found.project.id,
          after: { invitationId: invitation.id, userId: who.user.id },
        });
        return record(tx, found.project.id, who);
      }),
  );
};
