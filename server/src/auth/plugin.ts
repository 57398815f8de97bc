import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTPayload } from 'jose';
import { Role, hasRole } from '@portal/resources';
import type { Database } from '../db/client.js';
import { ApiError, forbidden, unauthorized } from '../http/errors.js';
import { decide, type AccessRule } from './access.js';
import { InvalidTokenError, type TokenVerifier } from './verifier.js';
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

export interface AuthOptions {
  verifier: TokenVerifier;
  db: Database;
  issuerKey: string;
  /** The acr values that count as a second factor. */
  mfaAcrValues: string[];
  apiPrefix: string;
}

/**
 * Verifies the bearer token, loads the caller, and enforces each API route's declared access rule before the
 * handler runs. Authorization is decided here, on the server, for every call.
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const repository = usersRepository(options.db, options.issuerKey);
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

  /** Loads the caller from the bearer token; null without one. A bad token is a 401. */
  async function identify(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) return;
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('The Authorization header must carry a Bearer token.');
    let claims: JWTPayload;
    try {
      claims = await options.verifier(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError)
        throw unauthorized('The access token is not valid or has expired.');
      throw error;
    }
    const serviceAccount = await repository.serviceAccountFromToken(claims);
    if (serviceAccount) {
      request.currentUser = serviceAccount;
      request.caller = { kind: 'service-account', mfa: hasRole(serviceAccount, Role.MfaUser) };
      return;
    }
    // A client-credentials token names its client as subject; its account may have been deleted since.
    if (typeof claims.client_id === 'string' && claims.sub === claims.client_id) {
      throw unauthorized('The service account of this token no longer exists.');
    }
    const user = await repository.fromToken(claims);
    if (!user) throw unauthorized('The access token names no known user.');
    request.currentUser = user;
    request.caller = { kind: 'user', mfa: isMfa(claims, user) };
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
        throw ApiError.of(403, 'email_not_verified', 'Verify your email address, then sign in again.');
      case 'mfa-required':
        throw ApiError.of(403, 'missing_multifactor_auth', 'Sign in with your second factor to continue.');
      case 'forbidden':
        throw forbidden();
    }
  });
}

export default fp(authPlugin, { name: 'auth' });
