import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatContentRange, formatRangeHeader, parseContentRange, parseRangeHeader } from './range.js';

const resource = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/);
const offset = fc.nat({ max: 1_000_000_000 });
const limit = fc.integer({ min: 1, max: 1_000_000 });

describe('Range round trips', () => {
  it('parseContentRange reads back what formatContentRange writes', () => {
    fc.assert(
      fc.property(resource, offset, limit, fc.nat({ max: 2_000_000_000 }), (name, first, count, extra) => {
        const range = { resource: name, offset: first, limit: count, total: first + count + extra };
        expect(parseContentRange(formatContentRange(range))).toEqual(range);
      }),
    );
  });

  it('an empty page round-trips to offset 0, limit 0 and the total', () => {
    fc.assert(
      fc.property(resource, offset, fc.nat(), (name, first, total) => {
        const written = formatContentRange({ resource: name, offset: first, limit: 0, total });
        expect(parseContentRange(written)).toEqual({ resource: name, offset: 0, limit: 0, total });
      }),
    );
  });

  it('parseRangeHeader reads back what formatRangeHeader writes', () => {
    fc.assert(
      fc.property(resource, offset, limit, (name, first, count) => {
        expect(parseRangeHeader(formatRangeHeader(name, first, count))).toEqual({
          offset: first,
          limit: count,
        });
      }),
    );
  });

  const notAnOffset = fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }));
  const notALimit = fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }));

  it('formatRangeHeader refuses an offset it could not write back', () => {
    fc.assert(
      fc.property(resource, notAnOffset, limit, (name, first, count) => {
        expect(() => formatRangeHeader(name, first, count)).toThrow(RangeError);
      }),
    );
  });

  it('formatRangeHeader refuses a limit it could not write back', () => {
    fc.assert(
      fc.property(resource, offset, notALimit, (name, first, count) => {
        expect(() => formatRangeHeader(name, first, count)).toThrow(RangeError);
      }),
    );
  });
});
