import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  downloadRefusal,
  installationKeySchema,
  installerInputSchema,
  installerRecordSchema,
  isInstallable,
  licenseRecordSchema,
  licenseUpdateSchema,
  licensesResource,
  orderPositionDecisionSchema,
  orderRecordSchema,
  ordersResource,
  type InstallerRecord,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { users } from '../../db/schema.js';
import {
  installationKeys,
  installers,
  licenses,
  orderPositions,
  orders,
  toolVersions,
} from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import { isAdmin, iso, type CatalogueContext, type Executor } from '../../modules/catalogue/context.js';
import {
  decidePosition,
  installerRecords,
  licenseRecords,
  newInstallationKey,
  orderRecords,
  refreshOrderStatus,
  type InstallerRow,
  type LicenseRow,
  type OrderRow,
} from '../../modules/catalogue/fulfilment.js';
import {
  entitlementsOf,
  exportAccessOf,
  findToolByFeatureId,
  isEntitled,
} from '../../modules/catalogue/records.js';

const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const listHeaders = z.object({ range: z.string().max(100).optional() }).passthrough();

const emailOf = (column: PgColumn) =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${column})`;

/** The caller's own rows, or every row for an admin. */
const ownScope = (request: FastifyRequest, column: PgColumn) =>
  isAdmin(request) ? undefined : eq(column, request.currentUser!.id);

/** Installers have no admin resource; this is the list definition their list call is checked against. */
const installersList = {
  name: 'installers',
  record: installerRecordSchema,
  list: {
    columns: ['name', 'featureId', 'createdAt'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' as const },
    filters: [],
  },
};

/**
 * Orders with their positions, licenses, installers and installation keys (spec §2.2 /my/orders, /my/assets,
 * /my/installers): each visible to its owner and to admins; admins decide positions and revoke licenses.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;

  async function ownRow<T extends { userId: string }>(
    request: FastifyRequest,
    row: T | undefined,
    what: string,
  ) {
    if (!row || (row.userId !== request.currentUser!.id && !isAdmin(request)))
      throw notFound(`${what} not found.`);
    return row;
  }

  const orderColumns = {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    kind: orders.kind,
    paid: orders.paid,
    requestedAt: orders.requestedAt,
    userEmail: emailOf(orders.userId),
  };

  app.get(
    '/orders',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['orders'],
        summary:
          "Orders with their positions: the caller's own (spec §2.2 /my/orders), every customer's for an admin (filters status, kind, paid, q over number and email)",
        security,
        querystring: listQuerystring,
        headers: listHeaders,
        response: { 200: z.array(orderRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<OrderRow>(
        {
          db,
          table: orders,
          columns: orderColumns,
          definition: ordersResource,
          scope: ownScope(request, orders.userId),
        },
        request,
        reply,
      );
      return orderRecords(db, rows);
    },
  );

  app.get(
    '/orders/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['orders'],
        summary: 'One order with its positions (its owner or an admin)',
        security,
        params: idParams,
        response: { 200: orderRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(orders).where(eq(orders.id, request.params.id)).limit(1);
      return (await orderRecords(db, [await ownRow(request, row, 'Order')]))[0]!;
    },
  );

  app.put(
    '/orders/:id/positions/:positionId',
    {
      config: { access: access.resource(ordersResource, 'edit') },
      schema: {
        tags: ['orders'],
        summary:
          "Approve, reject (with a comment) or reopen a position; approval grants its license and installers. 409 `invalid_state_transition` for a decision the position's state does not allow or on an unpaid purchase",
        security,
        params: z.object({ id: z.uuid(), positionId: z.uuid() }),
        body: orderPositionDecisionSchema,
        response: { 200: orderRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, request.params.id))
          .for('update')
          .limit(1);
        if (!order) throw notFound('Order not found.', ['order']);
        const [position] = await tx
          .select()
          .from(orderPositions)
          .where(and(eq(orderPositions.orderId, order.id), eq(orderPositions.id, request.params.positionId)))
          .limit(1);
        if (!position) throw notFound('Position not found.', ['position']);
        if (order.kind === 'purchase' && !order.paid) {
          throw ApiError.of(409, 'invalid_state_transition', 'A purchase is decided by its payment first.', [
            'status',
          ]);
        }
        const [before] = await orderRecords(tx, [order]);
        const now = clock.now();
        await decidePosition(
          tx,
          order,
          position,
          {
            ...request.body,
            comment: request.body.comment?.trim() || null,
            decidedBy: request.currentUser!.id,
          },
          now,
        );
        await refreshOrderStatus(tx, order.id, now);
        const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id)).limit(1);
        const [after] = await orderRecords(tx, [fresh!]);
        await audit(tx, request, {
          action: `position_${request.body.status}`,
          entity: 'order',
          entityId: order.id,
          before,
          after,
        });
        return after!;
      }),
  );

  /** The license status of spec §4 in SQL, on the service's clock, so lists filter by it. */
  const licenseStatusSql = () =>
    sql`(case when ${licenses.revokedAt} is not null then 'revoked' when ${licenses.expiration} is null then 'perpetual' when ${licenses.expiration} <= ${clock.now()} then 'expired' else 'active' end)`;

  app.get(
    '/licenses',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['licenses'],
        summary:
          "Licenses: the caller's own (spec §2.2 /my/assets), every customer's for an admin (filter status: active, expired, revoked, perpetual)",
        security,
        querystring: listQuerystring,
        headers: listHeaders,
        response: { 200: z.array(licenseRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<LicenseRow>(
        {
          db,
          table: licenses,
          columns: {
            id: licenses.id,
            product: licenses.product,
            grantedAt: licenses.grantedAt,
            status: licenseStatusSql(),
            userEmail: emailOf(licenses.userId),
          },
          definition: licensesResource,
          scope: ownScope(request, licenses.userId),
        },
        request,
        reply,
      );
      return licenseRecords(db, rows, clock.now());
    },
  );

  app.get(
    '/licenses/:id',
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
    '/licenses/:id',
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

  async function installerRecord(tx: Executor, row: InstallerRow): Promise<InstallerRecord> {
    return (await installerRecords(tx, [row]))[0]!;
  }

  async function ownInstaller(request: FastifyRequest, id: string) {
    const [row] = await db.select().from(installers).where(eq(installers.id, id)).limit(1);
    return ownRow(request, row, 'Installer');
  }

  app.get(
    '/installers',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary:
          "Installers with their installation keys, newest key first: the caller's own (spec §2.2 /my/installers), every one for an admin",
        security,
        querystring: listQuerystring,
        headers: listHeaders,
        response: { 200: z.array(installerRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<InstallerRow>(
        {
          db,
          table: installers,
          columns: { id: installers.id, createdAt: installers.createdAt },
          definition: installersList,
          scope: ownScope(request, installers.userId),
        },
        request,
        reply,
      );
      return installerRecords(db, rows);
    },
  );

  app.get(
    '/installers/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'One installer with its installation keys and the latest key',
        security,
        params: idParams,
        response: { 200: installerRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => installerRecord(db, await ownInstaller(request, request.params.id)),
  );

  app.post(
    '/installers',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary:
          'Create an installer for a tool installable with the launcher (type tool or content-pack, not online) that the caller may download or holds a license for; it comes with its first installation key. 409 `not_installable`, `duplicate`; 403 `purchase_required`',
        security,
        body: installerInputSchema,
        response: { 201: installerRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = request.currentUser!.id;
      const tool = await findToolByFeatureId(db, request.body.featureId);
      if (!tool || tool.isRemoved) throw notFound('Tool not found.', ['featureId']);
      if (!isInstallable(tool) || !tool.isInstallableViaLauncher) {
        throw ApiError.of(409, 'not_installable', ERROR_MESSAGES.not_installable, [tool.featureId]);
      }
      const now = clock.now();
      const entitlements = await entitlementsOf(db, userId, [tool.featureId], now);
      const exportAccess = (await exportAccessOf(db, userId, [tool.id])).get(tool.id);
      const versions = await db.select().from(toolVersions).where(eq(toolVersions.toolId, tool.id));
      // Per version, as the download: a license without a version never pays for a payable one.
      const mayUse = versions.some(
        (version) =>
          isEntitled(entitlements, tool.featureId, version) ||
          downloadRefusal(version, {
            signedIn: true,
            admin: isAdmin(request),
            entitled: false,
            exportApproved: exportAccess === 'granted',
          }) === null,
      );
      if (!mayUse)
        throw ApiError.of(403, 'purchase_required', ERROR_MESSAGES.purchase_required, [tool.featureId]);
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(installers)
            .values({ userId, toolId: tool.id, createdAt: now })
            .returning();
          await tx
            .insert(installationKeys)
            .values({ installerId: row!.id, key: newInstallationKey(), createdAt: now });
          const after = await installerRecord(tx, row!);
          await audit(tx, request, {
            action: 'create',
            entity: 'installer',
            entityId: row!.id,
            after: { featureId: tool.featureId },
          });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw ApiError.of(409, 'duplicate', 'You already have an installer for this tool.', [
            tool.featureId,
          ]);
        }
        throw error;
      }
    },
  );

  app.get(
    '/installers/:id/installation-keys',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'The installation keys of an installer, newest first',
        security,
        params: idParams,
        response: { 200: z.array(installationKeySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const installer = await ownInstaller(request, request.params.id);
      const rows = await db
        .select()
        .from(installationKeys)
        .where(eq(installationKeys.installerId, installer.id))
        .orderBy(desc(installationKeys.createdAt), desc(installationKeys.seq));
      reply.header(
        'Content-Range',
        `installation-keys ${rows.length ? `0-${rows.length - 1}` : '*'}/${rows.length}`,
      );
      return rows.map((row) => ({ key: row.key, createdAt: iso(row.createdAt) }));
    },
  );

  app.get(
    '/installers/:id/installation-keys/latest',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'The latest installation key of an installer (404 before the first)',
        security,
        params: idParams,
        response: { 200: installationKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const installer = await ownInstaller(request, request.params.id);
      const [row] = await db
        .select()
        .from(installationKeys)
        .where(eq(installationKeys.installerId, installer.id))
        .orderBy(desc(installationKeys.createdAt), desc(installationKeys.seq))
        .limit(1);
      if (!row) throw notFound('This installer has no installation key yet.', ['installation-key']);
      return { key: row.key, createdAt: iso(row.createdAt) };
    },
  );

  app.post(
    '/installers/:id/installation-keys',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['installers'],
        summary: 'Issue a new installation key for an installer; it becomes the latest',
        security,
        params: idParams,
        response: { 201: installationKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const installer = await ownInstaller(request, request.params.id);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(installationKeys)
          .values({ installerId: installer.id, key: newInstallationKey(), createdAt: clock.now() })
          .returning();
        await audit(tx, request, {
          action: 'create_installation_key',
          entity: 'installer',
          entityId: installer.id,
        });
        return { key: row!.key, createdAt: iso(row!.createdAt) };
      });
      return reply.code(201).send(created);
    },
  );
};
