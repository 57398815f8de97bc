import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportAccessDecisionSchema,
  exportAccessRequestSchema,
  exportAccessRequestsResource,
  type ExportAccessRequest,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { users } from '../../db/schema.js';
import { tools } from '../../db/schema-catalogue.js';
import { exportAccessRequests } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import { isAdmin, iso, isoOrNull, type Executor } from '../../modules/catalogue/context.js';

type RequestRow = typeof exportAccessRequests.$inferSelect;

export async function exportAccessRecord(db: Executor, row: RequestRow): Promise<ExportAccessRequest> {
  const [joined] = await db
    .select({ featureId: tools.featureId, toolName: tools.name, userEmail: users.email })
    .from(tools)
    .innerJoin(users, eq(users.id, row.userId))
    .where(eq(tools.id, row.toolId))
    .limit(1);
  return {
    id: row.id,
    featureId: joined!.featureId,
    toolName: joined!.toolName,
    userEmail: joined!.userEmail,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    requestedAt: iso(row.createdAt),
    decidedAt: isoOrNull(row.decidedAt),
  };
}

const columns = {
  id: exportAccessRequests.id,
  status: exportAccessRequests.status,
  requestedAt: exportAccessRequests.createdAt,
  featureId: sql`(select ${tools.featureId} from ${tools} where ${tools.id} = ${exportAccessRequests.toolId})`,
  userEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${exportAccessRequests.userId})`,
};

const tags = ['export access'];
const security = [{ bearer: [] }];

/** Export access requests: a customer sees their own, an admin every one and decides them. */
const exportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;

  app.get(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: "Export access requests: the caller's own, or every one for an admin (filters status, q)",
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(exportAccessRequestSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope = isAdmin(request) ? undefined : eq(exportAccessRequests.userId, request.currentUser!.id);
      const rows = await listRows<RequestRow>(
        { db, table: exportAccessRequests, columns, definition: exportAccessRequestsResource, scope },
        request,
        reply,
      );
      return Promise.all(rows.map((row) => exportAccessRecord(db, row)));
    },
  );

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
