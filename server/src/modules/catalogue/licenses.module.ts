import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { licensesResource, type LicenseRecord, type LicenseUpdate } from '@portal/resources';
import { licenses } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { repositoryModule } from '../../crud/module.js';
import { licenseRecords, type LicenseRow } from './fulfilment.js';
import { emailOf, ownRecords } from './own-records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Licenses (spec §2.2 /my/assets): each visible to its owner and to admins; admins revoke them. */
    licenses: ReturnType<typeof licensesRepository>;
  }
}

function licensesRepository({ db, clock }: Pick<FastifyInstance['catalogue'], 'db' | 'clock'>) {
  /** The license status of spec §4 in SQL, on the service's clock, so lists filter by it. */
  const licenseStatusSql = () =>
    sql`(case when ${licenses.revokedAt} is not null then 'revoked' when ${licenses.expiration} is null then 'perpetual' when ${licenses.expiration} <= ${clock.now()} then 'expired' else 'active' end)`;
  const own = ownRecords<LicenseRow, LicenseRecord>(db, {
    table: licenses,
    columns: () => ({
      id: licenses.id,
      product: licenses.product,
      grantedAt: licenses.grantedAt,
      status: licenseStatusSql(),
      userEmail: emailOf(licenses.userId),
    }),
    definition: licensesResource,
    records: (tx, rows) => licenseRecords(tx, rows, clock.now()),
    what: 'License',
    resource: 'license',
  });
  return {
    list: own.list,
    show: own.show,
    /** Revokes or restores a license, with a note; audited. */
    update: (request: FastifyRequest, id: string, change: LicenseUpdate) =>
      db.transaction(async (tx) => {
        const row = await own.row(tx, id);
        const now = clock.now();
        const before = await own.record(tx, row);
        const [updated] = await tx
          .update(licenses)
          .set({
            revokedAt: change.revoked ? (row.revokedAt ?? now) : null,
            comments: change.comments?.trim() || null,
          })
          .where(eq(licenses.id, row.id))
          .returning();
        const after = await own.record(tx, updated!);
        await audit(tx, request, { action: 'update', entity: 'license', entityId: row.id, before, after });
        return after;
      }),
  };
}

export default repositoryModule('licenses', (_options, app) => licensesRepository(app.catalogue), [
  'catalogue',
]);
