import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenseRecordSchema, licenseUpdateSchema, licensesResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import { licenses } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import { licenseRecords, type LicenseRow } from '../../modules/catalogue/fulfilment.js';

import { emailOf, idParams, ownRow, ownListRoute, security } from '../../modules/catalogue/own-records.js';

/** Licenses (spec §2.2 /my/assets): each visible to its owner and to admins; admins revoke them. */
const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;

  /** The license status of spec §4 in SQL, on the service's clock, so lists filter by it. */
  const licenseStatusSql = () =>
    sql`(case when ${licenses.revokedAt} is not null then 'revoked' when ${licenses.expiration} is null then 'perpetual' when ${licenses.expiration} <= ${clock.now()} then 'expired' else 'active' end)`;

  ownListRoute<LicenseRow>(app, db, {
    tags: ['licenses'],
    summary:
      "Licenses: the caller's own (spec §2.2 /my/assets), every customer's for an admin (filter status: active, expired, revoked, perpetual)",
    record: licenseRecordSchema,
    table: licenses,
    owner: licenses.userId,
    columns: () => ({
      id: licenses.id,
      product: licenses.product,
      grantedAt: licenses.grantedAt,
      status: licenseStatusSql(),
      userEmail: emailOf(licenses.userId),
    }),
    definition: licensesResource,
    records: (tx, rows) => licenseRecords(tx, rows, clock.now()),
  });

  app.get(
    '/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['licenses'],
        summary: 'One license (its holder or an admin)',
        security,
        params: idParams,
        response: { 200: licenseRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(licenses).where(eq(licenses.id, request.params.id)).limit(1);
      return (await licenseRecords(db, [await ownRow(request, row, 'License')], clock.now()))[0]!;
    },
  );

  app.put(
    '/:id',
    {
      config: { access: access.resource(licensesResource, 'edit') },
      schema: {
        tags: ['licenses'],
        summary: 'Revoke or restore a license, with a note',
        security,
        params: idParams,
        body: licenseUpdateSchema,
        response: { 200: licenseRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(licenses).where(eq(licenses.id, request.params.id)).limit(1);
        if (!row) throw notFound('License not found.', ['license']);
        const now = clock.now();
        const [before] = await licenseRecords(tx, [row], now);
        const [updated] = await tx
          .update(licenses)
          .set({
            revokedAt: request.body.revoked ? (row.revokedAt ?? now) : null,
            comments: request.body.comments?.trim() || null,
          })
          .where(eq(licenses.id, row.id))
          .returning();
        const [after] = await licenseRecords(tx, [updated!], now);
        await audit(tx, request, { action: 'update', entity: 'license', entityId: row.id, before, after });
        return after!;
      }),
  );
};

export default licenseRoutes;
