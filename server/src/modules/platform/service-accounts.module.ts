import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  serviceAccountWithSecretSchema,
  serviceAccountsResource,
  type RoleName,
  type ServiceAccount,
  type ServiceAccountInput,
} from '@portal/resources';
import { serviceAccounts, users } from '../../db/schema.js';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../crud/audit.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, findRow, type Executor, type Repository } from '../../crud/repository.js';
import { sha256Hex } from '../../lib/password.js';

type ServiceAccountRow = typeof serviceAccounts.$inferSelect;

export interface ServiceAccountsRepository extends Repository<ServiceAccountRow, ServiceAccount> {
  /** A new secret for a service account: stored hashed, answered once. */
  /** A new secret for the account (`POST service-accounts/{id}/secret`), audited; shown this once in the answer. */
  rotateSecret(request: FastifyRequest, id: string): Promise<ServiceAccount & { secret: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Service accounts: machine clients of the client-credentials grant, acting as a user with default roles. */
    serviceAccounts: ServiceAccountsRepository;
  }
}

const newSecret = () => randomBytes(32).toString('base64url');

/** The portal user a service account acts as: an existing user with that email, or a new one. */
async function userFor(tx: Executor, email: string): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({
      subject: `service-account:${email.toLowerCase()}`,
      issuer: 'service-account',
      username: email,
      email,
      emailVerified: true,
    })
    .returning({ id: users.id });
  return created!.id;
}

async function serviceAccountRecords(db: Executor, rows: ServiceAccountRow[]): Promise<ServiceAccount[]> {
  if (!rows.length) return [];
  const emails = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((row) => row.userId),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    userEmail: emails.find((user) => user.id === row.userId)!.email,
    defaultRoles: row.roles as RoleName[],
  }));
}

export default repositoryModule('serviceAccounts', ({ db, config }): ServiceAccountsRepository => {
  // The portal's own clients of the embedded provider are no service accounts.
  const reserved = [config.oidc.clientId, config.oidc.mfaClientId];
  const base = defineRepository<typeof serviceAccounts, ServiceAccount>(
    serviceAccountsResource,
    serviceAccounts,
    {
      columns: {
        id: serviceAccounts.id,
        clientId: serviceAccounts.clientId,
        userEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${serviceAccounts.userId})`,
      },
      toRecords: serviceAccountRecords,
      createdSchema: serviceAccountWithSecretSchema,
      insertValues: async (input, { tx, revealed }) => {
        const { clientId, userEmail, defaultRoles } = input as ServiceAccountInput;
        if (reserved.includes(clientId)) {
          throw ApiError.of(409, 'duplicate', 'This client ID belongs to the portal itself.', ['clientId']);
        }
        const secret = newSecret();
        revealed.secret = secret;
        const userId = await userFor(tx, userEmail);
        return { clientId, secretHash: sha256Hex(secret), userId, roles: [...new Set(defaultRoles)] };
      },
      updateValues: async (input, _before, { tx }) => {
        const { userEmail, defaultRoles } = input as Omit<ServiceAccountInput, 'clientId'>;
        return { userId: await userFor(tx, userEmail), roles: [...new Set(defaultRoles)] };
      },
    },
  );
  return {
    ...base,
    rotateSecret: (request, id) =>
      db.transaction(async (tx) => {
        const row = await findRow(base, tx, request, id);
        if (!row) throw notFound('Service account not found.', ['service-account']);
        const secret = newSecret();
        await tx
          .update(serviceAccounts)
          .set({ secretHash: sha256Hex(secret), updatedAt: new Date() })
          .where(eq(serviceAccounts.id, row.id));
        await audit(tx, request, { action: 'rotate_secret', entity: base.entity, entityId: row.id });
        const [record] = await serviceAccountRecords(tx, [row]);
        return { ...record!, secret };
      }),
  };
});
