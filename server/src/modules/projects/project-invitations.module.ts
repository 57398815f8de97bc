import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_MESSAGES,
  INVITATION_PASSWORD_HEADER,
  INVITATION_VALIDITY_MS,
  type ErrorCode,
  type Invitation,
  type InvitationDetails,
} from '@portal/resources';
import { invitations, users } from '../../db/tables.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { createRateLimitCounter, reserveAttempts } from '../../transport/rate-limit-store.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Executor } from '../../crud/repository.js';
import { assertOpensSecure, type ProjectCaller } from './caller.js';
import { findProject, invitationRecord, type InvitationRow, type ProjectWithBoard } from './records.js';
import { explicitRoleOf } from './project-roles.module.js';

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
 * Wrong password guesses, budgeted per invitation and caller and per invitation, shared by reading and accepting. A
 * guess is reserved before the check (parallel bursts stay in budget) and given back unless wrong (README).
 */
function guessBudget(db: Database, log: FastifyBaseLogger) {
  const counter = createRateLimitCounter(db, {
    onPruneError: (error) => log.warn({ err: error }, 'removing ended rate-limit windows failed'),
  });
  const held = new WeakMap<FastifyRequest, () => Promise<void>>();
  return {
    /** Before the password is checked: one guess of each budget, or 429 when one is spent. */
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const invitation = (request.params as { id?: string }).id ?? '';
      const caller = `${invitation}|${request.currentUser?.id ?? request.ip}`;
      const budgets = [
        { namespace: 'invitation-password-all', key: invitation, max: GUESSES_PER_INVITATION },
        { namespace: 'invitation-password', key: caller, max: GUESSES },
      ].map((budget) => ({ ...budget, windowMs: GUESS_WINDOW_MS }));
      held.set(request, (await reserveAttempts(counter, budgets, reply)).release);
    },
    /** A refused password keeps its guess; every other outcome gives it back. */
    async onError(request: FastifyRequest, _reply: FastifyReply, error: unknown) {
      const wrong =
        error instanceof ApiError &&
        error.errors.some((item) => item.errorCode === 'invitation_invalid_password');
      if (wrong) held.delete(request);
    },
    /**
     * Gives the guess back before the answer goes out (after the route's transaction has ended either way), so a
     * caller who reads the answer finds the budget as it now stands. A failure to give it back is logged, never
     * turned into the answer: an accepted invitation has joined the caller already.
     */
    async onSend(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
      const release = held.get(request);
      held.delete(request);
      await release?.().catch((error: unknown) =>
        log.warn({ err: error }, 'giving back an invitation password guess failed'),
      );
      return payload;
    },
  };
}

/**
 * The invitation behind a link and its password, checked in the order that tells a stranger nothing: unknown
 * (`invitation_missing`), wrong password (`invitation_invalid_password`), revoked or its project closed
 * (`invitation_no_longer_valid`), past 48 hours (`invitation_expired`), then the secure-project rule and
 * whether the caller is in the project already (`invitation_already_member`).
 */
export async function openInvitation(
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

/** An invitation's record for its invitee: where it leads and who sent it. */
async function invitationDetails(
  db: Executor,
  publicUrl: string,
  { invitation, found }: { invitation: InvitationRow; found: ProjectWithBoard },
): Promise<InvitationDetails> {
  const [inviter] = invitation.createdBy
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, invitation.createdBy)).limit(1)
    : [];
  return {
    ...invitationRecord(invitation, publicUrl),
    project: {
      uuid: found.project.id,
      name: found.project.name,
      boardName: found.board.name,
      secure: found.project.secure,
    },
    invitedBy: inviter?.email ?? null,
  };
}

export interface ProjectInvitationsRepository {
  /**
   * The hooks of every route that takes an invitation's password (spread into its options): reading and accepting
   * spend one budget of guesses.
   */
  guessBudget: ReturnType<typeof guessBudget>;
  /** The password of a new invitation (chosen, or made up when left out) and its hash. */
  password(chosen?: string): Promise<{ password: string; passwordHash: string }>;
  /** A new invitation link of a project, valid 48 hours; revokes the open one. Answered without its password. */
  create(tx: Executor, projectId: string, createdBy: string, passwordHash: string): Promise<Invitation>;
  /** Revokes an invitation of this project (one already revoked stays as it is); 404 when it has none such. */
  revoke(tx: Executor, projectId: string, invitationId: string): Promise<Invitation>;
  /** Whether an invitation leads to a secure project; 404 `invitation_missing` when there is none (or no project). */
  isSecure(db: Executor, id: string): Promise<boolean>;
  open: typeof openInvitation;
  details(
    db: Executor,
    opened: { invitation: InvitationRow; found: ProjectWithBoard },
  ): Promise<InvitationDetails>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Invitation links to projects (spec calls §7.5). */
    projectInvitations: ProjectInvitationsRepository;
  }
}

export default repositoryModule(
  'projectInvitations',
  ({ db, config }, app): ProjectInvitationsRepository => ({
    guessBudget: guessBudget(db, app.log),
    password: async (chosen) => {
      const password = chosen ?? generatePassword();
      return { password, passwordHash: await hashPassword(password) };
    },
    create: async (tx, projectId, createdBy, passwordHash) => {
      const now = new Date();
      await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(invitations.projectId, projectId), isNull(invitations.revokedAt)));
      const [row] = await tx
        .insert(invitations)
        .values({
          projectId,
          passwordHash,
          createdBy,
          expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_MS),
        })
        .returning();
      return invitationRecord(row!, config.publicUrl, now);
    },
    revoke: async (tx, projectId, invitationId) => {
      const [row] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, invitationId), eq(invitations.projectId, projectId)))
        .limit(1);
      if (!row) throw invitationError(404, 'invitation_missing');
      const [revoked] = row.revokedAt
        ? [row]
        : await tx
            .update(invitations)
            .set({ revokedAt: new Date() })
            .where(eq(invitations.id, row.id))
            .returning();
      return invitationRecord(revoked!, config.publicUrl);
    },
    isSecure: async (db, id) => {
      const [row] = await db
        .select({ projectId: invitations.projectId })
        .from(invitations)
        .where(eq(invitations.id, id))
        .limit(1);
      const found = row && (await findProject(db, row.projectId));
      if (!found) throw invitationError(404, 'invitation_missing');
      return found.project.secure;
    },
    open: openInvitation,
    details: (db, opened) => invitationDetails(db, config.publicUrl, opened),
  }),
);
