import { ApiError } from '@portal/data-provider/api-error';
import {
  FEATURE_ID_MAX_LENGTH,
  bundleKeySchema,
  compareVersions,
  type BundleVersion,
  type CatalogueDocument,
  type SoftwareBundleDetail,
  type ToolDetail,
} from '@portal/resources';
import { CliError } from './errors.js';
import { kindOfToolType } from './kinds.js';
import type { Portal } from './portal.js';

/** One entry of the catalogue by the id the command was given. */
export type CatalogueEntry =
  | { kind: 'tool' | 'software'; tool: ToolDetail }
  | { kind: 'bundle'; bundle: SoftwareBundleDetail }
  | { kind: 'document'; document: CatalogueDocument };

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The tool, software item, bundle or document an id names, asked in that order of the same calls the apps make
 * (a 404 moves on to the next kind; any other refusal is the portal's answer). An id none of them has is named in
 * the message.
 */
export async function findEntry(portal: Portal, id: string): Promise<CatalogueEntry> {
  const featureShaped = id.length <= FEATURE_ID_MAX_LENGTH;
  const lookups: (() => Promise<CatalogueEntry>)[] = [
    ...(featureShaped
      ? [
          async () => {
            const tool = await portal.tool(id);
            return { kind: kindOfToolType(tool.type), tool };
          },
        ]
      : []),
    ...(bundleKeySchema.safeParse(id).success
      ? [async () => ({ kind: 'bundle' as const, bundle: await portal.bundle(id) })]
      : []),
    ...(featureShaped
      ? [async () => ({ kind: 'document' as const, document: await portal.document(id) })]
      : []),
  ];
  for (const lookup of lookups) {
    try {
      return await lookup();
    } catch (error) {
      if (!notFound(error)) throw error;
    }
  }
  throw new CliError(`No tool, software, bundle or document '${id}'.`);
}

/** A tool or software item: what `findEntry` found must be one for commands that take only those. */
export async function findTool(portal: Portal, featureId: string): Promise<ToolDetail> {
  try {
    return await portal.tool(featureId);
  } catch (error) {
    if (notFound(error)) throw new CliError(`No tool or software '${featureId}'.`, { cause: error });
    throw error;
  }
}

/** The asked version of a bundle, or its newest (by the catalogue's version comparison). */
export function pickBundleVersion(bundle: SoftwareBundleDetail, version: string | null): BundleVersion {
  const versions = [...bundle.versions].sort((a, b) => compareVersions(b.version, a.version));
  const picked = version === null ? versions[0] : versions.find((candidate) => candidate.version === version);
  if (!picked) {
    const known = versions.map((candidate) => candidate.version).join(', ') || 'none';
    throw new CliError(
      version === null
        ? `The bundle ${bundle.uuid} has no released version.`
        : `The bundle ${bundle.uuid} has no version ${version} (versions: ${known}).`,
    );
  }
  return picked;
}
