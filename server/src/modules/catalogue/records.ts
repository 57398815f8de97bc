import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TOOL_API_VERSION,
  downloadRefusal,
  isInstallable,
  isRequestable,
  latestVersion,
  type BundleVersion,
  type CatalogueDocument,
  type CatalogueFile,
  type RequestFlowType,
  type SoftwareBundle,
  type SoftwareBundleDetail,
  type SoftwareRecord,
  type Tool,
  type ToolApiVersion,
  type ToolDetail,
  type ToolVersion,
  type ToolVersionDetail,
} from '@portal/resources';
import {
  bundleVersions,
  catalogueDocuments,
  softwareBundles,
  toolFiles,
  toolVersions,
  tools,
} from '../../db/schema-catalogue.js';
import type { CallerView, Executor } from './context.js';
import { iso } from './context.js';
import { entitlementsOf, exportAccessOf, isEntitled } from './entitlements.js';

export type ToolRow = typeof tools.$inferSelect;
export type VersionRow = typeof toolVersions.$inferSelect;
export type FileRow = typeof toolFiles.$inferSelect;
export type BundleRow = typeof softwareBundles.$inferSelect;
export type DocumentRow = typeof catalogueDocuments.$inferSelect;

/** Every column of a tool but its search document, which only SQL reads. */
export const toolColumns = {
  id: tools.id,
  featureId: tools.featureId,
  name: tools.name,
  type: tools.type,
  icon: tools.icon,
  description: tools.description,
  externalUrl: tools.externalUrl,
  requestFlow: tools.requestFlow,
  requestUrl: tools.requestUrl,
  isOnlineTool: tools.isOnlineTool,
  isInstallableViaLauncher: tools.isInstallableViaLauncher,
  isRemoved: tools.isRemoved,
  questionnaireId: tools.questionnaireId,
  licenseText: tools.licenseText,
  internalOnly: tools.internalOnly,
  createdAt: tools.createdAt,
  updatedAt: tools.updatedAt,
};
export type ToolSummaryRow = Omit<ToolRow, 'search'>;

export const bundleColumns = {
  id: softwareBundles.id,
  uuid: softwareBundles.uuid,
  name: softwareBundles.name,
  orderable: softwareBundles.orderable,
  released: softwareBundles.released,
  iconUrl: softwareBundles.iconUrl,
  hardwareNames: softwareBundles.hardwareNames,
  toolFeatureIds: softwareBundles.toolFeatureIds,
  documentFeatureIds: softwareBundles.documentFeatureIds,
  selectedFeatures: softwareBundles.selectedFeatures,
  questionnaireId: softwareBundles.questionnaireId,
  requestFlow: softwareBundles.requestFlow,
  requestUrl: softwareBundles.requestUrl,
  createdAt: softwareBundles.createdAt,
  updatedAt: softwareBundles.updatedAt,
};
export type BundleSummaryRow = Omit<BundleRow, 'search'>;

export const documentColumns = {
  id: catalogueDocuments.id,
  featureId: catalogueDocuments.featureId,
  title: catalogueDocuments.title,
  type: catalogueDocuments.type,
  filename: catalogueDocuments.filename,
  description: catalogueDocuments.description,
  url: catalogueDocuments.url,
  public: catalogueDocuments.public,
  createdAt: catalogueDocuments.createdAt,
  updatedAt: catalogueDocuments.updatedAt,
};
export type DocumentSummaryRow = Omit<DocumentRow, 'search'>;

export async function findToolByFeatureId(
  db: Executor,
  featureId: string,
): Promise<ToolSummaryRow | undefined> {
  const [row] = await db.select(toolColumns).from(tools).where(eq(tools.featureId, featureId)).limit(1);
  return row;
}

export async function findToolById(db: Executor, id: string): Promise<ToolSummaryRow | undefined> {
  const [row] = await db.select(toolColumns).from(tools).where(eq(tools.id, id)).limit(1);
  return row;
}

/** A version a caller may see: public ones to everybody, the others to signed-in callers. */
export const visibleTo = (caller: Pick<CallerView, 'userId'>) => caller.userId !== null;

/** The versions of the given tools, oldest first; only public ones unless `everyVersion`. */
export async function versionsOf(
  db: Executor,
  toolIds: readonly string[],
  everyVersion: boolean,
): Promise<Map<string, VersionRow[]>> {
  const byTool = new Map<string, VersionRow[]>(toolIds.map((id) => [id, []]));
  if (!toolIds.length) return byTool;
  const condition: SQL | undefined = everyVersion
    ? inArray(toolVersions.toolId, [...toolIds])
    : and(inArray(toolVersions.toolId, [...toolIds]), eq(toolVersions.public, true));
  const rows = await db.select().from(toolVersions).where(condition).orderBy(asc(toolVersions.createdAt));
  for (const row of rows) byTool.get(row.toolId)?.push(row);
  return byTool;
}

export async function filesOf(db: Executor, versionIds: readonly string[]): Promise<Map<string, FileRow[]>> {
  const byVersion = new Map<string, FileRow[]>(versionIds.map((id) => [id, []]));
  if (!versionIds.length) return byVersion;
  const rows = await db
    .select()
    .from(toolFiles)
    .where(inArray(toolFiles.versionId, [...versionIds]))
    .orderBy(asc(toolFiles.fileName));
  for (const row of rows) byVersion.get(row.versionId)?.push(row);
  return byVersion;
}

/** The stable address of a file: package, version, file. */
export function fileUrl(api: string, featureId: string, version: string, fileName: string): string {
  const part = encodeURIComponent;
  return `${api}/catalogue/tools/${part(featureId)}/versions/${part(version)}/files/${part(fileName)}`;
}

/** A file as the tool API version answers it: v1 leaves the checksum out (spec §4; docs/decisions.md "Internal use only and the tool API version"). */
export function toCatalogueFile(
  api: string,
  featureId: string,
  version: string,
  file: FileRow,
  apiVersion: ToolApiVersion = DEFAULT_TOOL_API_VERSION,
): CatalogueFile {
  return {
    uuid: file.id,
    url: fileUrl(api, featureId, version, file.fileName),
    os: file.os,
    architecture: file.architecture,
    kind: file.kind,
    filetype: file.filetype,
    filesize: file.filesize,
    fileName: file.fileName,
    ...(apiVersion === 'v1' ? {} : { sha256: file.sha256 }),
  };
}

/** A version as spec §3 has it; `canDownload` is the caller's answer (or the catalogue's flag for the admin). */
export function toToolVersion(
  api: string,
  featureId: string,
  row: VersionRow,
  files: FileRow[],
  canDownload: boolean,
): ToolVersion {
  return {
    id: row.id,
    description: row.description,
    version: row.version,
    versionNumeric: row.versionNumeric,
    orderable: row.orderable,
    downloadUrls: files.map((file) => toCatalogueFile(api, featureId, row.version, file)),
    tags: row.tags,
    protocolLink: row.protocolLink,
    spn: row.spn,
    public: row.public,
    canDownload,
    links: row.links,
    dependencies: row.dependencies,
    additionalAttributes: row.additionalAttributes,
  };
}

export function toToolVersionDetail(
  api: string,
  featureId: string,
  row: VersionRow,
  files: FileRow[],
  refusal: ToolVersionDetail['downloadRefusal'],
  apiVersion: ToolApiVersion = DEFAULT_TOOL_API_VERSION,
): ToolVersionDetail {
  return {
    ...toToolVersion(api, featureId, row, files, refusal === null),
    downloadUrls: files.map((file) => toCatalogueFile(api, featureId, row.version, file, apiVersion)),
    releaseNotes: row.releaseNotes,
    exportControlled: row.exportControlled,
    exportControlClassifications: row.exportControlClassifications,
    price: row.price ?? null,
    downloadRefusal: refusal,
  };
}

export function toTool(row: ToolSummaryRow, versions: Record<string, ToolVersion>): Tool {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    featureId: row.featureId,
    externalUrl: row.externalUrl,
    requestUrl: row.requestUrl,
    isOnlineTool: row.isOnlineTool,
    isInstallableViaLauncher: row.isInstallableViaLauncher,
    versions,
    isRemoved: row.isRemoved,
    type: row.type as Tool['type'],
    questionnaireId: row.questionnaireId,
  };
}

/** The admin's tool records (every version, the catalogue's own download flag). */
export async function softwareRecords(
  db: Executor,
  api: string,
  rows: ToolSummaryRow[],
): Promise<SoftwareRecord[]> {
  const versions = await versionsOf(
    db,
    rows.map((row) => row.id),
    true,
  );
  const files = await filesOf(
    db,
    [...versions.values()].flat().map((version) => version.id),
  );
  return rows.map((row) => ({
    ...toTool(
      row,
      Object.fromEntries(
        (versions.get(row.id) ?? []).map((version) => [
          version.version,
          toToolVersion(api, row.featureId, version, files.get(version.id) ?? [], version.canDownload),
        ]),
      ),
    ),
    description: row.description,
    licenseText: row.licenseText,
    requestFlow: row.requestFlow as RequestFlowType,
    internalOnly: row.internalOnly,
    updatedAt: iso(row.updatedAt),
  }));
}

/** The tool details page for one caller: the versions they may see, each with their download answer. */
export async function toolDetail(
  db: Executor,
  api: string,
  tool: ToolSummaryRow,
  caller: CallerView,
  now: Date,
): Promise<ToolDetail> {
  const rows = (await versionsOf(db, [tool.id], visibleTo(caller) || caller.admin)).get(tool.id) ?? [];
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  const entitlements = await entitlementsOf(db, caller.userId, [tool.featureId], now);
  const exportAccess = (await exportAccessOf(db, caller.userId, [tool.id])).get(tool.id) ?? null;
  const versions: Record<string, ToolVersionDetail> = {};
  for (const row of rows) {
    const refusal = downloadRefusal(row, {
      signedIn: caller.userId !== null,
      admin: caller.admin,
      entitled: isEntitled(entitlements, tool.featureId, row),
      exportApproved: exportAccess === 'granted',
    });
    versions[row.version] = toToolVersionDetail(
      api,
      tool.featureId,
      row,
      files.get(row.id) ?? [],
      refusal,
      caller.toolApiVersion,
    );
  }
  const kind = { isOnlineTool: tool.isOnlineTool, type: tool.type };
  return {
    ...toTool(tool, versions),
    versions,
    description: tool.description,
    licenseText: tool.licenseText,
    latestVersion: latestVersion({ versions, ...kind })?.version ?? null,
    installable: isInstallable(kind),
    requestable: isRequestable(kind),
    requestFlow: tool.requestFlow as RequestFlowType,
    internalOnly: tool.internalOnly,
    exportAccess,
    updatedAt: iso(tool.updatedAt),
  };
}

/** Names of the features a bundle holds (tools by feature ID; unknown ones keep their ID as name). */
async function featureNames(db: Executor, featureIds: readonly string[]): Promise<Map<string, string>> {
  if (!featureIds.length) return new Map();
  const rows = await db
    .select({ featureId: tools.featureId, name: tools.name })
    .from(tools)
    .where(inArray(tools.featureId, [...featureIds]));
  return new Map(rows.map((row) => [row.featureId, row.name]));
}

export async function bundleRecords(db: Executor, rows: BundleSummaryRow[]): Promise<SoftwareBundle[]> {
  const names = await featureNames(db, [...new Set(rows.flatMap((row) => row.toolFeatureIds))]);
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    orderable: row.orderable,
    released: row.released,
    iconUrl: row.iconUrl,
    hardwareNames: row.hardwareNames,
    toolFeatureIds: row.toolFeatureIds,
    documentFeatureIds: row.documentFeatureIds,
    questionnaireId: row.questionnaireId,
    features: row.toolFeatureIds.map((featureId) => ({ featureId, name: names.get(featureId) ?? featureId })),
    selectedFeatures: row.selectedFeatures,
    requestFlow: row.requestFlow as RequestFlowType,
  }));
}

export const toBundleVersion = (row: typeof bundleVersions.$inferSelect): BundleVersion => ({
  id: row.id,
  version: row.version,
  description: row.description,
  released: row.released,
  toolVersions: row.toolVersions,
  createdAt: iso(row.createdAt),
});

/** The bundle page: released versions only, unless the caller is an admin. */
export async function bundleDetail(
  db: Executor,
  row: BundleSummaryRow,
  everyVersion: boolean,
): Promise<SoftwareBundleDetail> {
  const [record] = await bundleRecords(db, [row]);
  const versions = await db
    .select()
    .from(bundleVersions)
    .where(
      everyVersion
        ? eq(bundleVersions.bundleId, row.id)
        : and(eq(bundleVersions.bundleId, row.id), eq(bundleVersions.released, true)),
    )
    .orderBy(asc(bundleVersions.createdAt));
  return {
    ...record!,
    requestUrl: row.requestUrl,
    versions: versions.map(toBundleVersion),
    updatedAt: iso(row.updatedAt),
  };
}

export const toCatalogueDocument = (row: DocumentSummaryRow): CatalogueDocument => ({
  id: row.id,
  featureId: row.featureId,
  title: row.title,
  type: row.type,
  filename: row.filename,
  description: row.description,
  url: row.url,
  public: row.public,
  updatedAt: iso(row.updatedAt),
});
