import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOL_API_VERSION_KEY, ToolApiVersionStore } from './tool-api-version';

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  reload = vi.fn<() => void>();
});

const stored = () => JSON.parse(localStorage.getItem(TOOL_API_VERSION_KEY) ?? 'null');

describe('tool API version flag (spec product §4, calls §7.8)', () => {
  it('defaults to v2 with the reset flag on', () => {
    const store = new ToolApiVersionStore(localStorage, reload);
    expect(store.getSnapshot()).toEqual({ version: 'v2', resetVersion: true });
    expect(store.versionFor(true)).toBe('v2');
  });

  it('reads a damaged stored value as the default', () => {
    localStorage.setItem(TOOL_API_VERSION_KEY, '{not json');
    expect(new ToolApiVersionStore(localStorage, reload).getSnapshot()).toEqual({
      version: 'v2',
      resetVersion: true,
    });
  });

  it('switching to v1 clears the reset flag, stores it locally and reloads the page', () => {
    const store = new ToolApiVersionStore(localStorage, reload);
    store.switchTo('v1');
    expect(stored()).toEqual({ version: 'v1', resetVersion: false });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps v1 for the reloaded page and goes back to v2 on the navigation after', () => {
    new ToolApiVersionStore(localStorage, reload).switchTo('v1');
    const afterReload = new ToolApiVersionStore(localStorage, reload);
    afterReload.navigated(); // the reload's own first navigation
    expect(afterReload.versionFor(true)).toBe('v1');
    afterReload.navigated();
    expect(afterReload.versionFor(true)).toBe('v2');
    expect(stored()).toEqual({ version: 'v2', resetVersion: true });
  });

  it('switching back to v2 is the default state', () => {
    const store = new ToolApiVersionStore(localStorage, reload);
    store.switchTo('v1');
    store.switchTo('v2');
    expect(store.getSnapshot()).toEqual({ version: 'v2', resetVersion: true });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('answers v2 for everybody but internal users', () => {
    localStorage.setItem(TOOL_API_VERSION_KEY, JSON.stringify({ version: 'v1', resetVersion: false }));
    const store = new ToolApiVersionStore(localStorage, reload);
    expect(store.versionFor(false)).toBe('v2');
    expect(store.versionFor(true)).toBe('v1');
  });

  it('tells subscribers, and logout resets it', () => {
    localStorage.setItem(TOOL_API_VERSION_KEY, JSON.stringify({ version: 'v1', resetVersion: false }));
    const store = new ToolApiVersionStore(localStorage, reload);
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toEqual({ version: 'v2', resetVersion: true });
  });
});
