import {
  defaultDownload,
  latestVersion,
  type CatalogueFile,
  type ToolDependency,
  type ToolDetail,
  type ToolVersionDetail,
} from '@portal/resources';
import { CliError, EXIT } from './errors.js';

/** `featureId` or `featureId@version`. */
export function parseFeatureSpec(spec: string): { featureId: string; version: string | null } {
  const at = spec.indexOf('@');
  const featureId = at < 0 ? spec : spec.slice(0, at);
  const version = at < 0 ? null : spec.slice(at + 1);
  if (!featureId || version === '') {
    throw new CliError(`Expected <featureId> or <featureId>@<version>, got "${spec}".`, {
      exitCode: EXIT.usage,
    });
  }
  return { featureId, version };
}

/** The asked version, or the latest one by the spec's rule (product §4) when none was asked. */
function pickVersion(tool: ToolDetail, version: string | null): ToolVersionDetail {
  const picked = version === null ? latestVersion(tool) : tool.versions[version];
  if (!picked) {
    const known = Object.keys(tool.versions).join(', ') || 'none';
    throw new CliError(
      version === null
        ? `${tool.featureId} has no version you can see.`
        : `${tool.featureId} has no version ${version} (versions: ${known}).`,
    );
  }
  return picked;
}

export interface Platform {
  os?: string | undefined;
  arch?: string | undefined;
}

/** Files for any platform (`any`) fit every asked OS or architecture. */
const ANY = 'any';
const fits = (value: string, asked: string | undefined) =>
  asked === undefined || [asked.toLowerCase(), ANY].includes(value.trim().toLowerCase());

/**
 * The file of a version to fetch: the one for the asked OS and architecture, or the spec's default download
 * (product §3, the portal's own Download button) when neither is asked.
 */
export function pickFile(featureId: string, version: ToolVersionDetail, platform: Platform): CatalogueFile {
  const files = version.downloadUrls;
  const picked =
    platform.os === undefined && platform.arch === undefined
      ? defaultDownload(files)
      : files.find((file) => fits(file.os, platform.os) && fits(file.architecture, platform.arch));
  if (!picked) {
    const offered = files.map((file) => `${file.os}/${file.architecture}`).join(', ') || 'no files';
    throw new CliError(
      `${featureId}@${version.version} has no file for ${platform.os ?? 'any OS'}/${platform.arch ?? 'any architecture'} (offers ${offered}).`,
    );
  }
  return picked;
}

/** Whether a version lies within a dependency's bounds (inclusive, compared by versionNumeric). */
function satisfies(version: ToolVersionDetail, dependency: ToolDependency): boolean {
  const { minVersionNumeric: min, maxVersionNumeric: max } = dependency;
  if (min === null && max === null) return true;
  const numeric = version.versionNumeric;
  if (numeric === null) return false;
  return (min === null || numeric >= min) && (max === null || numeric <= max);
}

export interface Pick {
  tool: ToolDetail;
  version: ToolVersionDetail;
  /** Who asked for it: null for the requested feature, else the featureId@version that depends on it. */
  requiredBy: string | null;
}

/**
 * The requested version and, with `withDeps`, the closure of its dependencies: each dependency's latest version
 * (spec rule) within its bounds, each feature once. A feature needed twice must fit every bound with one version.
 */
export async function resolvePicks(
  loadTool: (featureId: string) => Promise<ToolDetail>,
  featureId: string,
  version: string | null,
  withDeps: boolean,
): Promise<Pick[]> {
  const root = await loadTool(featureId);
  const picks = new Map<string, Pick>([
    [root.featureId, { tool: root, version: pickVersion(root, version), requiredBy: null }],
  ]);
  const queue = withDeps ? [picks.get(root.featureId)!] : [];
  while (queue.length) {
    const from = queue.shift()!;
    const label = `${from.tool.featureId}@${from.version.version}`;
    for (const dependency of from.version.dependencies) {
      const held = picks.get(dependency.targetFeatureId);
      if (held) {
        if (!satisfies(held.version, dependency)) {
          throw new CliError(
            `${label} needs ${dependency.targetFeatureId} ${describeBounds(dependency)}, but ${held.requiredBy ?? 'the request'} picked ${held.version.version}.`,
          );
        }
        continue;
      }
      const tool = await loadTool(dependency.targetFeatureId);
      const fitting = Object.fromEntries(
        Object.entries(tool.versions).filter(([, candidate]) => satisfies(candidate, dependency)),
      );
      const picked = latestVersion({ ...tool, versions: fitting });
      if (!picked) {
        throw new CliError(
          `${label} needs ${dependency.targetFeatureId} ${describeBounds(dependency)}: no version you can see fits.`,
        );
      }
      const pick = { tool, version: picked, requiredBy: label };
      picks.set(tool.featureId, pick);
      queue.push(pick);
    }
  }
  return [...picks.values()];
}

export function describeBounds({ minVersionNumeric: min, maxVersionNumeric: max }: ToolDependency): string {
  if (min !== null && max !== null) return `(versionNumeric ${min} to ${max})`;
  if (min !== null) return `(versionNumeric ${min} or later)`;
  if (max !== null) return `(versionNumeric up to ${max})`;
  return '(any version)';
}
