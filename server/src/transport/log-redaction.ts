import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { INVITATION_PASSWORD_HEADER } from '@portal/resources';
import { TEST_PAYMENT_PATH } from '../payments/embedded.js';

const REDACTED = '[REDACTED]';

/**
 * Query parameters that carry a secret: the e-mail verification token, the authorization code (and its state)
 * on /auth/callback, the ID token hint of a logout, payment session references, any password.
 */
const SECRET_PARAMS =
  /^(token|code|state|id_token_hint|session|session_id|sessionid|password|code_verifier)$/i;

/** Paths whose last segment is a secret: the embedded test-payment page is addressed by its session reference. */
const SECRET_PATH_SEGMENT = new RegExp(`^(${TEST_PAYMENT_PATH.replace(/[/]/g, '\\/')}\\/)[^/?#]+`);

/** A request URL as it may be logged: secret query values and secret path segments replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The request logger's options: a request is logged by method, redacted URL and addresses (never its headers or
 * body), and any header or body field a log line does carry is censored where it holds a secret.
 */
export function requestLogOptions(): Pick<
  Exclude<FastifyServerOptions['logger'], boolean | undefined>,
  'serializers' | 'redact'
> {
  return {
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        `req.headers["${INVITATION_PASSWORD_HEADER}"]`,
        'headers.authorization',
        'headers.cookie',
        `headers["${INVITATION_PASSWORD_HEADER}"]`,
        'body.password',
        'body.token',
        'body.code',
        '*.password',
        'url',
      ],
      censor: (value: unknown, path: string[]) =>
        path.at(-1) === 'url' && typeof value === 'string' ? redactUrl(value) : REDACTED,
    },
  };
}
