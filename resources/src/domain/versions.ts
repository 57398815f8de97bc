/** The fields of a tool version that decide which one is the latest (spec product §3, §4). */
export interface VersionLike {
  version: string;
  versionNumeric?: number | null;
}

/** The fields of a tool that decide which version is the latest: versions keyed by their label. */
export interface ToolVersionsLike<V extends VersionLike = VersionLike> {
  versions: Readonly<Record<string, V>>;
  isOnlineTool?: boolean | null;
  type?: string | null;
}

/** Labels that win over the highest version for online tools and external software (spec product §4). */
const ONLINE_VERSION_LABEL = 'online';
const EXTERNAL_VERSION_LABEL = 'external';

interface Segment {
  /** The leading digits without leading zeros, '' when the segment has none. */
  digits: string;
  /** Whether the segment starts with a digit at all. */
  numeric: boolean;
  /** What follows the leading digits ('beta' in '0beta'); compared as text. */
  suffix: string;
}

const ZERO: Segment = { digits: '', numeric: true, suffix: '' };

function toSegment(text: string): Segment {
  const match = /^(\d*)(.*)$/s.exec(text.trim());
  const leading = match?.[1] ?? '';
  const suffix = match?.[2] ?? '';
  if (leading === '' && suffix === '') return ZERO;
  return { digits: leading.replace(/^0+/, ''), numeric: leading !== '', suffix };
}

/** Digit strings without leading zeros: the longer one is the larger, so no precision is lost on long runs. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return compareText(a, b);
}

/** Code-unit order: the same in every locale and on every runtime, unlike localeCompare. */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Segment order, a total order so version sorting is transitive: segments that start with digits rank above
 * those that do not and compare by that number; then a bare number ranks above the same number with a suffix
 * ('1.0' > '1.0-beta'); then suffixes compare as text.
 */
function compareSegments(a: Segment, b: Segment): number {
  if (a.numeric !== b.numeric) return a.numeric ? 1 : -1;
  const byNumber = compareDigits(a.digits, b.digits);
  if (byNumber !== 0) return byNumber;
  if ((a.suffix === '') !== (b.suffix === '')) return a.suffix === '' ? 1 : -1;
  return compareText(a.suffix, b.suffix);
}

/**
 * Compares dotted version texts segment by segment: numeric segments as numbers ('1.10' > '1.9'), missing
 * segments as 0 ('1.0' equals '1'), non-numeric segments as text. Negative when `a` is lower, 0 when equal,
 * positive when `a` is higher.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(toSegment);
  const right = b.split('.').map(toSegment);
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const order = compareSegments(left[index] ?? ZERO, right[index] ?? ZERO);
    if (order !== 0) return order;
  }
  return 0;
}

const hasNumeric = (version: VersionLike): boolean =>
  typeof version.versionNumeric === 'number' && Number.isFinite(version.versionNumeric);

type Entry<V> = [label: string, version: V];

/**
 * The order that picks a tool's highest version: by versionNumeric only when every version has one (a mixed
 * comparison is not transitive), else by text; ties fall to the other key, then the label.
 */
function versionOrder<V extends VersionLike>(
  entries: readonly Entry<V>[],
): (a: Entry<V>, b: Entry<V>) => number {
  const byNumeric = entries.every(([, version]) => hasNumeric(version));
  const numeric = (a: V, b: V) => Math.sign((a.versionNumeric ?? 0) - (b.versionNumeric ?? 0));
  const numericIfBoth = (a: V, b: V) =>
    hasNumeric(a) && hasNumeric(b) ? numeric(a, b) : Number(hasNumeric(a)) - Number(hasNumeric(b));
  return ([labelA, a], [labelB, b]) =>
    (byNumeric
      ? numeric(a, b) || compareVersions(a.version, b.version)
      : compareVersions(a.version, b.version) || numericIfBoth(a, b)) || compareText(labelB, labelA);
}

/**
 * The latest version of a tool (spec product §4): a single version is used directly; an online tool prefers
 * the version labelled 'online'; external software (type software_external) the one labelled 'external';
 * otherwise the highest version. Undefined when the tool has no versions.
 */
export function latestVersion<V extends VersionLike>(tool: ToolVersionsLike<V>): V | undefined {
  const entries = Object.entries(tool.versions);
  if (entries.length <= 1) return entries[0]?.[1];
  const preferred = tool.isOnlineTool
    ? tool.versions[ONLINE_VERSION_LABEL]
    : tool.type === 'software_external'
      ? tool.versions[EXTERNAL_VERSION_LABEL]
      : undefined;
  if (preferred) return preferred;
  const order = versionOrder(entries);
  return entries.reduce((best, entry) => (order(entry, best) > 0 ? entry : best))[1];
}
