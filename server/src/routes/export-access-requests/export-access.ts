import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportAccessDecisionSchema,
  exportAccessRequestSchema,
  exportAccessRequestsResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { tools } from '../../db/schema-catalogue.js';
import { exportAccessRequests } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { ApiError, notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import { isAdmin } from '../../modules/catalogue/context.js';
import { exportAccessRecord, type RequestRow } from '../../modules/catalogue/export-access.js';
import { emailOf, ownListRoute } from '../../modules/catalogue/own-records.js';

const columns = {
  id: exportAccessRequests.id,
  status: exportAccessRequests.status,
  requestedAt: exportAccessRequests.createdAt,
  featureId: sql`(select ${tools.featureId} from ${tools} where ${tools.id} = ${exportAccessRequests.toolId})`,
  userEmail: emailOf(exportAccessRequests.userId),
};

const tags = ['export access'];
const security = [{ bearer: [] }];

/** Export access requests: a customer sees their own, an admin every one and decides them. */
const exportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;

  ownListRoute<RequestRow>(app, db, {
    tags,
    summary: "Export access requests: the caller's own, or every one for an admin (filters status, q)",
    record: exportAccessRequestSchema,
    table: exportAccessRequests,
    owner: exportAccessRequests.userId,
    columns: () => columns,
    definition: exportAccessRequestsResource,
    records: (tx, rows) => Promise.all(rows.map((row) => exportAccessRecord(tx, row))),
  });

  app.get(
    '/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'One export access request (its requester or an admin)',
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: exportAccessRequestSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(exportAccessRequests)
        .where(eq(exportAccessRequests.id, request.params.id))
        .limit(1);
      if (!row || (row.userId !== request.currentUser!.id && !isAdmin(request))) {
        throw notFound('Export access request not found.', ['export-access-request']);
      }
      return exportAccessRecord(db, row);
    },
  );

  app.put(
    '/:id',
    {
      config: { access: access.resource(exportAccessRequestsResource, 'edit') },
      schema: {
        tags,
        summary:
          'Grant or refuse a pending request (a refusal says why); a granted one can be refused later, which withdraws the access',
        security,
        params: z.object({ id: z.uuid() }),
        body: exportAccessDecisionSchema,
        response: { 200: exportAccessRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(exportAccessRequests)
          .where(eq(exportAccessRequests.id, request.params.id))
          .for('update')
          .limit(1);
        if (!row) throw notFound('Export access request not found.', ['export-access-request']);
        const { status, comment } = request.body;
        if (row.status === 'refused' || row.status === status) {
          throw ApiError.of(
            409,
            'invalid_state_transition',
            `This request is already ${row.status}; a refused request stays refused (the customer can ask again).`,
            ['status'],
          );
        }
        const before = await exportAccessRecord(tx, row);
        const [updated] = await tx
          .update(exportAccessRequests)
          .set({ status, comment, decidedBy: request.currentUser!.id, decidedAt: clock.now() })
          .where(and(eq(exportAccessRequests.id, row.id), eq(exportAccessRequests.status, row.status)))
          .returning();
        const after = await exportAccessRecord(tx, updated!);
        await audit(tx, request, {
          action: status === 'granted' ? 'grant' : 'refuse',
          entity: 'export_access_request',
          entityId: row.id,
          before,
          after,
        });
        return after;
      }),
  );
};

export default exportAccessRoutes;
