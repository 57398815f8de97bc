import { and, eq, inArray } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { RoleName, User } from '@portal/resources';
import type { Database } from '../db/client.js';
import type { ClaimedProfile } from './claim-mapping.js';
import { identityAccounts, serviceAccounts, userRoles, users } from '../db/schema.js';

export interface CurrentUser extends User {
  subject: string;
  /** The client id when a service account's token stands for this user (audit records name it). */
  serviceAccountClientId?: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

function toUser(row: typeof users.$inferSelect, roles: string[]): CurrentUser {
  return {
    id: row.id,
    subject: row.subject,
    username: row.username,
    email: row.email,
    givenName: row.givenName,
    familyName: row.familyName,
    company: row.company,
    country: row.country,
    emailVerified: row.emailVerified,
    roles: roles.sort().map((name) => ({ name: name as RoleName })),
  };
}

export function usersRepository(db: Database, issuerKey: string) {
  async function rolesOf(userId: string): Promise<string[]> {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return rows.map((r) => r.role);
  }

  return {
    /**
     * The service account a client-credentials token stands for: its client id is a registered service
     * account and the token names no person. It acts as its user with the account's default roles.
     */
    async serviceAccountFromToken(claims: JWTPayload): Promise<CurrentUser | null> {
      const clientId =
        typeof claims.client_id === 'string'
          ? claims.client_id
          : typeof claims.azp === 'string'
            ? claims.azp
            : null;
      if (!clientId || (claims.sub !== clientId && typeof claims.email === 'string')) return null;
      const [row] = await db
        .select({ account: serviceAccounts, user: users })
        .from(serviceAccounts)
        .innerJoin(users, eq(users.id, serviceAccounts.userId))
        .where(eq(serviceAccounts.clientId, clientId))
        .limit(1);
      if (!row) return null;
      return { ...toUser(row.user, [...row.account.roles]), serviceAccountClientId: clientId };
    },

    async rolesByUser(userIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (!userIds.length) return map;
      const rows = await db.select().from(userRoles).where(inArray(userRoles.userId, userIds));
      for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.role]);
      return map;
    },

    /**
     * The portal user behind a verified token; created on first sign-in from what the provider says of it
     * (`profile`), and refreshed when that changed. A part the provider did not say keeps its stored value.
     */
    async fromToken(claims: JWTPayload, said: ClaimedProfile): Promise<CurrentUser | null> {
      const subject = claims.sub!;
      const organisation = { company: text(claims.company), country: text(claims.country) };
      const [existing] = await db
        .select()
        .from(users)
        .where(and(eq(users.issuer, issuerKey), eq(users.subject, subject)))
        .limit(1);
      if (existing) {
        const email = said.email ?? existing.email;
        const profile = {
          email,
          givenName: said.givenName ?? existing.givenName,
          familyName: said.familyName ?? existing.familyName,
          ...organisation,
          // A verification stands for the address it was made for: a new address unconfirmed is unverified.
          emailVerified: said.emailVerified ?? (email === existing.email ? existing.emailVerified : false),
        };
        const changed = (Object.keys(profile) as (keyof typeof profile)[]).some(
          (key) => existing[key] !== profile[key],
        );
        if (!changed) return toUser(existing, await rolesOf(existing.id));
        const [updated] = await db
          .update(users)
          .set({ ...profile, updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning();
        return toUser(updated!, await rolesOf(existing.id));
      }
      // The embedded provider's accounts live beside the users: a token that outlived its account (deleted since)
      // must not bring the user back. An external provider's subjects are created on first sight.
      if (issuerKey === 'embedded') {
        const valid = /^[0-9a-f-]{36}$/i.test(subject);
        const [account] = valid
          ? await db
              .select({ id: identityAccounts.id })
              .from(identityAccounts)
              .where(eq(identityAccounts.id, subject))
              .limit(1)
          : [];
        if (!account) return null;
      }
      const profile = {
        email: said.email ?? `${subject}@users.invalid`,
        givenName: said.givenName ?? null,
        familyName: said.familyName ?? null,
        ...organisation,
        emailVerified: said.emailVerified ?? false,
      };
      const [created] = await db
        .insert(users)
        .values({
          subject,
          issuer: issuerKey,
          username: text(claims.preferred_username) ?? profile.email,
          ...profile,
        })
        .onConflictDoUpdate({
          target: [users.issuer, users.subject],
          set: { ...profile, updatedAt: new Date() },
        })
        .returning();
      return toUser(created!, await rolesOf(created!.id));
    },
  };
}
