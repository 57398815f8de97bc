import {
  DEFAULT_TOOL_API_VERSION_STATE,
  effectiveToolApiVersion,
  parseToolApiVersionState,
  switchToolApiVersion,
  toolApiVersionAfterNavigation,
  type ToolApiVersion,
  type ToolApiVersionState,
} from '@portal/resources';

/** Local storage key of the tool API version flag (spec product §4, calls §7.8). */
export const TOOL_API_VERSION_KEY = 'toolApiVersion';

/**
 * The tool API version flag of internal users: v2 by default, kept in local storage, switched from the
 * profile menu (the page then reloads) and back to v2 on the navigation after the one that followed the
 * switch. The rules are @portal/resources'; this keeps the state and tells the UI.
 */
export class ToolApiVersionStore {
  private state: ToolApiVersionState;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: Storage,
    private readonly reload: () => void = () => window.location.reload(),
  ) {
    this.state = this.read();
  }

  getSnapshot = (): ToolApiVersionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The version a tool API request uses: v2 for everybody but internal users. */
  versionFor(isInternalUser: boolean): ToolApiVersion {
    return effectiveToolApiVersion(this.state, isInternalUser);
  }

  /** An internal user's choice: stored, then the page reloads so every tool is asked again. */
  switchTo(version: ToolApiVersion): void {
    this.write(switchToolApiVersion(version));
    this.reload();
  }

  /** Called once per navigation, the first load included. */
  navigated(): void {
    this.write(toolApiVersionAfterNavigation(this.state));
  }

  /** Logout resets it with every other store. */
  reset(): void {
    this.write({ ...DEFAULT_TOOL_API_VERSION_STATE });
  }

  private read(): ToolApiVersionState {
    try {
      return parseToolApiVersionState(JSON.parse(this.storage.getItem(TOOL_API_VERSION_KEY) ?? 'null'));
    } catch {
      return parseToolApiVersionState(null);
    }
  }

  private write(state: ToolApiVersionState): void {
    this.storage.setItem(TOOL_API_VERSION_KEY, JSON.stringify(state));
    if (state.version === this.state.version && state.resetVersion === this.state.resetVersion) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
