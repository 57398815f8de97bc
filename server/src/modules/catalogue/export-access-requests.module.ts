import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  exportAccessRequestsResource,
  type ExportAccessDecision,
  type ExportAccessRequest,
} from '@portal/resources';
import { tools } from '../../db/schema-catalogue.js';
import { exportAccessRequests } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { ApiError } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { exportAccessRecord, type RequestRow } from './export-access.js';
import { emailOf, ownRecords } from './own-records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Export access requests: a customer sees their own, an admin every one and decides them. */
    exportAccessRequests: ReturnType<typeof exportAccessRepository>;
  }
}

const columns = {
  id: exportAccessRequests.id,
  status: exportAccessRequests.status,
  requestedAt: exportAccessRequests.createdAt,
  featureId: sql`(select ${tools.featureId} from ${tools} where ${tools.id} = ${exportAccessRequests.toolId})`,
  userEmail: emailOf(exportAccessRequests.userId),
};

function exportAccessRepository({ db, clock }: Pick<FastifyInstance['catalogue'], 'db' | 'clock'>) {
  const own = ownRecords<RequestRow, ExportAccessRequest>(db, {
    table: exportAccessRequests,
    columns: () => columns,
    definition: exportAccessRequestsResource,
    records: (tx, rows) => Promise.all(rows.map((row) => exportAccessRecord(tx, row))),
    what: 'Export access request',
    resource: 'export-access-request',
  });
  return {
    list: own.list,
    show: own.show,
    /** An admin grants or refuses a request; a refused one stays refused (the customer asks again). Audited. */
    decide: (request: FastifyRequest, id: string, { status, comment }: ExportAccessDecision) =>
      db.transaction(async (tx) => {
        const row = await own.row(tx, id, true);
        if (row.status === 'refused' || row.status === status) {
          throw ApiError.of(
            409,
            'invalid_state_transition',
            `This request is already ${row.status}; a refused request stays refused (the customer can ask again).`,
            ['status'],
          );
        }
        const before = await own.record(tx, row);
        const [updated] = await tx
          .update(exportAccessRequests)
          .set({ status, comment, decidedBy: request.currentUser!.id, decidedAt: clock.now() })
          .where(and(eq(exportAccessRequests.id, row.id), eq(exportAccessRequests.status, row.status)))
          .returning();
        const after = await own.record(tx, updated!);
        await audit(tx, request, {
          action: status === 'granted' ? 'grant' : 'refuse',
          entity: 'export_access_request',
          entityId: row.id,
          before,
          after,
        });
        return after;
      }),
  };
}

export default repositoryModule(
  'exportAccessRequests',
  (_options, app) => exportAccessRepository(app.catalogue),
  ['catalogue'],
);
