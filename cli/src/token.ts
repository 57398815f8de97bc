import type { PortalConfig } from '@portal/resources';
import { CliError } from './errors.js';
import { sameOrigin, secureUrl } from './secure-url.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Scopes of the browser sign-in that a machine client does not get: it has no user profile. */
const USER_SCOPES = new Set(['openid', 'email', 'profile', 'offline_access']);
/** A token is renewed this long before it expires, so a long download never starts with a dying token. */
const RENEW_BEFORE_MS = 30_000;

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * The service account's access token by the client-credentials grant, at the token endpoint the issuer's
 * discovery document names. Kept in this closure only (never written to disk) and fetched again shortly before
 * it expires.
 */
export function clientCredentialsToken(
  config: PortalConfig,
  credentials: ClientCredentials,
  fetchImpl: typeof fetch = fetch,
): () => Promise<string> {
  let current: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function tokenEndpoint(): Promise<string> {
    const discovery = `${config.oidc.authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const answer = await readJson(await reach(fetchImpl, discovery, {}), discovery);
    const endpoint = (answer as { token_endpoint?: unknown }).token_endpoint;
    if (typeof endpoint !== 'string')
      throw new CliError(`The discovery document ${discovery} names no token endpoint.`);
    // The secret goes to the token endpoint: only on the sign-in provider's own site, over https.
    sameOrigin(
      secureUrl(endpoint, 'The token endpoint'),
      new URL(config.oidc.authority),
      'The token endpoint',
    );
    return endpoint;
  }

  async function fetchToken(): Promise<string> {
    const scope = config.oidc.scope
      .split(/\s+/)
      .filter((name) => name !== '' && !USER_SCOPES.has(name))
      .join(' ');
    const basic = Buffer.from(
      `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`,
    ).toString('base64');
    const endpoint = await tokenEndpoint();
    const response = await reach(fetchImpl, endpoint, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }).toString(),
    });
    const answer = (await readJson(response, endpoint)) as TokenAnswer;
    if (!response.ok || typeof answer.access_token !== 'string') {
      const reason = [answer.error, answer.error_description].filter((part) => typeof part === 'string');
      throw new CliError(
        `Sign-in of the service account ${credentials.clientId} failed (HTTP ${response.status}${reason.length ? `: ${reason.join(', ')}` : ''}).`,
      );
    }
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 300) * 1000;
    current = { token: answer.access_token, renewAt: Date.now() + Math.max(lifetimeMs - RENEW_BEFORE_MS, 0) };
    return answer.access_token;
  }

  return async () => {
    if (current && Date.now() < current.renewAt) return current.token;
    // Parallel downloads share one renewal.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };
}

async function reach(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    throw new CliError(`${url} could not be reached: ${(error as Error).message}`, { cause: error });
  }
}

async function readJson(response: Response, url: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError(`${url} answered HTTP ${response.status} without JSON.`);
  }
}
