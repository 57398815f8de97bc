import { describe, expect, it } from 'vitest';
import {
  defaultDownload,
  hasSerialProductNumber,
  isDownloadAllowed,
  isInstallable,
  isRequestable,
  type DownloadLike,
} from './tools.js';

describe('isInstallable', () => {
  it.each([
    [{ isOnlineTool: false, type: 'tool' }, true],
    [{ isOnlineTool: false, type: 'content-pack' }, true],
    [{ type: 'tool' }, true],
    [{ isOnlineTool: true, type: 'tool' }, false],
    [{ isOnlineTool: true, type: 'content-pack' }, false],
    [{ isOnlineTool: false, type: 'software' }, false],
    [{ isOnlineTool: false, type: 'tool_online' }, false],
    [{ isOnlineTool: false, type: 'legacy-tool' }, false],
    [{ isOnlineTool: false, type: 'Tool' }, false],
    [{ isOnlineTool: false, type: null }, false],
  ])('%j is installable: %s', (tool, expected) => {
    expect(isInstallable(tool)).toBe(expected);
  });
});

describe('isRequestable', () => {
  it.each([
    [{ isOnlineTool: false }, true],
    [{ isOnlineTool: null }, true],
    [{}, true],
    [{ isOnlineTool: true }, false],
  ])('%j is requestable: %s', (tool, expected) => {
    expect(isRequestable(tool)).toBe(expected);
  });
});

describe('hasSerialProductNumber', () => {
  it.each([
    [{ spn: 'SP001234' }, true],
    [{ spn: ' x ' }, true],
    [{ spn: '' }, false],
    [{ spn: '   ' }, false],
    [{ spn: '\t\n' }, false],
    [{ spn: null }, false],
    [{}, false],
  ])('%j has a serial product number: %s', (version, expected) => {
    expect(hasSerialProductNumber(version)).toBe(expected);
  });
});

describe('isDownloadAllowed', () => {
  it.each([
    [{ canDownload: true }, true],
    [{ canDownload: false }, false],
    [{ canDownload: null }, false],
    [{}, false],
  ])('%j allows download: %s', (version, expected) => {
    expect(isDownloadAllowed(version)).toBe(expected);
  });
});

describe('defaultDownload', () => {
  const linux = { os: 'linux', architecture: 'x64' };
  const winArm = { os: 'windows', architecture: 'arm64' };
  const win32 = { os: 'Windows', architecture: 'x86' };
  const winX64 = { os: 'windows', architecture: 'x64' };
  const winUpper = { os: ' WINDOWS ', architecture: 'X86_64' };
  const winAmd64 = { os: 'Windows', architecture: 'amd64' };
  const mac = { os: 'macos', architecture: 'x64' };
  const bare: DownloadLike = {};

  it.each<[string, DownloadLike[] | null | undefined, DownloadLike | undefined]>([
    ['the Windows x64 one among others', [linux, winArm, winX64, mac], winX64],
    ['Windows in any case, x86_64 in any case', [linux, winUpper], winUpper],
    ['Windows amd64', [win32, winAmd64], winAmd64],
    ['the first Windows x64 one when there are several', [winAmd64, winX64], winAmd64],
    ['the first one when none is Windows x64', [linux, win32, winArm], linux],
    ['the first one when os and architecture are missing', [bare, mac], bare],
    ['nothing for no downloads', [], undefined],
    ['nothing for a missing list', null, undefined],
  ])('picks %s', (_name, downloads, expected) => {
    expect(defaultDownload(downloads)).toBe(expected);
  });
});
