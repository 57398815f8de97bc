import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTPayload } from 'jose';
import { ERROR_MESSAGES, Role, hasRole } from '@portal/resources';
import type { Database } from '../db/client.js';
import { ApiError, forbidden, unauthorized } from '../transport/errors.js';
import { decide, type AccessRule } from './access.js';
import { callerCache, type CachedCaller } from './caller-cache.js';
import { identityGeneration } from './generation.js';
import { InvalidTokenError, type TokenVerifier } from './verifier.js';
import { claimMappingOf, profileSource, type ProfileSource } from './claim-mapping.js';
import { usersRepository, type CurrentUser } from './users-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** How the caller signed in: a person (with or without a second factor) or a service account. */
    caller: { kind: 'user' | 'service-account'; mfa: boolean } | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyInstance {
    /** Every /api/v1 route with its declared rule, for the authorization matrix. */
    apiRoutes: { method: string; url: string; access: AccessRule }[];
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)$/i;

interface AuthOptions {
  verifier: TokenVerifier;
  /** What a person's token says of them: its claims, then the provider's userinfo (claim-mapping.ts); by default
   * the standard claims of the token alone, as the embedded provider writes them. */
  profile?: ProfileSource;
  db: Database;
  issuerKey: string;
  /** The acr values that count as a second factor. */
  mfaAcrValues: string[];
  apiPrefix: string;
  /** The verified-caller cache: how many tokens, and how long at most (defaults: 10,000 tokens, 60 s). */
  callerCache?: { maxEntries?: number; maxAgeMs?: number };
}

/**
 * How many tokens the caller cache remembers, and for how long at most. Exactness does not hang on the age: an
 * entry is dropped as soon as the identity generation moves. The age bounds what a rotated-out signing key or a
 * cache entry can outlive.
 */
const CALLER_CACHE_DEFAULTS = { maxEntries: 10_000, maxAgeMs: 60_000 };

/**
 * Verifies the bearer token, loads the caller, and enforces each API route's declared access rule before the
 * handler runs. Authorization is decided here, on the server, for every call.
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const repository = usersRepository(options.db, options.issuerKey);
  const profileOf =
    options.profile ??
    profileSource({ claims: claimMappingOf('generic', {}), trustEmail: false, userinfo: null });
  app.decorateRequest('currentUser', null);
  app.decorateRequest('caller', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${options.apiPrefix}/`) || route.method === 'HEAD') return;
    const rule = route.config?.access;
    if (!rule)
      throw new Error(`${String(route.method)} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access: rule });
  });

  const isMfa = (claims: JWTPayload, user: CurrentUser) =>
    (typeof claims.acr === 'string' && options.mfaAcrValues.includes(claims.acr)) ||
    hasRole(user, Role.MfaUser);

  const cache = callerCache({ ...CALLER_CACHE_DEFAULTS, ...options.callerCache });
  const generation = identityGeneration(options.db);

  /** The caller a verified token stands for, read from the database. A bad token is a 401. */
  async function resolve(token: string, claims: JWTPayload): Promise<CachedCaller> {
    const serviceAccount = await repository.serviceAccountFromToken(claims);
    if (serviceAccount) {
      return {
        claims,
        user: serviceAccount,
        caller: { kind: 'service-account', mfa: hasRole(serviceAccount, Role.MfaUser) },
      };
    }
    // A client-credentials token names its client as subject; its account may have been deleted since.
    if (typeof claims.client_id === 'string' && claims.sub === claims.client_id) {
      throw unauthorized('The service account of this token no longer exists.');
    }
    const user = await repository.fromToken(claims, await profileOf(token, claims));
    if (!user) throw unauthorized('The access token names no known user.');
    return { claims, user, caller: { kind: 'user', mfa: isMfa(claims, user) } };
  }

  /**
   * Loads the caller from the bearer token; null without one. A token seen before skips verification while the
   * identity generation stands (see caller-cache.ts); its claims are reused, and only the user read again, when
   * the generation moved.
   */
  async function identify(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) return;
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('The Authorization header must carry a Bearer token.');
    const token = match[1]!;
    // Read before the user: a change committed in between moves it again, and the next call reads anew.
    const current = await generation();
    const known = cache.lookup(token, current);
    let found: CachedCaller;
    if (known && 'fresh' in known) {
      found = known.fresh;
    } else {
      let claims: JWTPayload;
      if (known) {
        claims = known.claims;
      } else {
        try {
          claims = await options.verifier(token);
        } catch (error) {
          if (error instanceof InvalidTokenError)
            throw unauthorized('The access token is not valid or has expired.');
          throw error;
        }
      }
      found = await resolve(token, claims);
      cache.set(token, found, current);
    }
    request.currentUser = found.user;
    request.caller = found.caller;
  }

  // Before the body is parsed or validated: a caller without access learns nothing about the payload.
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!rule) return;
    if (rule.kind !== 'public' || request.headers.authorization) await identify(request);
    const user = request.currentUser;
    const decision = decide(rule, user && request.caller ? { ...user, mfa: request.caller.mfa } : null);
    switch (decision) {
      case 'allow':
        return;
      case 'unauthenticated':
        throw unauthorized();
      case 'unverified':
        throw ApiError.of(403, 'email_not_verified', ERROR_MESSAGES.email_not_verified);
      case 'mfa-required':
        throw ApiError.of(403, 'missing_multifactor_auth', 'Sign in with your second factor to continue.');
      case 'forbidden':
        throw forbidden();
    }
  });
}

export default fp(authPlugin, { name: 'auth' });
