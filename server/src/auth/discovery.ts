import type { Config } from '../config.js';
/** The parts of an OpenID provider's discovery document the portal uses. */
export interface ProviderMetadata {
  /** Exactly as the provider writes it; tokens are checked against this string. */
  issuer: string;
  jwks_uri: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  claims_supported?: string[];
}

/** The discovery document's address: the issuer with `/.well-known/openid-configuration`, one slash between. */
const discoveryUrlOf = (issuer: string): string =>
  `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

/** The same issuer but for trailing slashes (OIDC_ISSUER may be written either way). */
const sameIssuer = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Reads the provider's discovery document. It must name the configured issuer (up to a trailing slash: the
 * document's own form is the one tokens carry) and a key set; anything else is a misconfiguration.
 */
export async function discoverProvider(issuer: string): Promise<ProviderMetadata> {
  const url = discoveryUrlOf(issuer);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(10_000),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new Error(
      `OIDC discovery at ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
  const metadata = (await response.json()) as Partial<ProviderMetadata>;
  if (typeof metadata.issuer !== 'string' || !sameIssuer(metadata.issuer, issuer)) {
    throw new Error(
      `OIDC discovery at ${url} names the issuer ${JSON.stringify(metadata.issuer)}, not ${issuer}`,
    );
  }
  if (typeof metadata.jwks_uri !== 'string') throw new Error(`OIDC discovery at ${url} names no jwks_uri`);
  return metadata as ProviderMetadata;
}

/**
 * Every origin the browser talks to or is sent to while signing in and out: the issuer's (discovery), and those
 * of the authorization, token, userinfo and end-session endpoints, which a provider may serve elsewhere.
 */
export function browserOriginsOf(metadata: ProviderMetadata): string[] {
  const urls = [
    metadata.issuer,
    metadata.authorization_endpoint,
    metadata.token_endpoint,
    metadata.userinfo_endpoint,
    metadata.end_session_endpoint,
  ];
  const origins = urls.flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

/** The start-log warning of a provider that does not list `email_verified`; null when it does or email is trusted. */
export function unverifiedEmailWarning(config: Config, metadata: ProviderMetadata): string | null {
  const listed = metadata.claims_supported;
  if (!Array.isArray(listed) || listed.includes('email_verified') || config.oidc.trustEmail !== false)
    return null;
  return `The identity provider ${metadata.issuer} does not list email_verified among its claims: unless its tokens or userinfo carry it, its users stay unverified and cannot use the portal (403 email_not_verified). Set OIDC_TRUST_EMAIL=true, or to the mail domains you trust, to count their email as verified.`;
}
