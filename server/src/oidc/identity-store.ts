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
const TOTP_ISSUER = 'Developer Portal';

/** A sign-up of an address that has an account; the account is told by mail, the caller is not. */
export class EmailTakenError extends Error {
  constructor(readonly account: IdentityAccount) {
    super('an account with this email exists');
  }
}

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
     * An email that has an account already costs the same hash, then throws EmailTakenError with that account.
     */
    async register(
      registration: Registration,
      within?: (tx: Writer, account: IdentityAccount) => Promise<void>,
    ): Promise<IdentityAccount> {
      const existing = await this.findByEmail(registration.email);
      const passwordHash = await hashPassword(registration.password);
      if (existing) throw new EmailTakenError(existing);
      const created = await db.transaction(async (tx) => {
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
        if (account) await within?.(tx, account);
        return account;
      });
      if (created) return created;
      // A sign-up of the same address won the race.
      throw new EmailTakenError((await this.findByEmail(registration.email))!);
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

/** The mails of a sign-up: the confirmation link of a new account, or the note to an address that has one. */
export interface SignUpMailer {
  /** Queues the one-time confirmation link; with `tx`, inside that transaction (the account's own). */
  verification(account: { id: string; email: string; givenName: string | null }, tx?: Writer): Promise<void>;
  /** Tells the holder of an account that someone tried to register with its address. */
  accountExists(account: { email: string; givenName: string | null }): Promise<void>;
}

/**
 * The mails of a sign-up, delivered by the mail worker. The token and the queued confirmation mail are written
 * through `tx` when given, so they commit with the account or not at all. A sign-up with a taken address gets
 * the same answer on screen as a new one; only the address's holder learns, by this mail, what happened.
 */
export function signUpMailer(
  identity: IdentityStore,
  mail: MailQueue,
  urls: { verify: string; signIn: string },
): SignUpMailer {
  const hello = (account: { givenName: string | null }) => `Hello ${mailLine(account.givenName ?? '')},\n\n`;
  return {
    async verification(account, tx) {
      const token = await identity.createVerificationToken(account.id, tx);
      await mail.enqueue(
        {
          kind: 'verification',
          to: account.email,
          subject: 'Confirm your email address for the Developer Portal',
          text: `${hello(account)}please confirm your email address by opening this link within 48 hours:\n\n${urls.verify}?token=${token}\n\nIf you did not register, ignore this message.\n`,
        },
        tx,
      );
    },
    async accountExists(account) {
      await mail.enqueue({
        kind: 'account-exists',
        to: account.email,
        subject: 'Someone tried to register with your email address at the Developer Portal',
        text: `${hello(account)}someone just tried to create a Developer Portal account with your email address, which already has one. Nothing was changed.\n\nIf it was you, sign in instead: ${urls.signIn}\nIf you forgot your password, ask the portal's support to reset it.\nIf it was not you, ignore this message.\n`,
      });
    },
  };
}
