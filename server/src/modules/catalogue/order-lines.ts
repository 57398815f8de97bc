import { and, eq, inArray } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  cartEntryKey,
  hasSerialProductNumber,
  isRequestable,
  latestVersion,
  mayApprovePosition,
  orderLineTerms,
  type CheckoutEntryInput,
  type ErrorCode,
  type ErrorItem,
  type Price,
} from '@portal/resources';
import { bundleVersions, softwareBundles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { ApiError } from '../../transport/errors.js';
import { keptFromInternalUse, type Executor } from './context.js';
import { toolColumns, type BundleRow, type ToolSummaryRow } from './records.js';
import { exportAccessOf } from './entitlements.js';

/**
 * The one place that decides how anything enters an order and may be approved (issue 17): a tool, a bundle, a
 * custom bundle at checkout, and a position at approval. Every tool version involved is judged by
 * `orderLineTerms` of @portal/resources: orderable versions only, payable versions become purchase lines at their
 * price, export-controlled ones need a granted export access request; approval of a payable version needs its
 * payment (`mayApprovePosition`).
 */

/** One order line in the making; a price makes it a purchase line. */
export interface PositionDraft {
  entryType: 'tool' | 'bundle' | 'custom-bundle';
  featureId: string;
  version: string | null;
  name: string;
  price: Price | null;
  /** The tool whose export access the line needs (payable lines: checked with the billing information). */
  exportControlledToolId: string | null;
}

export interface ResolvedEntry {
  key: string;
  questionnaireIds: string[];
  positions: PositionDraft[];
}

type VersionRow = Pick<
  typeof toolVersions.$inferSelect,
  'id' | 'toolId' | 'version' | 'versionNumeric' | 'orderable' | 'spn' | 'price' | 'exportControlled'
>;

const versionColumns = {
  id: toolVersions.id,
  toolId: toolVersions.toolId,
  version: toolVersions.version,
  versionNumeric: toolVersions.versionNumeric,
  orderable: toolVersions.orderable,
  spn: toolVersions.spn,
  price: toolVersions.price,
  exportControlled: toolVersions.exportControlled,
};

/** The catalogue rows a set of entries or positions names, loaded in a few statements. */
async function loadCatalogue(tx: Executor, featureIds: Set<string>, bundleUuids: Set<string>) {
  const bundleRows = bundleUuids.size
    ? await tx
        .select()
        .from(softwareBundles)
        .where(inArray(softwareBundles.uuid, [...bundleUuids]))
    : [];
  bundleRows.forEach((bundle) => bundle.toolFeatureIds.forEach((id) => featureIds.add(id)));
  const releasedVersions = bundleRows.length
    ? await tx
        .select()
        .from(bundleVersions)
        .where(
          and(
            inArray(
              bundleVersions.bundleId,
              bundleRows.map((row) => row.id),
            ),
            eq(bundleVersions.released, true),
          ),
        )
    : [];
  // A released version may pin tools the bundle no longer lists: they are its content too.
  releasedVersions.forEach((row) => row.toolVersions.forEach(({ featureId }) => featureIds.add(featureId)));
  const toolRows = featureIds.size
    ? await tx
        .select(toolColumns)
        .from(tools)
        .where(inArray(tools.featureId, [...featureIds]))
    : [];
  const versionRows: VersionRow[] = toolRows.length
    ? await tx
        .select(versionColumns)
        .from(toolVersions)
        .where(
          inArray(
            toolVersions.toolId,
            toolRows.map((row) => row.id),
          ),
        )
    : [];
  const toolOf = new Map(toolRows.filter((row) => !row.isRemoved).map((row) => [row.featureId, row]));
  const versionsOf = (tool: ToolSummaryRow) => versionRows.filter((version) => version.toolId === tool.id);
  const versionOf = (tool: ToolSummaryRow, label: string | null) =>
    versionsOf(tool).find((version) => version.version === label);
  /** The version a custom bundle or an unpinned bundle stands for: the tool's latest (spec §4). */
  const latestOf = (tool: ToolSummaryRow) =>
    latestVersion({
      versions: Object.fromEntries(versionsOf(tool).map((version) => [version.version, version])),
      isOnlineTool: tool.isOnlineTool,
      type: tool.type,
    });
  /**
   * What a bundle stands for: the tool versions its latest released bundle version pins, else each tool's latest
   * version. A tool or version that is gone is undefined.
   */
  const contentsOf = (bundle: BundleRow) => {
    const pinned = latestVersion({
      versions: Object.fromEntries(
        releasedVersions.filter((row) => row.bundleId === bundle.id).map((row) => [row.version, row]),
      ),
    });
    const wanted = pinned
      ? pinned.toolVersions.map(({ featureId, version }) => ({ featureId, version }))
      : bundle.toolFeatureIds.map((featureId) => ({ featureId, version: null }));
    return wanted.map(({ featureId, version }) => {
      const tool = toolOf.get(featureId);
      const chosen = tool ? (version === null ? latestOf(tool) : versionOf(tool, version)) : undefined;
      return { featureId, tool, version: chosen };
    });
  };
  return {
    toolOf,
    versionOf,
    latestOf,
    contentsOf,
    bundleOf: new Map(bundleRows.map((row) => [row.uuid, row])),
  };
}

const refusal = (code: ErrorCode, resources: string[]): ErrorItem => ({
  errorCode: code,
  resources,
  messages: [ERROR_MESSAGES[code]],
});

/**
 * Looks every checkout entry up again and turns it into order lines; refusals are collected so the customer
 * learns about all of them at once (409 `cart_entry_unavailable`, `not_requestable`, `not_orderable`,
 * `export_controlled`).
 */
export async function resolveOrderEntries(
  tx: Executor,
  userId: string,
  entries: CheckoutEntryInput[],
  /** `mayUseInternalTools` of the customer: otherwise internal-only tools are refused (`internal_use_only`). */
  internalTools: boolean,
): Promise<ResolvedEntry[]> {
  const featureIds = new Set<string>();
  const bundleUuids = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'tool') featureIds.add(entry.item.featureId);
    else if (entry.type === 'bundle') bundleUuids.add(entry.item.uuid);
    else entry.customBundle.toolFeatureIds.forEach((id) => featureIds.add(id));
  }
  const catalogue = await loadCatalogue(tx, featureIds, bundleUuids);
  const exportAccess = await exportAccessOf(
    tx,
    userId,
    [...catalogue.toolOf.values()].map((tool) => tool.id),
  );

  const refused = new Map<ErrorCode, Set<string>>();
  const refuse = (code: ErrorCode, key: string) =>
    refused.set(code, (refused.get(code) ?? new Set()).add(key));
  const asks = (item: { requestFlow: string; questionnaireId: string | null }) =>
    item.requestFlow === 'cart-with-questionnaire' && item.questionnaireId ? [item.questionnaireId] : [];
  const requestable = (tool: ToolSummaryRow) => isRequestable(tool) && tool.requestFlow !== 'external';

  /** One tool version as a line, by the shared terms; undefined when refused. */
  const line = (
    key: string,
    tool: ToolSummaryRow,
    version: VersionRow,
    draft: Pick<PositionDraft, 'entryType' | 'name'>,
  ): PositionDraft | undefined => {
    if (keptFromInternalUse(tool, internalTools)) {
      refuse('internal_use_only', key);
      return undefined;
    }
    const terms = orderLineTerms(version, { exportApproved: exportAccess.get(tool.id) === 'granted' });
    if (terms.refusal) {
      refuse(terms.refusal, key);
      return undefined;
    }
    // A purchase's missing export approval is a billing issue (spec calls §8.4), said with the billing check.
    if (terms.exportApprovalMissing && !terms.price) refuse('export_controlled', key);
    return {
      ...draft,
      featureId: tool.featureId,
      version: version.version,
      price: terms.price,
      exportControlledToolId: version.exportControlled ? tool.id : null,
    };
  };

  const resolved: ResolvedEntry[] = [];
  for (const entry of entries) {
    const key = cartEntryKey(entry);
    const positions: PositionDraft[] = [];
    const questionnaireIds: string[] = [];
    if (entry.type === 'tool') {
      const tool = catalogue.toolOf.get(entry.item.featureId);
      const version = tool && catalogue.versionOf(tool, entry.package.version);
      if (!tool || !version) {
        refuse('cart_entry_unavailable', key);
        continue;
      }
      if (!requestable(tool)) refuse('not_requestable', key);
      questionnaireIds.push(...asks(tool));
      const drafted = line(key, tool, version, { entryType: 'tool', name: tool.name });
      if (drafted) positions.push(drafted);
    } else if (entry.type === 'bundle') {
      const bundle = catalogue.bundleOf.get(entry.item.uuid);
      if (!bundle || !bundle.released) {
        refuse('cart_entry_unavailable', key);
        continue;
      }
      if (bundle.requestFlow === 'external') refuse('not_requestable', key);
      if (!bundle.orderable) refuse('not_orderable', key);
      questionnaireIds.push(...asks(bundle));
      positions.push({
        entryType: 'bundle',
        featureId: bundle.uuid,
        version: null,
        name: bundle.name,
        price: null,
        exportControlledToolId: null,
      });
      // The bundle's own position stands for its free content; a payable tool in it is bought as its own line.
      for (const content of catalogue.contentsOf(bundle)) {
        // Content that is gone is not handed out unjudged: the bundle cannot be ordered.
        if (!content.tool || !content.version) {
          refuse('cart_entry_unavailable', key);
          continue;
        }
        const drafted = line(key, content.tool, content.version, {
          entryType: 'tool',
          name: `${content.tool.name} (${bundle.name})`,
        });
        if (drafted?.price) positions.push(drafted);
      }
    } else {
      for (const featureId of new Set(entry.customBundle.toolFeatureIds)) {
        const tool = catalogue.toolOf.get(featureId);
        const version = tool && catalogue.latestOf(tool);
        if (!tool || !version) {
          refuse('cart_entry_unavailable', key);
          continue;
        }
        if (!requestable(tool)) refuse('not_requestable', key);
        questionnaireIds.push(...asks(tool));
        const drafted = line(key, tool, version, {
          entryType: 'custom-bundle',
          name: `${tool.name} (${entry.customBundle.name.trim()})`,
        });
        if (drafted) positions.push(drafted);
      }
    }
    resolved.push({ key, questionnaireIds, positions });
  }
  // A payable version is bought once per checkout, however many entries (tool, bundle, custom bundle) name it.
  const bought = new Set<string>();
  for (const entry of resolved) {
    entry.positions = entry.positions.filter((position) => {
      if (!position.price) return true;
      const id = `${position.featureId}@${position.version}`;
      if (bought.has(id)) return false;
      bought.add(id);
      return true;
    });
  }
  const order: ErrorCode[] = [
    'cart_entry_unavailable',
    'internal_use_only',
    'not_requestable',
    'not_orderable',
    'export_controlled',
  ];
  const errors = order.flatMap((code) => (refused.has(code) ? [refusal(code, [...refused.get(code)!])] : []));
  if (errors.length) throw new ApiError(409, errors);
  const currencies = new Set(
    resolved.flatMap((entry) => entry.positions.map((position) => position.price?.currency)).filter(Boolean),
  );
  if (currencies.size > 1) {
    throw ApiError.of(
      409,
      'not_orderable',
      'Payable items in different currencies cannot be paid together.',
      [...currencies] as string[],
    );
  }
  return resolved;
}

/** What an order position stands for, judged as at checkout: the tools it covers and whether it is payable. */
export async function positionContents(
  tx: Executor,
  position: { entryType: string; featureId: string; version: string | null },
): Promise<{ payable: boolean; coveredFeatureIds: string[] }> {
  const isBundle = position.entryType === 'bundle';
  const catalogue = await loadCatalogue(
    tx,
    new Set(isBundle ? [] : [position.featureId]),
    new Set(isBundle ? [position.featureId] : []),
  );
  if (isBundle) {
    const bundle = catalogue.bundleOf.get(position.featureId);
    // Payable content was sold as lines of its own; the bundle position covers the rest that can still be found.
    const covered = bundle
      ? catalogue
          .contentsOf(bundle)
          .filter((content) => content.version && !hasSerialProductNumber(content.version))
          .map((content) => content.featureId)
      : [];
    return { payable: false, coveredFeatureIds: covered };
  }
  const tool = catalogue.toolOf.get(position.featureId);
  const version = tool && catalogue.versionOf(tool, position.version);
  // A tool or version that cannot be found any more counts as payable: approval fails closed.
  return { payable: !version || hasSerialProductNumber(version), coveredFeatureIds: [position.featureId] };
}

/** Refuses the approval of a position whose version is payable unless its purchase is paid (409). */
export async function assertApprovable(
  tx: Executor,
  order: { kind: 'request' | 'purchase'; paid: boolean },
  position: { entryType: string; featureId: string; version: string | null; priceCents: number | null },
): Promise<void> {
  const { payable } = await positionContents(tx, position);
  if (mayApprovePosition(order, payable || position.priceCents !== null)) return;
  throw ApiError.of(
    409,
    'purchase_required',
    'This version is payable: it is approved by its payment, not by hand.',
    [position.featureId],
  );
}
