import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Registration } from '@portal/resources';
import { mailLine } from '../mail/mailer.js';
import type { MailQueue } from '../mail/queue.js';
import type { Database } from '../db/client.js';
import { emailVerifications, identityAccounts } from '../db/schema.js';
import { hashPassword, sha256Hex, verifyPassword } from '../lib/password.js';

/** The database or a transaction of it, for the writes of a sign-up. */
type Writer = Pick<Database, 'insert'>;

export type IdentityAccount = typeof identityAccounts.$inferSelect;

const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
export const TOTP_ISSUER = 'Developer Portal';

export class EmailTakenError extends Error {}

// Checked against when the email is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

function totpFor(secret: string, email: string) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** The embedded provider's accounts: sign-up, password check, email verification and the TOTP second factor. */
export function identityStore(db: Database) {
  return {
    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(identityAccounts)
        .where(eq(sql`lower(${identityAccounts.email})`, email.trim().toLowerCase()))
        .limit(1);
      return row;
    },

    async findById(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, id)).limit(1);
      return row;
    },

    /** The account when the password matches; the same time is spent when the email is unknown. */
    async checkPassword(email: string, password: string) {
      const account = await this.findByEmail(email);
      dummyHash ??= hashPassword('no such account');
      const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
      return account && valid ? account : undefined;
    },

    /**
     * Makes the account; `within` runs in the same transaction with the new row (its verification mail), so a
     * failure or a kill there leaves no account behind. The password is hashed before, outside the transaction.
     */
    async register(
      registration: Registration,
      within?: (tx: Writer, account: IdentityAccount) => Promise<void>,
    ): Promise<IdentityAccount> {
      if (await this.findByEmail(registration.email)) throw new EmailTakenError();
      const passwordHash = await hashPassword(registration.password);
      return db.transaction(async (tx) => {
        const [account] = await tx
          .insert(identityAccounts)
          .values({
            email: registration.email,
            passwordHash,
            givenName: registration.givenName,
            familyName: registration.familyName,
            company: registration.company,
            country: registration.country,
            emailVerified: false,
          })
          .onConflictDoNothing()
          .returning();
        if (!account) throw new EmailTakenError();
        await within?.(tx, account);
        return account;
      });
    },

    /** A fresh one-time verification token; only its hash is stored (with `tx`, inside that transaction). */
    async createVerificationToken(accountId: string, tx: Writer = db): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await tx.insert(emailVerifications).values({
        tokenHash: sha256Hex(token),
        accountId,
        expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
      });
      return token;
    },

    /** Marks the account verified; false when the token is unknown, used or expired. */
    async verifyEmail(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailVerifications.tokenHash, sha256Hex(token)),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, new Date()),
            ),
          )
          .returning({ accountId: emailVerifications.accountId });
        if (!row) return false;
        await tx
          .update(identityAccounts)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(identityAccounts.id, row.accountId));
        return true;
      });
    },

    /** The secret to enrol with: the pending one if enrolment was started, else a new one. */
    async enrolmentSecret(accountId: string): Promise<string> {
      const account = await this.findById(accountId);
      if (!account) throw new Error('account vanished');
      if (account.totpSecret && !account.totpEnabledAt) return account.totpSecret;
      const secret = new Secret({ size: 20 }).base32;
      await db
        .update(identityAccounts)
        .set({ totpSecret: secret, updatedAt: new Date() })
        .where(eq(identityAccounts.id, accountId));
      return secret;
    },

    otpauthUri(secret: string, email: string): string {
      return totpFor(secret, email).toString();
    },

    /**
     * Checks a code against the account's secret (one step of clock drift either way); a first good code enrols.
     * A code works once: its time step must be later than the last accepted one, and storing it is the check
     * (one conditional update), so a replayed or raced code finds the step taken.
     */
    async checkTotp(accountId: string, code: string): Promise<boolean> {
      const account = await this.findById(accountId);
      if (!account?.totpSecret) return false;
      const totp = totpFor(account.totpSecret, account.email);
      const delta = totp.validate({ token: code, window: 1 });
      if (delta === null) return false;
      const step = totp.counter() + delta;
      const [accepted] = await db
        .update(identityAccounts)
        .set({
          totpLastStep: step,
          totpEnabledAt: account.totpEnabledAt ?? new Date(),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(identityAccounts.id, accountId),
            or(isNull(identityAccounts.totpLastStep), lt(identityAccounts.totpLastStep, step)),
          ),
        )
        .returning({ id: identityAccounts.id });
      return accepted !== undefined;
    },
  };
}

export type IdentityStore = ReturnType<typeof identityStore>;

/** Queues the confirmation mail of an account; with `tx`, inside that transaction (the account's own). */
export type VerificationMailer = (
  account: { id: string; email: string; givenName: string | null },
  tx?: Writer,
) => Promise<void>;

/**
 * Queues the one-time confirmation link of an account to its address (delivered by the mail worker). The token
 * and the queued mail are written through `tx` when given, so they commit with the account or not at all.
 */
export function verificationMailer(
  identity: IdentityStore,
  mail: MailQueue,
  verifyUrl: string,
): VerificationMailer {
  return async (account, tx) => {
    const token = await identity.createVerificationToken(account.id, tx);
    await mail.enqueue(
      {
        kind: 'verification',
        to: account.email,
        subject: 'Confirm your email address for the Developer Portal',
        text: `Hello ${mailLine(account.givenName ?? '')},\n\nplease confirm your email address by opening this link within 48 hours:\n\n${verifyUrl}?token=${token}\n\nIf you did not register, ignore this message.\n`,
      },
      tx,
    );
  };
}
