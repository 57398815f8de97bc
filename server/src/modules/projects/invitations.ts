import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, INVITATION_PASSWORD_HEADER, type ErrorCode } from '@portal/resources';
import { invitations } from '../../db/tables.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { createRateLimitCounter, reserveAttempts } from '../../http/rate-limit-store.js';
import { verifyPassword } from '../../lib/password.js';
import type { Executor } from './executor.js';
import { assertOpensSecure, type ProjectCaller } from './caller.js';
import { findProject, type InvitationRow, type ProjectWithBoard } from './records.js';
import { explicitRoleOf } from './roles.js';

export const invitationError = (status: number, code: ErrorCode, resources: string[] = ['invitation']) =>
  ApiError.of(status, code, ERROR_MESSAGES[code], resources);

/** Letters and digits that cannot be mistaken for each other when read out or typed from a message. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** 14 characters of 56: about 81 bits, far beyond what the rate limit lets anyone guess in 48 hours. */
export function generatePassword(length = 14): string {
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
export function guessBudget(db: Database, log: FastifyBaseLogger) {
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
