/** The tool API versions internal users may switch between (spec product §4, calls §7.8). */
const TOOL_API_VERSIONS = ['v1', 'v2'] as const;
export type ToolApiVersion = (typeof TOOL_API_VERSIONS)[number];

/** What the apps store locally: the version in use and whether the next navigation resets it to v2. */
export interface ToolApiVersionState {
  version: ToolApiVersion;
  resetVersion: boolean;
}

export const DEFAULT_TOOL_API_VERSION: ToolApiVersion = 'v2';
export const DEFAULT_TOOL_API_VERSION_STATE: Readonly<ToolApiVersionState> = {
  version: DEFAULT_TOOL_API_VERSION,
  resetVersion: true,
};

/** Reads a stored state; anything missing or unknown takes its default (v2, reset on). */
export function parseToolApiVersionState(stored: unknown): ToolApiVersionState {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const version = TOOL_API_VERSIONS.find((known) => known === record.version) ?? DEFAULT_TOOL_API_VERSION;
  const resetVersion =
    typeof record.resetVersion === 'boolean'
      ? record.resetVersion
      : DEFAULT_TOOL_API_VERSION_STATE.resetVersion;
  return { version, resetVersion };
}

/**
 * The state after an internal user picks a version; the app then reloads the page. Switching to v1 clears the
 * reset flag so the reload's own navigation keeps v1; switching to v2 is the default state.
 */
export function switchToolApiVersion(version: ToolApiVersion): ToolApiVersionState {
  return version === 'v1' ? { version, resetVersion: false } : { ...DEFAULT_TOOL_API_VERSION_STATE };
}

/**
 * The state after a navigation: with the reset flag set the version goes back to v2; without it the version
 * stays for this navigation and the flag is set again, so the one after resets it.
 */
export function toolApiVersionAfterNavigation(state: ToolApiVersionState): ToolApiVersionState {
  return state.resetVersion
    ? { ...DEFAULT_TOOL_API_VERSION_STATE }
    : { version: state.version, resetVersion: true };
}

/** The version a request uses: only internal users can leave v2. */
export function effectiveToolApiVersion(state: ToolApiVersionState, isInternalUser: boolean): ToolApiVersion {
  return isInternalUser ? state.version : DEFAULT_TOOL_API_VERSION;
}

/** The request header the apps send the stored version in (calls §7.8); the server honours it for internal users. */
export const TOOL_API_VERSION_HEADER = 'X-Tool-Api-Version';

/** The version the server answers a request in: the header's for an internal user, v2 for anybody else. */
export function requestedToolApiVersion(header: unknown, isInternalUser: boolean): ToolApiVersion {
  return effectiveToolApiVersion(parseToolApiVersionState({ version: header }), isInternalUser);
}
