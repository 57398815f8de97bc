import { describe, expect, it } from 'vitest';
import { isDataException, isDatabaseUnavailable, isUniqueViolation } from './database-errors.js';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

describe('database errors', () => {
  it('tell an unreachable or stopping database (503) from a bad value (400) and a duplicate (409)', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006' }))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
    expect(isDataException(wrapped({ code: '22P02' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
