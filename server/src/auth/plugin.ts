import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  canAccess,
  hasAnyRouteRole,
  type ResourceAction,
  type ResourceDefinition,
  type RouteRole,
} from '@portal/resources';
import type { Database } from '../db/client.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { InvalidTokenError, type TokenVerifier } from './verifier.js';
import { usersRepository, type CurrentUser } from './users-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token is required. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a valid token and any of the route roles. */
    requireRouteRole: (...roles: RouteRole[]) => (request: FastifyRequest) => Promise<void>;
    /** preHandler: a valid token whose roles the resource definition admits to the action. */
    requireAccess: (
      definition: Pick<ResourceDefinition, 'access'>,
      action: ResourceAction,
    ) => (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)$/i;

async function authPlugin(
  app: FastifyInstance,
  options: { verifier: TokenVerifier; db: Database; issuerKey: string },
) {
  const repository = usersRepository(options.db, options.issuerKey);
  app.decorateRequest('currentUser', null);

  const authenticate = async (request: FastifyRequest) => {
    if (request.currentUser) return;
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match)
      throw unauthorized(
        header ? 'The Authorization header must carry a Bearer token.' : 'Sign-in is required.',
      );
    let claims;
    try {
      claims = await options.verifier(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError)
        throw unauthorized('The access token is not valid or has expired.');
      throw error;
    }
    request.currentUser = await repository.fromToken(claims);
  };

  app.decorate('authenticate', authenticate);
  app.decorate('requireRouteRole', (...roles: RouteRole[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!hasAnyRouteRole(request.currentUser, roles)) throw forbidden();
  });
  app.decorate(
    'requireAccess',
    (definition: Pick<ResourceDefinition, 'access'>, action: ResourceAction) =>
      async (request: FastifyRequest) => {
        await authenticate(request);
        if (!canAccess(request.currentUser, definition, action)) throw forbidden();
      },
  );
}

export default fp(authPlugin, { name: 'auth' });
