import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  downloadRefusal,
  installationKeySchema,
  installerInputSchema,
  installerRecordSchema,
  isInstallable,
  type InstallerRecord,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { toolVersions } from '../../db/schema-catalogue.js';
import { installationKeys, installers } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, notFound } from '../../http/errors.js';
import { errorResponses } from '../schemas.js';
import { isAdmin, iso, type Executor } from '../../modules/catalogue/context.js';
import {
  installerRecords,
  newInstallationKey,
  type InstallerRow,
} from '../../modules/catalogue/fulfilment.js';
import { findToolByFeatureId } from '../../modules/catalogue/records.js';
import { entitlementsOf, exportAccessOf, isEntitled } from '../../modules/catalogue/entitlements.js';

import { idParams, ownListRoute, ownRow, security } from '../../modules/catalogue/own-records.js';

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

/** Installers and their installation keys (spec §2.2 /my/installers), each visible to its owner and to admins. */
const installerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;

  async function installerRecord(tx: Executor, row: InstallerRow): Promise<InstallerRecord> {
    return (await installerRecords(tx, [row]))[0]!;
  }

  async function ownInstaller(request: FastifyRequest, id: string) {
    const [row] = await db.select().from(installers).where(eq(installers.id, id)).limit(1);
    return ownRow(request, row, 'Installer');
  }

  ownListRoute<InstallerRow>(app, db, {
    tags: ['installers'],
    summary:
      "Installers with their installation keys, newest key first: the caller's own (spec §2.2 /my/installers), every one for an admin",
    record: installerRecordSchema,
    table: installers,
    owner: installers.userId,
    columns: () => ({ id: installers.id, createdAt: installers.createdAt }),
    definition: installersList,
    records: installerRecords,
  });

  app.get(
    '/:id',
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
    '',
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
    '/:id/installation-keys',
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
    '/:id/installation-keys/latest',
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
    '/:id/installation-keys',
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

export default installerRoutes;
