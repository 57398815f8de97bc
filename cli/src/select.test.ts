import { describe, expect, it } from 'vitest';
import type { ToolDetail, ToolVersionDetail } from '@portal/resources';
import { CliError } from './errors.js';
import { parseFeatureSpec, pickFile, resolvePicks } from './select.js';

const file = (os: string, architecture: string) => ({
  uuid: '00000000-0000-4000-8000-000000000000',
  url: `http://portal.test/files/${os}-${architecture}`,
  os,
  architecture,
  kind: null,
  filetype: null,
  filesize: 1,
  fileName: `${os}-${architecture}.bin`,
  sha256: '0'.repeat(64),
});

type Needs = [target: string, min: number | null, max: number | null][];
const version = (label: string, numeric: number | null, needs: Needs = [], files = [file('any', 'any')]) =>
  ({
    version: label,
    versionNumeric: numeric,
    downloadUrls: files,
    canDownload: true,
    dependencies: needs.map(([targetFeatureId, minVersionNumeric, maxVersionNumeric]) => ({
      uuid: '00000000-0000-4000-8000-000000000001',
      targetFeatureId,
      minVersionNumeric,
      maxVersionNumeric,
    })),
  }) as unknown as ToolVersionDetail;

const tool = (featureId: string, versions: ToolVersionDetail[]) =>
  ({
    featureId,
    type: 'tool',
    isOnlineTool: false,
    versions: Object.fromEntries(versions.map((v) => [v.version, v])),
  }) as unknown as ToolDetail;

const catalogue = (...tools: ToolDetail[]) => {
  const byId = new Map(tools.map((t) => [t.featureId, t]));
  return async (featureId: string) => byId.get(featureId) ?? Promise.reject(new Error(`no ${featureId}`));
};

const picked = async (load: ReturnType<typeof catalogue>, featureId: string, label: string | null) =>
  (await resolvePicks(load, featureId, label, true)).map((p) => `${p.tool.featureId}@${p.version.version}`);

describe('the dependency closure', () => {
  it('takes each dependency’s latest version within its bounds, transitively, each feature once (cycles end)', async () => {
    const load = catalogue(
      tool('app', [
        version('1.0', 100, [
          ['lib', 200, 299],
          ['pack', null, null],
        ]),
      ]),
      tool('lib', [version('1.9', 199), version('2.5', 250, [['app', null, null]]), version('3.0', 300)]),
      tool('pack', [version('1.0', 10, [['lib', 250, null]]), version('1.1', 11)]),
    );
    expect(await picked(load, 'app', null)).toEqual(['app@1.0', 'lib@2.5', 'pack@1.1']);
  });

  it('fails when one feature is needed in bounds no single version meets, or no version fits', async () => {
    const conflict = catalogue(
      tool('app', [
        version('1.0', 100, [
          ['lib', 200, 299],
          ['pack', null, null],
        ]),
      ]),
      tool('lib', [version('2.5', 250), version('3.0', 300)]),
      tool('pack', [version('1.0', 10, [['lib', 300, null]])]),
    );
    await expect(picked(conflict, 'app', null)).rejects.toThrow(/pack@1.0 needs lib .* picked 2.5/);
    const none = catalogue(
      tool('app', [version('1.0', 100, [['lib', 500, null]])]),
      tool('lib', [version('3.0', 300)]),
    );
    await expect(picked(none, 'app', null)).rejects.toThrow(/no version you can see fits/);
  });

  it('fetches no dependency without --with-deps, and refuses an unknown version', async () => {
    const load = catalogue(tool('app', [version('1.0', 100, [['lib', null, null]])]));
    expect((await resolvePicks(load, 'app', '1.0', false)).map((p) => p.version.version)).toEqual(['1.0']);
    await expect(resolvePicks(load, 'app', '9.9', false)).rejects.toThrow(
      /has no version 9.9 \(versions: 1.0\)/,
    );
  });
});

describe('choosing the file', () => {
  const v = version('1.0', 1, [], [file('linux', 'x64'), file('windows', 'x64'), file('any', 'any')]);

  it('takes the asked platform, a file for any platform fitting every asked one, else the spec’s default download', () => {
    expect(pickFile('app', v, { os: 'Linux', arch: 'x64' }).fileName).toBe('linux-x64.bin');
    expect(pickFile('app', v, { os: 'macos', arch: 'arm64' }).fileName).toBe('any-any.bin');
    expect(pickFile('app', v, {}).fileName).toBe('windows-x64.bin');
    const linuxOnly = version('1.0', 1, [], [file('linux', 'x64')]);
    expect(() => pickFile('app', linuxOnly, { os: 'macos' })).toThrow(
      /no file for macos\/any architecture \(offers linux\/x64\)/,
    );
  });
});

describe('the feature argument', () => {
  it('reads featureId and featureId@version; anything else is a usage error (exit 2)', () => {
    expect(parseFeatureSpec('app')).toEqual({ featureId: 'app', version: null });
    expect(parseFeatureSpec('app@1.0-beta')).toEqual({ featureId: 'app', version: '1.0-beta' });
    for (const bad of ['@1.0', 'app@', '']) {
      expect(() => parseFeatureSpec(bad)).toThrow(CliError);
      try {
        parseFeatureSpec(bad);
      } catch (error) {
        expect((error as CliError).exitCode).toBe(2);
      }
    }
  });
});
