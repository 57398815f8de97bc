import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  serviceAccountInputSchema,
  serviceAccountSchema,
  serviceAccountWithSecretSchema,
  serviceAccountsResource,
  type RoleName,
  type ServiceAccount,
} from '@portal/resources';
import { access } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { serviceAccounts, users } from '../db/schema.js';
import { audit } from '../http/audit.js';
import { ApiError, notFound } from '../http/errors.js';
import { listQuerystring } from '../http/list-query.js';
import { listRows } from '../http/list.js';
import { sha256Hex } from '../lib/password.js';
import { errorResponses } from './schemas.js';

const columns = {
  id: serviceAccounts.id,
  clientId: serviceAccounts.clientId,
  userEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${serviceAccounts.userId})`,
};

const newSecret = () => randomBytes(32).toString('base64url');
const idParams = z.object({ id: z.uuid() });

/** Service accounts: machine clients of the client-credentials grant, acting as a user with default roles. */
export const serviceAccountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  reservedClientIds: string[];
}> = async (app, { db, reservedClientIds }) => {
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(serviceAccountsResource, action),
  });

  async function toRecord(row: typeof serviceAccounts.$inferSelect): Promise<ServiceAccount> {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    return {
      id: row.id,
      clientId: row.clientId,
      userEmail: user!.email,
      defaultRoles: row.roles as RoleName[],
    };
  }

  async function find(id: string) {
    const [row] = await db.select().from(serviceAccounts).where(eq(serviceAccounts.id, id)).limit(1);
    if (!row) throw notFound('Service account not found.', ['service-account']);
    return row;
  }

  /** The portal user a service account acts as: an existing user with that email, or a new one. */
  async function userFor(email: string): Promise<string> {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    if (existing) return existing.id;
    const [created] = await db
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

  app.get(
    '/service-accounts',
    {
      config: rule('list'),
      schema: {
        tags: ['service-accounts'],
        summary: 'List service accounts',
        security: [{ bearer: [] }],
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(serviceAccountSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<typeof serviceAccounts.$inferSelect>(
        { db, table: serviceAccounts, columns, definition: serviceAccountsResource },
        request,
        reply,
      );
      return Promise.all(rows.map(toRecord));
    },
  );

  app.get(
    '/service-accounts/:id',
    {
      config: rule('show'),
      schema: {
        tags: ['service-accounts'],
        summary: 'One service account (never its secret)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toRecord(await find(request.params.id)),
  );

  app.post(
    '/service-accounts',
    {
      config: rule('create'),
      schema: {
        tags: ['service-accounts'],
        summary: 'Create a service account; the answer carries its secret, shown this once',
        security: [{ bearer: [] }],
        body: serviceAccountInputSchema,
        response: { 201: serviceAccountWithSecretSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { clientId, userEmail, defaultRoles } = request.body;
      if (reservedClientIds.includes(clientId)) {
        throw ApiError.of(409, 'duplicate', 'This client ID belongs to the portal itself.', ['clientId']);
      }
      const [taken] = await db
        .select({ id: serviceAccounts.id })
        .from(serviceAccounts)
        .where(eq(serviceAccounts.clientId, clientId));
      if (taken)
        throw ApiError.of(409, 'duplicate', 'A service account with this client ID already exists.', [
          'clientId',
        ]);
      const secret = newSecret();
      const userId = await userFor(userEmail);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(serviceAccounts)
          .values({ clientId, secretHash: sha256Hex(secret), userId, roles: [...new Set(defaultRoles)] })
          .onConflictDoNothing()
          .returning();
        if (inserted) {
          await audit(tx, request, {
            action: 'create',
            entity: 'service_account',
            entityId: inserted.id,
            after: { clientId, userEmail, defaultRoles },
          });
        }
        return inserted;
      });
      if (!row)
        throw ApiError.of(409, 'duplicate', 'A service account with this client ID already exists.', [
          'clientId',
        ]);
      return reply.code(201).send({ ...(await toRecord(row)), secret });
    },
  );

  app.put(
    '/service-accounts/:id',
    {
      config: rule('edit'),
      schema: {
        tags: ['service-accounts'],
        summary: 'Change the user email and default roles of a service account (its client ID stays)',
        security: [{ bearer: [] }],
        params: idParams,
        body: serviceAccountInputSchema.omit({ clientId: true }).extend({ clientId: z.string().optional() }),
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const before = await find(request.params.id);
      const { userEmail, defaultRoles } = request.body;
      const userId = await userFor(userEmail);
      const [after] = await db.transaction(async (tx) => {
        const updated = await tx
          .update(serviceAccounts)
          .set({ userId, roles: [...new Set(defaultRoles)], updatedAt: new Date() })
          .where(eq(serviceAccounts.id, before.id))
          .returning();
        await audit(tx, request, {
          action: 'update',
          entity: 'service_account',
          entityId: before.id,
          before: { userId: before.userId, roles: before.roles },
          after: { userId, roles: defaultRoles },
        });
        return updated;
      });
      return toRecord(after!);
    },
  );

  app.post(
    '/service-accounts/:id/secret',
    {
      config: rule('edit'),
      schema: {
        tags: ['service-accounts'],
        summary: 'Replace the secret of a service account; the answer carries the new one, shown this once',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: serviceAccountWithSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await find(request.params.id);
      const secret = newSecret();
      await db.transaction(async (tx) => {
        await tx
          .update(serviceAccounts)
          .set({ secretHash: sha256Hex(secret), updatedAt: new Date() })
          .where(eq(serviceAccounts.id, row.id));
        await audit(tx, request, { action: 'rotate-secret', entity: 'service_account', entityId: row.id });
      });
      return { ...(await toRecord(row)), secret };
    },
  );

  app.delete(
    '/service-accounts/:id',
    {
      config: rule('delete'),
      schema: {
        tags: ['service-accounts'],
        summary: 'Delete a service account; its tokens stop working at once',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await find(request.params.id);
      const record = await toRecord(row);
      await db.transaction(async (tx) => {
        await tx.delete(serviceAccounts).where(eq(serviceAccounts.id, row.id));
        await audit(tx, request, {
          action: 'delete',
          entity: 'service_account',
          entityId: row.id,
          before: record,
        });
      });
      return record;
    },
  );
};
