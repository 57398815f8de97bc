import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Config } from '../config.js';
import type { ProviderMetadata } from './discovery.js';
import { withMappedSubject } from './claim-mapping.js';

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export class InvalidTokenError extends Error {}

/**
 * Verifies bearer tokens: signature against the issuer's key set (cached, never re-imported per call), issuer,
 * audience and expiry. Embedded provider: its public keys in-process. External: the JWKS its discovery document
 * names, and `iss` must equal that document's issuer exactly (Auth0's ends with a slash).
 */
export function createTokenVerifier(
  config: Config,
  keys: { embeddedJwks: { keys: JWK[] } } | { discovered: ProviderMetadata },
): TokenVerifier {
  const { audience } = config.oidc;
  const issuer = 'discovered' in keys ? keys.discovered.issuer : config.oidc.issuer;
  const keySet =
    'discovered' in keys
      ? createRemoteJWKSet(new URL(keys.discovered.jwks_uri))
      : createLocalJWKSet(keys.embeddedJwks);

  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
      });
      const claims = 'discovered' in keys ? withMappedSubject(payload, config.oidc.claims) : payload;
      if (!claims.sub) throw new InvalidTokenError('The token names no subject.');
      return claims;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
  };
}
