import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isErrorCode } from '@portal/resources';
import { ApiError } from './errors.js';

/**
 * For routes declared with `attachValidation`: a refused payload as the spec's 400, each issue with the error code
 * its rule carries (`owner_equals_substitute` …) instead of the generic `invalid_request`.
 */
export function throwValidationError(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const where = error.validationContext ?? 'body';
  throw new ApiError(
    400,
    error.validation.map((issue: { instancePath: string; message?: string; params: unknown }) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const code: unknown = (issue.params as { params?: { errorCode?: unknown } }).params?.errorCode;
      return {
        errorCode: isErrorCode(code) ? code : 'invalid_request',
        resources: [field ? `${where}.${field}` : where],
        messages: [issue.message ?? 'Invalid value.'],
      };
    }),
  );
}
