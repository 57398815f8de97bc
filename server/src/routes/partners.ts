import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerInputSchema, partnerSchema, partnersResource, type PartnerInput } from '@portal/resources';
import { access } from '../auth/access.js';
import type { Database } from '../db/client.js';
import { partners } from '../db/schema-boards.js';
import { audit } from '../http/audit.js';
import { isUniqueViolation } from '../http/database-errors.js';
import { ApiError, notFound } from '../http/errors.js';
import { listQuerystring } from '../http/list-query.js';
import { listRows } from '../http/list.js';
import { errorResponses } from './schemas.js';
import {
  assignedCountColumn,
  findPartner,
  partnerRecord,
  partnerRecords,
  type PartnerRow,
} from './partners-records.js';

const columns = {
  id: partners.id,
  name: partners.name,
  linkUrl: partners.linkUrl,
  assignedCount: assignedCountColumn,
};

const tags = ['partners'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.uuid() });

const partnerNotFound = () => notFound('Partner not found.', ['partner']);
const nameTaken = () => ApiError.of(409, 'duplicate', 'A partner with this name already exists.', ['name']);

const values = (body: PartnerInput) => ({
  name: body.name.trim(),
  linkUrl: body.linkUrl.trim(),
  logoUrl: body.logoUrl?.trim() || null,
});

const withUniqueName = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
};

/**
 * Partners (spec product §2.3 /admin/partners, §3 partner, §5): admin CRUD. A partner's assigned count is the
 * number of boards showing it; boards assign and unassign partners under `boards/{id}/partners`.
 */
export const partnerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/partners',
    {
      config: { access: access.resource(partnersResource, 'list') },
      schema: {
        tags,
        summary:
          'List partners (react-admin simple-rest: Range `partners=0-24`, sort name|assignedCount, filters name (contains), q over name and link)',
        security,
        querystring: listQuerystring,
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(partnerSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<PartnerRow>(
        { db, table: partners, columns, definition: partnersResource },
        request,
        reply,
      );
      return partnerRecords(db, rows);
    },
  );

  app.get(
    '/partners/:id',
    {
      config: { access: access.resource(partnersResource, 'show') },
      schema: {
        tags,
        summary: 'One partner with its assigned count',
        security,
        params,
        response: { 200: partnerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findPartner(db, request.params.id);
      if (!row) throw partnerNotFound();
      return partnerRecord(db, row);
    },
  );

  app.post(
    '/partners',
    {
      config: { access: access.resource(partnersResource, 'create') },
      schema: {
        tags,
        summary:
          'Create a partner: name required (unique ignoring case, 409 duplicate), link required and a web address, logo a web address or empty',
        security,
        body: partnerInputSchema,
        response: { 201: partnerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await withUniqueName(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(partners).values(values(request.body)).returning();
          const record = await partnerRecord(tx, row!);
          await audit(tx, request, { action: 'create', entity: 'partner', entityId: row!.id, after: record });
          return record;
        }),
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/partners/:id',
    {
      config: { access: access.resource(partnersResource, 'edit') },
      schema: {
        tags,
        summary: 'Update a partner (same rules as create); the boards showing it show the change',
        security,
        params,
        body: partnerInputSchema,
        response: { 200: partnerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      withUniqueName(() =>
        db.transaction(async (tx) => {
          const current = await findPartner(tx, request.params.id);
          if (!current) throw partnerNotFound();
          const before = await partnerRecord(tx, current);
          const [row] = await tx
            .update(partners)
            .set({ ...values(request.body), updatedAt: new Date() })
            .where(eq(partners.id, current.id))
            .returning();
          if (!row) throw partnerNotFound();
          const after = await partnerRecord(tx, row);
          await audit(tx, request, { action: 'update', entity: 'partner', entityId: row.id, before, after });
          return after;
        }),
      ),
  );

  app.delete(
    '/partners/:id',
    {
      config: { access: access.resource(partnersResource, 'delete') },
      schema: {
        tags,
        summary:
          'Delete a partner; the boards showing it stop showing it. Answers the deleted partner with the assigned count it had',
        security,
        params,
        response: { 200: partnerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const current = await findPartner(tx, request.params.id);
        if (!current) throw partnerNotFound();
        const record = await partnerRecord(tx, current);
        await tx.delete(partners).where(eq(partners.id, current.id));
        await audit(tx, request, {
          action: 'delete',
          entity: 'partner',
          entityId: current.id,
          before: record,
        });
        return record;
      }),
  );
};
