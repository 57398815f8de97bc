import { describe, expect, it } from 'vitest';
import { LIST_MAX_OFFSET, reachablePages } from './list-depth.js';
import { formatContentRange, formatRangeHeader, parseContentRange } from './range.js';

describe('parseContentRange', () => {
  it('reads offset, limit and total', () => {
    expect(parseContentRange('boards 0-24/123')).toEqual({
      resource: 'boards',
      offset: 0,
      limit: 25,
      total: 123,
    });
    expect(parseContentRange('boards 25-49/123')).toEqual({
      resource: 'boards',
      offset: 25,
      limit: 25,
      total: 123,
    });
  });

  it('reads a short last page', () => {
    expect(parseContentRange('boards 100-122/123')).toEqual({
      resource: 'boards',
      offset: 100,
      limit: 23,
      total: 123,
    });
  });

  it('reads an empty list written as an unsatisfied range', () => {
    expect(parseContentRange('boards */0')).toEqual({ resource: 'boards', offset: 0, limit: 0, total: 0 });
  });

  it('accepts resource names with dashes and surrounding spaces', () => {
    expect(parseContentRange('  feature-flags 0-0/1 ')).toMatchObject({
      resource: 'feature-flags',
      limit: 1,
    });
  });

  it.each(['', 'boards', 'boards 0-24', 'boards 0-24/*', 'boards a-b/3', 'boards 10-5/20', 'items=0-24/10'])(
    'rejects %j',
    (header) => {
      expect(() => parseContentRange(header)).toThrow(/Malformed Content-Range/);
    },
  );
});

describe('formatContentRange', () => {
  it('writes the inclusive range and total', () => {
    expect(formatContentRange({ resource: 'boards', offset: 0, limit: 25, total: 123 })).toBe(
      'boards 0-24/123',
    );
  });

  it('writes an empty page as an unsatisfied range', () => {
    expect(formatContentRange({ resource: 'boards', offset: 0, limit: 0, total: 0 })).toBe('boards */0');
  });

  it('round-trips with parseContentRange', () => {
    const range = { resource: 'projects', offset: 50, limit: 10, total: 61 };
    expect(parseContentRange(formatContentRange(range))).toEqual(range);
  });
});

describe('formatRangeHeader', () => {
  it('writes resource=first-last', () => {
    expect(formatRangeHeader('boards', 0, 25)).toBe('boards=0-24');
    expect(formatRangeHeader('boards', 25, 25)).toBe('boards=25-49');
  });

  it('rejects empty or negative ranges', () => {
    expect(() => formatRangeHeader('boards', 0, 0)).toThrow(RangeError);
    expect(() => formatRangeHeader('boards', -1, 10)).toThrow(RangeError);
    expect(() => formatRangeHeader('boards', 0.5, 10)).toThrow(RangeError);
  });
});

describe('reachablePages', () => {
  it('offers every page of a short list and one page of an empty one', () => {
    expect(reachablePages(0, 25)).toBe(1);
    expect(reachablePages(26, 25)).toBe(2);
  });

  it('stops at the last page starting within LIST_MAX_OFFSET rows', () => {
    expect(reachablePages(1_000_000, 25)).toBe(LIST_MAX_OFFSET / 25 + 1);
    expect((reachablePages(1_000_000, 30) - 1) * 30).toBeLessThanOrEqual(LIST_MAX_OFFSET);
    expect(reachablePages(1_000_000, 30) * 30).toBeGreaterThan(LIST_MAX_OFFSET);
  });
});
