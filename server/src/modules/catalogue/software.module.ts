import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type {
  CatalogueFile,
  CatalogueFileInput,
  RequestFlowInput,
  SoftwareRecord,
  ToolInput,
  ToolUpdate,
  ToolVersionDetail,
  ToolIconType,
  ToolVersionInput,
} from '@portal/resources';
import { toolIconPath } from '@portal/resources';
import { toolFiles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { audit, type AuditEntry } from '../../crud/audit.js';
import { notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { sha256Of } from '../../storage/file-storage.js';
import { refusing, requestFlowStore, taken, versionTaken, type Actor } from './admin-writes.js';
import { apiUrl, type CatalogueContext, type Executor } from './context.js';
import {
  filesOf,
  findToolById,
  softwareRecords,
  toCatalogueFile,
  toToolVersionDetail,
  toolColumns,
  type ToolSummaryRow,
  type VersionRow,
} from './records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tools, their versions and files as the admin console changes them. */
    software: SoftwareRepository;
  }
}

const duplicateFeature = taken('Another tool already has this feature ID.', ['featureId']);
const duplicateVersion = versionTaken('tool');

/** The list's sort, filter and search columns. */
const listColumns = {
  id: tools.id,
  name: tools.name,
  featureId: tools.featureId,
  type: tools.type,
  isRemoved: tools.isRemoved,
};

/** The version columns a version form writes. */
function versionValues(input: ToolVersionInput) {
  return {
    version: input.version,
    versionNumeric: input.versionNumeric,
    description: input.description,
    orderable: input.orderable,
    tags: input.tags.map((tag) => tag.trim()),
    protocolLink: input.protocolLink,
    spn: input.spn?.trim() || null,
    price: input.price,
    public: input.public,
    canDownload: input.canDownload,
    releaseNotes: input.releaseNotes,
    exportControlled: input.exportControlled,
    exportControlClassifications: input.exportControlClassifications.map((c) => c.trim()),
    links: input.links.map((link) => ({ uuid: link.uuid ?? randomUUID(), title: link.title, url: link.url })),
    dependencies: input.dependencies.map((dependency) => ({
      uuid: dependency.uuid ?? randomUUID(),
      targetFeatureId: dependency.targetFeatureId,
      minVersionNumeric: dependency.minVersionNumeric,
      maxVersionNumeric: dependency.maxVersionNumeric,
    })),
    additionalAttributes: input.additionalAttributes,
  };
}

/**
 * Tools, their versions and the versions' files as the admin console changes them; every change writes its audit
 * record in its transaction, and stored bytes are removed once the rows naming them are gone.
 */
export function softwareRepository({ db, clock, storage, config }: CatalogueContext) {
  const api = apiUrl(config);

  async function findTool(id: string, tx: Executor = db): Promise<ToolSummaryRow> {
    const tool = await findToolById(tx, id);
    if (!tool) throw notFound('Tool not found.', ['software']);
    return tool;
  }

  async function record(tool: ToolSummaryRow, tx: Executor = db): Promise<SoftwareRecord> {
    return (await softwareRecords(tx, api, [tool]))[0]!;
  }

  async function findVersion(toolId: string, versionId: string, tx: Executor = db): Promise<VersionRow> {
    const [row] = await tx
      .select()
      .from(toolVersions)
      .where(and(eq(toolVersions.id, versionId), eq(toolVersions.toolId, toolId)))
      .limit(1);
    if (!row) throw notFound('Version not found.', ['version']);
    return row;
  }

  async function versionRecord(
    tool: ToolSummaryRow,
    row: VersionRow,
    tx: Executor = db,
  ): Promise<ToolVersionDetail> {
    const files = (await filesOf(tx, [row.id])).get(row.id) ?? [];
    return { ...toToolVersionDetail(api, tool.featureId, row, files, null), canDownload: row.canDownload };
  }

  /** Marks the tool changed (with the request flow values given), so the catalogue's change-date order sees it. */
  const touch = (tx: Executor, toolId: string, values: Partial<RequestFlowInput> = {}) =>
    tx
      .update(tools)
      .set({ updatedAt: clock.now(), ...values })
      .where(eq(tools.id, toolId));

  /** A version's change (or its files'), written as a part of its tool: the tool's History shows it. */
  const auditVersion = (
    tx: Executor,
    actor: Actor,
    tool: ToolSummaryRow,
    entry: Omit<AuditEntry, 'entity' | 'parent'>,
  ) => audit(tx, actor, { ...entry, entity: 'tool_version', parent: { entity: 'tool', id: tool.id } });

  /** A tool and one of its versions, 404 when either is unknown. */
  async function findToolVersion(toolId: string, versionId: string, tx: Executor = db) {
    const tool = await findTool(toolId, tx);
    return { tool, version: await findVersion(tool.id, versionId, tx) };
  }

  const requestFlows = requestFlowStore(db, {
    entity: 'tool',
    find: findTool,
    save: async (tx, row, flow) => (await touch(tx, row.id, flow).returning(toolColumns))[0]!,
  });

  return {
    table: tools,
    columns: listColumns,
    /** The records of a list page. */
    records: (rows: ToolSummaryRow[]) => softwareRecords(db, api, rows),
    detail: async (id: string) => record(await findTool(id)),
    ...requestFlows,

    create: (actor: Actor, input: ToolInput) =>
      refusing(
        db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(tools)
            .values({ ...input, name: input.name.trim(), createdAt: now, updatedAt: now })
            .returning(toolColumns);
          const after = await record(row!, tx);
          await audit(tx, actor, { action: 'create', entity: 'tool', entityId: row!.id, after });
          return after;
        }),
        { duplicate: duplicateFeature },
      ),

    update: (actor: Actor, id: string, input: ToolUpdate) =>
      db.transaction(async (tx) => {
        const tool = await findTool(id, tx);
        const before = await record(tool, tx);
        const [row] = await tx
          .update(tools)
          .set({ ...input, name: input.name.trim(), updatedAt: clock.now() })
          .where(eq(tools.id, tool.id))
          .returning(toolColumns);
        const after = await record(row!, tx);
        await audit(tx, actor, { action: 'update', entity: 'tool', entityId: tool.id, before, after });
        return after;
      }),

    /**
     * Gives a tool a checked icon (issue 45): stored under its content's hash, like the tools' files, then named by
     * the tool; an icon other tools share stays, so nothing is deleted here (the orphan sweep keeps named icons).
     */
    async setIcon(actor: Actor, id: string, bytes: Buffer, type: ToolIconType): Promise<SoftwareRecord> {
      const tool = await findTool(id);
      const icon = toolIconPath(sha256Of(bytes), type);
      if (!(await storage.exists(icon))) await storage.put(icon, bytes);
      return db.transaction(async (tx) => {
        const current = await findTool(tool.id, tx);
        const [row] = await tx
          .update(tools)
          .set({ icon, updatedAt: clock.now() })
          .where(eq(tools.id, current.id))
          .returning(toolColumns);
        const after = await record(row!, tx);
        await audit(tx, actor, {
          action: 'set_icon',
          entity: 'tool',
          entityId: current.id,
          before: { icon: current.icon },
          after: { icon },
        });
        return after;
      });
    },

    /** Deletes a tool with its versions and files; answers the deleted record. */
    async remove(actor: Actor, id: string): Promise<SoftwareRecord> {
      const { before, keys } = await db.transaction(async (tx) => {
        const tool = await findTool(id, tx);
        const snapshot = await record(tool, tx);
        const stored = await tx
          .select({ key: toolFiles.storageKey })
          .from(toolFiles)
          .innerJoin(toolVersions, eq(toolVersions.id, toolFiles.versionId))
          .where(eq(toolVersions.toolId, tool.id));
        await tx.delete(tools).where(eq(tools.id, tool.id));
        await audit(tx, actor, { action: 'delete', entity: 'tool', entityId: tool.id, before: snapshot });
        return { before: snapshot, keys: stored.map((row) => row.key) };
      });
      await Promise.all(keys.map((key) => storage.delete(key)));
      return before;
    },

    async version(toolId: string, versionId: string): Promise<ToolVersionDetail> {
      const { tool, version } = await findToolVersion(toolId, versionId);
      return versionRecord(tool, version);
    },

    /** Every version of a tool, oldest first. */
    async versions(id: string): Promise<ToolVersionDetail[]> {
      const tool = await findTool(id);
      const rows = await db
        .select()
        .from(toolVersions)
        .where(eq(toolVersions.toolId, tool.id))
        .orderBy(asc(toolVersions.createdAt), asc(toolVersions.id));
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...toToolVersionDetail(api, tool.featureId, row, files.get(row.id) ?? [], null),
        canDownload: row.canDownload,
      }));
    },

    createVersion: (actor: Actor, toolId: string, input: ToolVersionInput) =>
      refusing(
        db.transaction(async (tx) => {
          const tool = await findTool(toolId, tx);
          const now = clock.now();
          const [row] = await tx
            .insert(toolVersions)
            .values({ ...versionValues(input), toolId: tool.id, createdAt: now, updatedAt: now })
            .returning();
          await touch(tx, tool.id);
          const after = await versionRecord(tool, row!, tx);
          await auditVersion(tx, actor, tool, { action: 'create', entityId: row!.id, after });
          return after;
        }),
        { duplicate: duplicateVersion },
      ),

    updateVersion: (actor: Actor, toolId: string, versionId: string, input: ToolVersionInput) =>
      refusing(
        db.transaction(async (tx) => {
          const { tool, version: row } = await findToolVersion(toolId, versionId, tx);
          const before = await versionRecord(tool, row, tx);
          const [updated] = await tx
            .update(toolVersions)
            .set({ ...versionValues(input), updatedAt: clock.now() })
            .where(eq(toolVersions.id, row.id))
            .returning();
          await touch(tx, tool.id);
          const after = await versionRecord(tool, updated!, tx);
          await auditVersion(tx, actor, tool, { action: 'update', entityId: row.id, before, after });
          return after;
        }),
        { duplicate: duplicateVersion },
      ),

    /** Deletes a version with its files; answers the deleted version. */
    async removeVersion(actor: Actor, toolId: string, versionId: string): Promise<ToolVersionDetail> {
      const { before, keys } = await db.transaction(async (tx) => {
        const { tool, version: row } = await findToolVersion(toolId, versionId, tx);
        const snapshot = await versionRecord(tool, row, tx);
        const stored = await tx
          .select({ key: toolFiles.storageKey })
          .from(toolFiles)
          .where(eq(toolFiles.versionId, row.id));
        await tx.delete(toolVersions).where(eq(toolVersions.id, row.id));
        await touch(tx, tool.id);
        await auditVersion(tx, actor, tool, { action: 'delete', entityId: row.id, before: snapshot });
        return { before: snapshot, keys: stored.map((file) => file.key) };
      });
      await Promise.all(keys.map((key) => storage.delete(key)));
      return before;
    },

    /** Stores (or replaces) a file of a version; `created` is false when it replaced one of the same name. */
    async putFile(
      actor: Actor,
      where: { toolId: string; versionId: string; fileName: string },
      input: CatalogueFileInput,
      bytes: Buffer,
    ): Promise<{ record: CatalogueFile; created: boolean }> {
      const { fileName } = where;
      const { tool, version } = await findToolVersion(where.toolId, where.versionId);
      const sha256 = sha256Of(bytes);
      // A fresh key per upload: a replaced file's old bytes stay readable until the new row is committed.
      const storageKey = `tool-files/${version.id}/${randomUUID()}`;
      await storage.put(storageKey, bytes);
      const {
        record: stored,
        replacedKey,
        created,
      } = await db
        .transaction(async (tx) => {
          const [existing] = await tx
            .select()
            .from(toolFiles)
            .where(and(eq(toolFiles.versionId, version.id), eq(toolFiles.fileName, fileName)))
            .for('update');
          const values = {
            os: input.os,
            architecture: input.architecture,
            kind: input.kind,
            filetype: input.filetype ?? fileName.split('.').pop() ?? null,
            filesize: bytes.length,
            sha256,
            storageKey,
          };
          const [row] = existing
            ? await tx.update(toolFiles).set(values).where(eq(toolFiles.id, existing.id)).returning()
            : await tx
                .insert(toolFiles)
                .values({ ...values, versionId: version.id, fileName, createdAt: clock.now() })
                .returning();
          await touch(tx, tool.id);
          const after = toCatalogueFile(api, tool.featureId, version.version, row!);
          await auditVersion(tx, actor, tool, {
            action: existing ? 'replace_file' : 'add_file',
            entityId: version.id,
            before: existing ? toCatalogueFile(api, tool.featureId, version.version, existing) : null,
            after,
          });
          return { record: after, created: !existing, replacedKey: existing?.storageKey ?? null };
        })
        .catch(async (error: unknown) => {
          // The bytes went to the storage first; without their row they would be an orphan.
          await storage.delete(storageKey);
          throw error;
        });
      if (replacedKey) await storage.delete(replacedKey);
      return { record: stored, created };
    },

    /** Deletes a file of a version; answers the deleted file. */
    async deleteFile(
      actor: Actor,
      where: { toolId: string; versionId: string; fileName: string },
    ): Promise<CatalogueFile> {
      const { before, key } = await db.transaction(async (tx) => {
        const { tool, version } = await findToolVersion(where.toolId, where.versionId, tx);
        const [row] = await tx
          .delete(toolFiles)
          .where(and(eq(toolFiles.versionId, version.id), eq(toolFiles.fileName, where.fileName)))
          .returning();
        if (!row) throw notFound('File not found.', ['fileName']);
        const snapshot = toCatalogueFile(api, tool.featureId, version.version, row);
        await touch(tx, tool.id);
        await auditVersion(tx, actor, tool, {
          action: 'delete_file',
          entityId: version.id,
          before: snapshot,
        });
        return { before: snapshot, key: row.storageKey };
      });
      await storage.delete(key);
      return before;
    },
  };
}

export type SoftwareRepository = ReturnType<typeof softwareRepository>;

export default repositoryModule('software', (_options, app) => softwareRepository(app.catalogue), [
  'catalogue',
]);
