import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDataException, isDatabaseUnavailable } from './database-errors.js';
import { STATUS_TITLES, type ErrorBody, type ErrorCode, type ErrorItem } from '@portal/resources';

const TYPES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'service_unavailable',
};

/** An error that leaves the API in the shape of spec calls-auth-errors §3. */
export class ApiError extends Error {
  /** Sent as `Retry-After` with the answer (a refusal thrown where no reply is at hand, e.g. in a transaction). */
  retryAfterSeconds?: number;
  /** The rate-limit budget a 429 was refused by (the metrics count refusals by it). */
  budget?: string;

  constructor(
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly type: string = TYPES[status] ?? 'error',
  ) {
    super(errors[0]?.messages[0] ?? STATUS_TITLES[status] ?? 'Error');
    this.name = 'ApiError';
  }

  static of(status: number, errorCode: ErrorCode, message: string, resources: string[] = []): ApiError {
    return new ApiError(status, [{ errorCode, resources, messages: [message] }]);
  }

  toBody(): ErrorBody {
    return { status: this.status, type: this.type, errors: this.errors };
  }
}

export const badRequest = (message: string, resources: string[] = []) =>
  ApiError.of(400, 'invalid_request', message, resources);
export const unauthorized = (message = 'Sign-in is required.') => ApiError.of(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission for this.') =>
  ApiError.of(403, 'forbidden', message);
export const notFound = (message = 'Resource not found.', resources: string[] = []) =>
  ApiError.of(404, 'not_found', message, resources);

function fromFastifyError(error: FastifyError): ApiError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    return new ApiError(
      400,
      error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          errorCode: 'invalid_request',
          resources: [field ? `${where}.${field}` : where],
          messages: [issue.message ?? 'Invalid value.'],
        };
      }),
    );
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) return ApiError.of(500, 'internal_error', 'Internal server error.');
  const generic: Record<number, [ErrorCode, string]> = {
    400: [
      'invalid_request',
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.message,
    ],
    413: ['payload_too_large', 'The request body is too large.'],
    415: ['unsupported_media_type', 'This content type is not accepted here; send application/json.'],
  };
  const [code, message] = generic[status] ?? ['invalid_request', error.message];
  return new ApiError(status, [{ errorCode: code, resources: [], messages: [message] }]);
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ErrorBody = error.toBody();
  // The request's id, in its log lines and its X-Request-Id header: support finds the failure from it.
  if (error.status === 403 || error.status >= 500) body.supportId = reply.request.id;
  return reply.code(error.status).header('Cache-Control', 'no-cache, no-store').send(body);
}

/** Every error that leaves the server: the spec's shape, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError =
      error instanceof ApiError
        ? error
        : isDataException(error)
          ? badRequest('A value in the request is not valid here.')
          : isDatabaseUnavailable(error)
            ? ApiError.of(503, 'service_unavailable', 'The service is briefly unavailable. Please try again.')
            : fromFastifyError(error);
    if (apiError.status === 503) reply.header('Retry-After', '5');
    if (apiError.retryAfterSeconds) reply.header('Retry-After', String(apiError.retryAfterSeconds));
    if (apiError.status >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendApiError(reply, apiError);
  });
}
