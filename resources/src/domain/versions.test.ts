import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, latestVersion, type VersionLike } from './versions.js';

describe('compareVersions', () => {
  it.each([
    ['1.10', '1.9', 1],
    ['1.9', '1.10', -1],
    ['1.0', '1', 0],
    ['1', '1.0.0', 0],
    ['2', '10', -1],
    ['10.0', '9.99', 1],
    ['1.0.1', '1.0', 1],
    ['1.0', '1.0.1', -1],
    ['01.002', '1.2', 0],
    ['', '0', 0],
    ['1.0-beta', '1.0', -1],
    ['1.0-rc', '1.0-beta', 1],
    ['1.a', '1.b', -1],
    ['1.a', '1.0', -1],
    ['1.2a', '1.1', 1],
    ['1.2a', '1.2', -1],
    ['12345678901234567890', '12345678901234567891', -1],
    ['3.4.5', '3.4.5', 0],
  ])('compareVersions(%j, %j) has the sign %i', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

const segment = fc.oneof(
  fc.nat({ max: 30 }).map(String),
  fc.constantFrom('0', '00', '01', '9', '10', '1a', '1-beta', 'beta', 'rc1', ''),
);
const versionText = fc.oneof(
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => segments.join('.')),
  fc.string({ maxLength: 8 }),
);

describe('compareVersions properties', () => {
  it('is reflexive and antisymmetric', () => {
    fc.assert(
      fc.property(versionText, versionText, (a, b) => {
        expect(compareVersions(a, a)).toBe(0);
        // Signs are -1, 0 or 1: they sum to 0 exactly when they are opposite (or both 0).
        expect(Math.sign(compareVersions(a, b)) + Math.sign(compareVersions(b, a))).toBe(0);
      }),
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(versionText, versionText, versionText, (a, b, c) => {
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) {
          expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
        }
        if (compareVersions(a, b) === 0 && compareVersions(b, c) === 0) {
          expect(compareVersions(a, c)).toBe(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts any list consistently: every earlier element is at most every later one', () => {
    fc.assert(
      fc.property(fc.array(versionText, { maxLength: 8 }), (texts) => {
        const sorted = [...texts].sort(compareVersions);
        sorted.forEach((earlier, i) =>
          sorted
            .slice(i + 1)
            .forEach((later) => expect(compareVersions(earlier, later)).toBeLessThanOrEqual(0)),
        );
      }),
    );
  });
});

const v = (version: string, versionNumeric: number | null = null): VersionLike => ({
  version,
  versionNumeric,
});

describe('latestVersion', () => {
  const low = v('1.0', 1);
  const high = v('2.0', 2);
  const online = v('0.1', 0);
  const external = v('0.2', 0);

  it.each([
    ['no versions', { versions: {} }, undefined],
    [
      'a single version, even for an online tool without the online label',
      { versions: { x: low }, isOnlineTool: true },
      low,
    ],
    [
      'online tool: the online label wins over higher ones',
      { versions: { a: high, online }, isOnlineTool: true },
      online,
    ],
    [
      'online tool without an online label: the highest',
      { versions: { a: high, b: low }, isOnlineTool: true },
      high,
    ],
    [
      'not an online tool: the online label counts for nothing',
      { versions: { a: high, online }, isOnlineTool: false },
      high,
    ],
    [
      'external software: the external label wins',
      { versions: { a: high, external }, type: 'software_external' },
      external,
    ],
    [
      'external software without the label: the highest',
      { versions: { a: low, b: high }, type: 'software_external' },
      high,
    ],
    [
      'a plain tool: the external label counts for nothing',
      { versions: { a: high, external }, type: 'tool' },
      high,
    ],
  ] as const)('%s', (_name, tool, expected) => {
    expect(latestVersion(tool)).toBe(expected);
  });

  it.each([
    ['by versionNumeric when every version has one', { a: v('1.9', 200), b: v('1.10', 100) }, 'a'],
    ['by dotted text when one lacks versionNumeric', { a: v('2.0', 5), b: v('10.0') }, 'b'],
    ['by dotted text, numerically per segment', { a: v('1.9'), b: v('1.10') }, 'b'],
    ['by versionNumeric when the texts are equal', { a: v('1.0', 1), b: v('1.0') }, 'a'],
    ['by the text when the numbers are equal', { a: v('1.0', 3), b: v('1.1', 3) }, 'b'],
    ['by the label that sorts first when versions are equal', { b: v('1.0', 1), a: v('1.0', 1) }, 'a'],
  ])('picks the highest %s', (_name, versions: Record<string, VersionLike>, label) => {
    expect(latestVersion({ versions })).toBe(versions[label]);
  });
});

// A small pool besides the free texts, so equal versions (where only the tie-break decides) are common.
const versionEntry = fc.record({
  version: fc.oneof(versionText, fc.constantFrom('1', '1.0', '01', '2')),
  versionNumeric: fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
});
const versionEntries = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), versionEntry), {
  minLength: 1,
  maxLength: 8,
  selector: ([label]) => label,
});

describe('latestVersion properties', () => {
  it('picks one of the versions that no other version exceeds', () => {
    fc.assert(
      fc.property(versionEntries, fc.boolean(), (entries, allNumeric) => {
        const versions: VersionLike[] = entries.map(([, version]) =>
          allNumeric ? { ...version, versionNumeric: version.versionNumeric ?? 0 } : version,
        );
        const tool = { versions: Object.fromEntries(entries.map(([label], i) => [label, versions[i]!])) };
        const latest = latestVersion(tool)!;
        expect(versions).toContain(latest);
        const byNumeric = versions.every((version) => version.versionNumeric !== null);
        for (const other of versions) {
          if (byNumeric) expect(other.versionNumeric!).toBeLessThanOrEqual(latest.versionNumeric!);
          else expect(compareVersions(other.version, latest.version)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the versions', () => {
    fc.assert(
      fc.property(
        versionEntries.chain((entries) =>
          fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length })),
        ),
        ([entries, shuffled]) => {
          const latest = latestVersion({ versions: Object.fromEntries(entries) });
          expect(latestVersion({ versions: Object.fromEntries(shuffled) })).toBe(latest);
        },
      ),
      { numRuns: 500 },
    );
  });
});
