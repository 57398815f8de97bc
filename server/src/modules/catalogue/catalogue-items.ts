import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DOWNLOAD_REFUSAL_MESSAGES,
  ERROR_MESSAGES,
  downloadRefusal,
  isRequestable,
  type CustomBundle,
  type CustomBundleInput,
  type Tool,
} from '@portal/resources';
import { toolFiles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { ApiError, notFound, unauthorized } from '../../transport/errors.js';
import {
  apiUrl,
  keptFromInternalUse,
  type CallerView,
  type CatalogueContext,
  type Executor,
} from './context.js';
import {
  filesOf,
  findToolByFeatureId,
  toTool,
  toToolVersion,
  versionsOf,
  type ToolSummaryRow,
} from './records.js';
import { findQuestionnaire } from './questionnaires.js';
import { entitlementsOf, exportAccessOf, isEntitled } from './entitlements.js';

const toolNotFound = () => notFound('Tool not found.', ['featureId']);

/**
 * Refuses the internal-only ones of these tools (spec product §2.4) to a caller `mayUseInternalTools` keeps out:
 * 403 `internal_use_only`, which the app shows as its own page.
 */
export function refuseInternalUse(
  tools: Pick<ToolSummaryRow, 'featureId' | 'internalOnly'>[],
  caller: Pick<CallerView, 'internalTools'>,
) {
  const refused = tools
    .filter((tool) => keptFromInternalUse(tool, caller.internalTools))
    .map((tool) => tool.featureId);
  if (refused.length) throw ApiError.of(403, 'internal_use_only', ERROR_MESSAGES.internal_use_only, refused);
}

/** A tool the caller may use: removed ones only for admins, internal-only ones by the rule above. */
export async function visibleTool(
  db: Executor,
  featureId: string,
  caller: CallerView,
): Promise<ToolSummaryRow> {
  const tool = await findToolByFeatureId(db, featureId);
  if (!tool || (tool.isRemoved && !caller.admin)) throw toolNotFound();
  refuseInternalUse([tool], caller);
  return tool;
}

/**
 * The file behind a download address, once the caller may have it (`downloadRefusal`): 401 sign-in, 403
 * `purchase_required`, `export_controlled` or `download_disabled`, 404 for what does not exist.
 */
export async function downloadableFile(
  { db, clock }: Pick<CatalogueContext, 'db' | 'clock'>,
  caller: CallerView,
  where: { featureId: string; version: string; fileName: string },
) {
  const { featureId, version: label, fileName } = where;
  const tool = await visibleTool(db, featureId, caller);
  const [version] = await db
    .select()
    .from(toolVersions)
    .where(and(eq(toolVersions.toolId, tool.id), eq(toolVersions.version, label)))
    .limit(1);
  if (!version) throw notFound('Version not found.', ['version']);
  if (!version.public && !caller.userId && !caller.admin)
    throw unauthorized(DOWNLOAD_REFUSAL_MESSAGES['sign-in-required']);
  const [file] = await db
    .select()
    .from(toolFiles)
    .where(and(eq(toolFiles.versionId, version.id), eq(toolFiles.fileName, fileName)))
    .limit(1);
  if (!file) throw notFound('File not found.', ['fileName']);
  const entitlements = await entitlementsOf(db, caller.userId, [featureId], clock.now());
  const exportAccess = (await exportAccessOf(db, caller.userId, [tool.id])).get(tool.id);
  const refusal = downloadRefusal(version, {
    signedIn: caller.userId !== null,
    admin: caller.admin,
    entitled: isEntitled(entitlements, featureId, version),
    exportApproved: exportAccess === 'granted',
  });
  switch (refusal) {
    case 'sign-in-required':
      throw unauthorized(DOWNLOAD_REFUSAL_MESSAGES[refusal]);
    case 'disabled':
      throw ApiError.of(403, 'download_disabled', DOWNLOAD_REFUSAL_MESSAGES[refusal], [featureId]);
    case 'purchase-required':
      throw ApiError.of(403, 'purchase_required', DOWNLOAD_REFUSAL_MESSAGES[refusal], [featureId]);
    case 'export-controlled':
      throw ApiError.of(403, 'export_controlled', DOWNLOAD_REFUSAL_MESSAGES[refusal], [
        featureId,
        ...version.exportControlClassifications,
      ]);
  }
  return file;
}

/** A custom bundle put together from tools, as the cart keeps it (nothing is stored). */
export async function composeCustomBundle(
  { db, clock, config }: Pick<CatalogueContext, 'db' | 'clock' | 'config'>,
  caller: CallerView,
  input: CustomBundleInput,
): Promise<CustomBundle> {
  const api = apiUrl(config);
  const featureIds = [...new Set(input.toolFeatureIds)];
  const rows = await db
    .select()
    .from(tools)
    .where(and(inArray(tools.featureId, featureIds), eq(tools.isRemoved, false)));
  refuseInternalUse(rows, caller);
  const byFeature = new Map(rows.map((row) => [row.featureId, row]));
  const missing = featureIds.filter((id) => !byFeature.has(id));
  if (missing.length)
    throw ApiError.of(409, 'cart_entry_unavailable', ERROR_MESSAGES.cart_entry_unavailable, missing);
  const unrequestable = rows.filter((row) => !isRequestable(row) || row.requestFlow === 'external');
  if (unrequestable.length) {
    throw ApiError.of(
      409,
      'not_requestable',
      ERROR_MESSAGES.not_requestable,
      unrequestable.map((row) => row.featureId),
    );
  }
  const ordered = featureIds.map((id) => byFeature.get(id)!);
  const versions = await versionsOf(
    db,
    ordered.map((row) => row.id),
    caller.userId !== null || caller.admin,
  );
  const files = await filesOf(
    db,
    [...versions.values()].flat().map((version) => version.id),
  );
  const entitlements = await entitlementsOf(db, caller.userId, featureIds, clock.now());
  const exportAccess = await exportAccessOf(
    db,
    caller.userId,
    ordered.map((row) => row.id),
  );
  const toolRecords: Tool[] = ordered.map((row) =>
    toTool(
      row,
      Object.fromEntries(
        (versions.get(row.id) ?? []).map((version) => {
          const refusal = downloadRefusal(version, {
            signedIn: caller.userId !== null,
            admin: caller.admin,
            entitled: isEntitled(entitlements, row.featureId, version),
            exportApproved: exportAccess.get(row.id) === 'granted',
          });
          return [
            version.version,
            toToolVersion(api, row.featureId, version, files.get(version.id) ?? [], refusal === null),
          ];
        }),
      ),
    ),
  );
  const asking = ordered.filter(
    (row) => row.requestFlow === 'cart-with-questionnaire' && row.questionnaireId,
  );
  const featureQuestionsMap: Record<string, string[]> = {};
  const toolQuestionnaires: Record<string, string> = {};
  for (const row of asking) {
    const questionnaire = await findQuestionnaire(db, row.questionnaireId!);
    if (!questionnaire) continue;
    toolQuestionnaires[row.featureId] = questionnaire.id;
    featureQuestionsMap[row.featureId] = questionnaire.questions.map((question) => question.id);
  }
  return {
    uuid: randomUUID(),
    name: input.name.trim(),
    tools: toolRecords,
    toolFeatureIds: featureIds,
    featureQuestionsMap,
    toolQuestionnaires,
  };
}
