import type { z } from 'zod';
import { isErrorCode, type ErrorCode } from '../errors.js';

/**
 * Rules that match an error code of spec calls-auth-errors §8.3 put it in the issue's `params.errorCode`, so the
 * server answers `{ errorCode, resources, messages }` from the same issue the form shows.
 */
export const withErrorCode = (errorCode: ErrorCode) => ({ errorCode });

/** The error code a failed rule carries, if any. */
export function errorCodeOf(issue: z.core.$ZodIssue): ErrorCode | undefined {
  const code: unknown = issue.code === 'custom' ? issue.params?.errorCode : undefined;
  return isErrorCode(code) ? code : undefined;
}
