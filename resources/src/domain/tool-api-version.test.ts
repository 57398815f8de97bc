import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOOL_API_VERSION_STATE,
  effectiveToolApiVersion,
  requestedToolApiVersion,
  parseToolApiVersionState,
  switchToolApiVersion,
  toolApiVersionAfterNavigation,
  type ToolApiVersionState,
} from './tool-api-version.js';

describe('parseToolApiVersionState', () => {
  it.each<[unknown, ToolApiVersionState]>([
    [
      { version: 'v1', resetVersion: false },
      { version: 'v1', resetVersion: false },
    ],
    [
      { version: 'v2', resetVersion: true },
      { version: 'v2', resetVersion: true },
    ],
    [{ version: 'v1' }, { version: 'v1', resetVersion: true }],
    [
      { version: 'v3', resetVersion: false },
      { version: 'v2', resetVersion: false },
    ],
    [
      { version: 'V1', resetVersion: 'false' },
      { version: 'v2', resetVersion: true },
    ],
    [null, { version: 'v2', resetVersion: true }],
    ['v1', { version: 'v2', resetVersion: true }],
    [undefined, { version: 'v2', resetVersion: true }],
  ])('reads %j as %j', (stored, state) => {
    expect(parseToolApiVersionState(stored)).toEqual(state);
  });

  it('defaults to v2 with the reset flag on', () => {
    expect(DEFAULT_TOOL_API_VERSION_STATE).toEqual({ version: 'v2', resetVersion: true });
  });
});

describe('switching and navigating', () => {
  it.each([
    ['v1', { version: 'v1', resetVersion: false }],
    ['v2', { version: 'v2', resetVersion: true }],
  ] as const)('switching to %s gives %j', (version, state) => {
    expect(switchToolApiVersion(version)).toEqual(state);
  });

  it.each<[ToolApiVersionState, ToolApiVersionState]>([
    [
      { version: 'v1', resetVersion: false },
      { version: 'v1', resetVersion: true },
    ],
    [
      { version: 'v1', resetVersion: true },
      { version: 'v2', resetVersion: true },
    ],
    [
      { version: 'v2', resetVersion: false },
      { version: 'v2', resetVersion: true },
    ],
    [
      { version: 'v2', resetVersion: true },
      { version: 'v2', resetVersion: true },
    ],
  ])('a navigation turns %j into %j', (state, next) => {
    expect(toolApiVersionAfterNavigation(state)).toEqual(next);
  });

  it('keeps v1 through the reload after switching, and resets to v2 on the navigation after', () => {
    const reloaded = toolApiVersionAfterNavigation(switchToolApiVersion('v1'));
    expect(reloaded.version).toBe('v1');
    expect(toolApiVersionAfterNavigation(reloaded).version).toBe('v2');
  });
});

describe('effectiveToolApiVersion', () => {
  it.each<[ToolApiVersionState, boolean, string]>([
    [{ version: 'v1', resetVersion: false }, true, 'v1'],
    [{ version: 'v1', resetVersion: false }, false, 'v2'],
    [{ version: 'v2', resetVersion: true }, true, 'v2'],
    [{ version: 'v2', resetVersion: true }, false, 'v2'],
  ])('%j for an internal user %s is %s', (state, internal, version) => {
    expect(effectiveToolApiVersion(state, internal)).toBe(version);
  });
});

describe('requestedToolApiVersion', () => {
  it.each<[unknown, boolean, string]>([
    ['v1', true, 'v1'],
    ['v1', false, 'v2'],
    ['v2', true, 'v2'],
    ['V1', true, 'v2'],
    [['v1', 'v1'], true, 'v2'],
    [undefined, true, 'v2'],
  ])('the header %j from an internal user %s answers %s', (header, internal, version) => {
    expect(requestedToolApiVersion(header, internal)).toBe(version);
  });
});
