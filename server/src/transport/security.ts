import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { refuseUnknownFields } from './unknown-fields.js';
import { ApiError } from './errors.js';
import {
  createRateLimitCounter,
  databaseRateLimitStore,
  tooManyAttempts,
  type RateLimitCounter,
} from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the per-route rate limits count. */
    rateLimits: {
      /**
       * Counts them in this database from now on, shared by every instance on it. Called as soon as the database
       * is open; a rate-limited call before that fails rather than go uncounted.
       */
      countIn(db: Database): void;
    };
  }
}

/** Cookie and header of the double-submit CSRF check (the names Angular-style HTTP clients use by default). */
const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A request from a browser: it carries cookies, or it is a page load (a navigation, or a GET asking for HTML).
 * A bearer-only API call (a script, the CLI) is none: it would drop a token cookie on every call, and the
 * double-submit check never applies to a call without cookies anyway.
 */
function isBrowserSession(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers.cookie) return true;
  if (headers['sec-fetch-mode'] === 'navigate' || headers['sec-fetch-dest'] === 'document') return true;
  return (
    (request.method === 'GET' || request.method === 'HEAD') && /\btext\/html\b/.test(headers.accept ?? '')
  );
}

/**
 * Security headers with a Content-Security-Policy that allows no inline script, the CSRF double-submit on
 * state-changing API calls, and the rate limiter (used per route on guessable endpoints), which counts in the
 * database handed to `app.rateLimits.countIn`.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { apiPrefix: string; identityOrigins: string[] },
) {
  await app.register(cookie);
  // helmet's middleware built once: @fastify/helmet builds it again (parsing every CSP directive) on each request,
  // several per cent of the CPU of a small API answer (issue 24).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may compile (the QR code reader); JavaScript eval and inline scripts stay refused.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // MUI and react-admin inject their styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", ...options.identityOrigins],
        formAction: ["'self'", ...options.identityOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The apps load nothing cross-origin that would need these relaxed.
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  let counter: RateLimitCounter | undefined;
  app.decorate('rateLimits', {
    countIn(db: Database) {
      counter = createRateLimitCounter(db, {
        onPruneError: (error) => app.log.warn({ err: error }, 'removing ended rate-limit windows failed'),
      });
    },
  });
  await app.register(rateLimit, {
    global: false,
    // In the database, not in the process: two instances, or one restarted, count the same attempts.
    store: databaseRateLimitStore(() => {
      if (!counter) throw new Error('rate limits are used before app.rateLimits.countIn(db) was called');
      return counter;
    }),
    errorResponseBuilder: (request, context) =>
      tooManyAttempts(context.ttl, `${request.method} ${request.routeOptions.url ?? ''}`),
  });

  refuseNulCharacters(app);
  refuseUnknownFields(app);

  // Every browser session gets a CSRF token cookie once; a state-changing call that carries cookies must echo it.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.cookies[CSRF_COOKIE] && isBrowserSession(request)) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
      });
    }
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith(`${options.apiPrefix}/`)) return;
    // Calls without cookies (scripts with a bearer token) cannot be forged by another site's page.
    if (!request.headers.cookie) return;
    const expected = request.cookies[CSRF_COOKIE];
    const presented = request.headers[CSRF_HEADER];
    if (!expected || typeof presented !== 'string' || !sameToken(expected, presented)) {
      throw ApiError.of(
        403,
        'forbidden',
        'The request is missing its CSRF token; reload the page and try again.',
      );
    }
  });
}

/** A surrogate without its pair: not Unicode, and UTF-8 (the database's encoding) cannot hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const containsBadText = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  // Only parsed JSON, forms and query strings are walked: a Buffer body (file bytes) or a stream is not text.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).some((item) => containsBadText(item, depth + 1));
};

/**
 * Text with a NUL character or a lone surrogate is refused at the door: no column can store either (PostgreSQL
 * refuses NUL; a lone surrogate would be stored as U+FFFD, silently changed), and no user types them.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsBadText(request.params) || containsBadText(request.query) || containsBadText(request.body)) {
      throw ApiError.of(
        400,
        'invalid_request',
        'Text may not contain NUL characters or broken Unicode (a lone surrogate).',
      );
    }
  });
}

/** Rate-limit key of a sign-in attempt: the client address and the account asked for. */
export const signInAttemptKey = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
};
