import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodeOf, withErrorCode } from './error-codes.js';

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

describe('errorCodeOf', () => {
  it('reads the error code a rule carries', () => {
    const rule = z.string().refine(() => false, { params: withErrorCode('duplicate_name') });
    expect(errorCodeOf(issueOf(rule, 'a'))).toBe('duplicate_name');
  });

  it('ignores issues without a code, or with a code not in the catalogue', () => {
    expect(errorCodeOf(issueOf(z.string(), 1))).toBeUndefined();
    const unknownCode = z.string().refine(() => false, { params: { errorCode: 'made_up' } });
    expect(errorCodeOf(issueOf(unknownCode, 'a'))).toBeUndefined();
  });
});
