import type {
  CustomBundle,
  Price,
  SoftwareBundle,
  ToolDetail,
  ToolVersion,
  ToolVersionDetail,
} from '@portal/resources';
import type { StoredCartEntry } from './cart-store';

/** The fields of a tool version the cart keeps: the version's record without its files (they are not ordered). */
function packageOf(version: ToolVersionDetail): ToolVersion & { price: Price | null } {
  return {
    id: version.id,
    description: version.description,
    version: version.version,
    versionNumeric: version.versionNumeric,
    orderable: version.orderable,
    downloadUrls: [],
    tags: version.tags,
    protocolLink: version.protocolLink,
    spn: version.spn,
    public: version.public,
    canDownload: version.canDownload,
    links: [],
    dependencies: [],
    additionalAttributes: {},
    price: version.price,
  };
}

/**
 * A tool version as a cart entry. The tool is kept without its versions (the entry's `package` is the one
 * ordered), and with its questionnaire only when its request flow asks it, so the cart knows which questions
 * checkout needs.
 */
export function toolEntry(tool: ToolDetail, version: ToolVersionDetail): StoredCartEntry {
  return {
    type: 'tool',
    item: {
      id: tool.id,
      name: tool.name,
      icon: tool.icon,
      featureId: tool.featureId,
      externalUrl: tool.externalUrl,
      requestUrl: tool.requestUrl,
      isOnlineTool: tool.isOnlineTool,
      isInstallableViaLauncher: tool.isInstallableViaLauncher,
      versions: {},
      isRemoved: tool.isRemoved,
      type: tool.type,
      questionnaireId: tool.requestFlow === 'cart-with-questionnaire' ? tool.questionnaireId : null,
    },
    package: packageOf(version),
  };
}

/** A software bundle with the features the customer picked. */
export function bundleEntry(bundle: SoftwareBundle, selectedFeatures: readonly string[]): StoredCartEntry {
  return {
    type: 'bundle',
    item: {
      id: bundle.id,
      uuid: bundle.uuid,
      name: bundle.name,
      orderable: bundle.orderable,
      released: bundle.released,
      iconUrl: bundle.iconUrl,
      hardwareNames: bundle.hardwareNames,
      toolFeatureIds: bundle.toolFeatureIds,
      documentFeatureIds: bundle.documentFeatureIds,
      questionnaireId: bundle.requestFlow === 'cart-with-questionnaire' ? bundle.questionnaireId : null,
      features: bundle.features,
      selectedFeatures: [...selectedFeatures],
      requestFlow: bundle.requestFlow,
    },
  };
}

/** A custom bundle as the server put it together; its tools are kept without their versions. */
export function customBundleEntry(bundle: CustomBundle): StoredCartEntry {
  return {
    type: 'custom-bundle',
    customBundle: { ...bundle, tools: bundle.tools.map((tool) => ({ ...tool, versions: {} })) },
  };
}

/** What the cart shows as the entry's name. */
export function entryName(entry: StoredCartEntry): string {
  return entry.type === 'custom-bundle' ? entry.customBundle.name : entry.item.name;
}

export function entryPrice(entry: StoredCartEntry): Price | null {
  return entry.type === 'tool' ? (entry.package.price ?? null) : null;
}

/** The questionnaires checkout needs answered for this entry. */
function entryQuestionnaires(entry: StoredCartEntry): string[] {
  switch (entry.type) {
    case 'tool':
      return entry.item.questionnaireId ? [entry.item.questionnaireId] : [];
    case 'bundle':
      return entry.item.requestFlow === 'cart-with-questionnaire' && entry.item.questionnaireId
        ? [entry.item.questionnaireId]
        : [];
    case 'custom-bundle':
      return Object.values(entry.customBundle.toolQuestionnaires);
  }
}

/** Every questionnaire the cart asks, each once, in cart order, with the names of the entries asking it. */
export function cartQuestionnaires(
  entries: readonly StoredCartEntry[],
): { questionnaireId: string; askedBy: string[] }[] {
  const asked = new Map<string, string[]>();
  for (const entry of entries) {
    for (const id of entryQuestionnaires(entry)) asked.set(id, [...(asked.get(id) ?? []), entryName(entry)]);
  }
  return [...asked].map(([questionnaireId, askedBy]) => ({ questionnaireId, askedBy }));
}

/** The sum of the payable entries' prices, per currency (checkout refuses mixed currencies). */
export function cartTotals(entries: readonly StoredCartEntry[]): Price[] {
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const price = entryPrice(entry);
    if (price) totals.set(price.currency, (totals.get(price.currency) ?? 0) + price.amountCents);
  }
  return [...totals].map(([currency, amountCents]) => ({ currency, amountCents }));
}
