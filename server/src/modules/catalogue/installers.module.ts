import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ERROR_MESSAGES,
  downloadRefusal,
  installerRecordSchema,
  isInstallable,
  type InstallationKey,
  type InstallerRecord,
  type ResourceDefinition,
} from '@portal/resources';
import { toolVersions } from '../../db/schema-catalogue.js';
import { installationKeys, installers } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { isAdmin, iso, mayUseInternalTools, type Executor } from './context.js';
import { refuseInternalUse } from './catalogue-items.js';
import { entitlementsOf, exportAccessOf, isEntitled } from './entitlements.js';
import { installerRecords, newInstallationKey, type InstallerRow } from './fulfilment.js';
import { ownRecords } from './own-records.js';
import { findToolByFeatureId } from './records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Installers and their installation keys (spec §2.2 /my/installers), each visible to its owner and admins. */
    installers: ReturnType<typeof installersRepository>;
  }
}

/** Installers have no admin resource; this definition serves their owners' list and show only. */
const installersList: ResourceDefinition = {
  name: 'installers',
  path: 'installers',
  label: { one: 'Installer', many: 'Installers' },
  recordTitle: 'name',
  fields: [],
  access: {},
  record: installerRecordSchema,
  list: {
    columns: ['name', 'featureId', 'createdAt'],
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' as const },
    filters: [],
  },
};

const newestKeyFirst = [desc(installationKeys.createdAt), desc(installationKeys.seq)];
const keyRecord = (row: typeof installationKeys.$inferSelect): InstallationKey => ({
  key: row.key,
  createdAt: iso(row.createdAt),
});

function installersRepository({ db, clock }: Pick<FastifyInstance['catalogue'], 'db' | 'clock'>) {
  const own = ownRecords<InstallerRow, InstallerRecord>(db, {
    table: installers,
    columns: () => ({ id: installers.id, createdAt: installers.createdAt }),
    definition: installersList,
    records: installerRecords,
    what: 'Installer',
    resource: 'installer',
  });

  /** The tool of a new installer, when the caller may use it: 404, 409 `not_installable`, 403 `purchase_required`. */
  async function usableTool(tx: Executor, request: FastifyRequest, featureId: string) {
    const userId = request.currentUser!.id;
    const tool = await findToolByFeatureId(tx, featureId);
    if (!tool || tool.isRemoved) throw notFound('Tool not found.', ['featureId']);
    // An installer's key installs the tool: the internal-use rule of its downloads holds here too.
    refuseInternalUse([tool], { internalTools: mayUseInternalTools(request.currentUser) });
    if (!isInstallable(tool) || !tool.isInstallableViaLauncher) {
      throw ApiError.of(409, 'not_installable', ERROR_MESSAGES.not_installable, [tool.featureId]);
    }
    const entitlements = await entitlementsOf(tx, userId, [tool.featureId], clock.now());
    const exportAccess = (await exportAccessOf(tx, userId, [tool.id])).get(tool.id);
    const versions = await tx.select().from(toolVersions).where(eq(toolVersions.toolId, tool.id));
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
    return tool;
  }

  /** The installation keys of one of the caller's installers, newest first. */
  async function keysOf(request: FastifyRequest, id: string, limit?: number) {
    const installer = await own.ownRow(request, id);
    const query = db
      .select()
      .from(installationKeys)
      .where(eq(installationKeys.installerId, installer.id))
      .orderBy(...newestKeyFirst);
    return (await (limit ? query.limit(limit) : query)).map(keyRecord);
  }

  return {
    definition: installersList,
    list: own.list,
    show: own.show,
    keys: (request: FastifyRequest, id: string) => keysOf(request, id),
    /** The latest key of one of the caller's installers; 404 before the first. */
    async latestKey(request: FastifyRequest, id: string): Promise<InstallationKey> {
      const [latest] = await keysOf(request, id, 1);
      if (!latest) throw notFound('This installer has no installation key yet.', ['installation-key']);
      return latest;
    },

    /** A new installer of a tool the caller may use, with its first key; 409 `duplicate` for a second one. */
    async create(request: FastifyRequest, featureId: string): Promise<InstallerRecord> {
      const userId = request.currentUser!.id;
      const tool = await usableTool(db, request, featureId);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(installers)
            .values({ userId, toolId: tool.id, createdAt: now })
            .returning();
          await tx
            .insert(installationKeys)
            .values({ installerId: row!.id, key: newInstallationKey(), createdAt: now });
          const after = await own.record(tx, row!);
          await audit(tx, request, {
            action: 'create',
            entity: 'installer',
            entityId: row!.id,
            after: { featureId: tool.featureId },
          });
          return after;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw ApiError.of(409, 'duplicate', 'You already have an installer for this tool.', [tool.featureId]);
      }
    },

    /** A new installation key for one of the caller's installers; it becomes the latest. */
    async addKey(request: FastifyRequest, id: string): Promise<InstallationKey> {
      const installer = await own.ownRow(request, id);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(installationKeys)
          .values({ installerId: installer.id, key: newInstallationKey(), createdAt: clock.now() })
          .returning();
        await audit(tx, request, {
          action: 'create_installation_key',
          entity: 'installer',
          entityId: installer.id,
        });
        return keyRecord(row!);
      });
    },
  };
}

export default repositoryModule('installers', (_options, app) => installersRepository(app.catalogue), [
  'catalogue',
]);
