import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type FlattenedJWSInput,
  type JWK,
  type JWSHeaderParameters,
  type JWTPayload,
} from 'jose';
import type { Config } from '../config.js';

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export class InvalidTokenError extends Error {}

/**
 * Verifies bearer tokens: signature against the issuer's key set (cached, never re-imported per call),
 * issuer, audience and expiry. Embedded provider: its public keys in-process. External: its JWKS by discovery.
 */
export function createTokenVerifier(config: Config, embeddedJwks?: { keys: JWK[] }): TokenVerifier {
  const { issuer, audience } = config.oidc;
  type KeySet = (
    header: JWSHeaderParameters,
    token: FlattenedJWSInput,
  ) => ReturnType<ReturnType<typeof createLocalJWKSet>>;
  let keySet: KeySet | undefined = embeddedJwks ? createLocalJWKSet(embeddedJwks) : undefined;
  let discovering: Promise<KeySet> | undefined;

  const resolveKeySet = async () => {
    if (keySet) return keySet;
    discovering ??= (async () => {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
      const metadata = (await response.json()) as { jwks_uri?: string };
      if (!metadata.jwks_uri) throw new Error(`OIDC discovery at ${issuer} names no jwks_uri`);
      keySet = createRemoteJWKSet(new URL(metadata.jwks_uri));
      return keySet;
    })().catch((error: unknown) => {
      discovering = undefined;
      throw error;
    });
    return discovering;
  };

  return async (token) => {
    const keys = await resolveKeySet();
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
      });
      if (!payload.sub) throw new InvalidTokenError('The token names no subject.');
      return payload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
  };
}
