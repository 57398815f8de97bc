import type { FastifyInstance } from 'fastify';
import { bearer, type Tokens } from './sign-in.js';

/**
 * `/api/v1` calls through `inject` as a signed-in caller (or anonymously with `null`), for tests that need no more
 * than method, path, body and extra headers.
 */
export const apiCaller =
  (app: () => FastifyInstance) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    tokens: Tokens | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(tokens ? bearer(tokens) : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
