import type { PortalConfig } from '@portal/resources';

export type { PortalConfig };
export type OidcConfig = PortalConfig['oidc'];

const CONFIG_PATH = '/api/v1/config';

export class PortalConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PortalConfigError';
  }
}

/**
 * Loads the runtime configuration. Call it once before creating the session and the API client.
 * @param origin the portal origin; defaults to the current page's origin.
 */
export async function loadPortalConfig(
  origin: string = window.location.origin,
  fetchImpl: typeof fetch = fetch,
): Promise<PortalConfig> {
  let response: Response;
  try {
    response = await fetchImpl(new URL(CONFIG_PATH, origin), {
      headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
    });
  } catch (error) {
    throw new PortalConfigError('The portal configuration could not be loaded (network error).', {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new PortalConfigError(`The portal configuration could not be loaded (HTTP ${response.status}).`);
  }
  return parsePortalConfig(await response.json(), origin);
}

/**
 * Checks the answer against the shape of `portalConfigSchema` and makes the API URL absolute; by hand, as zod would
 * weigh on every page's start-up (README), and `config.test.ts` holds it to the schema's verdict.
 */
export function parsePortalConfig(raw: unknown, origin: string): PortalConfig {
  const answer = asRecord(raw, 'answer');
  const oidc = asRecord(answer.oidc, 'oidc');
  const mfaAcrValues = oidc.mfaAcrValues === undefined ? undefined : text(oidc, 'mfaAcrValues', 'oidc.');
  if (typeof oidc.loadUserInfo !== 'boolean') throw malformed('oidc.loadUserInfo', 'must be a boolean');
  const apiUrl = text(answer, 'apiUrl');
  return {
    apiUrl: new URL(apiUrl, origin).href.replace(/\/+$/, ''),
    oidc: {
      authority: text(oidc, 'authority', 'oidc.'),
      clientId: text(oidc, 'clientId', 'oidc.'),
      mfaClientId: text(oidc, 'mfaClientId', 'oidc.'),
      scope: text(oidc, 'scope', 'oidc.'),
      loadUserInfo: oidc.loadUserInfo,
      mfaAcrValues,
    },
  };
}

function malformed(path: string, problem: string): PortalConfigError {
  return new PortalConfigError(`The portal configuration is malformed: ${path} ${problem}`);
}

function asRecord(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw malformed(path, 'must be an object');
  return value as Record<string, unknown>;
}

function text(record: Record<string, unknown>, key: string, prefix = ''): string {
  const value = record[key];
  if (typeof value !== 'string' || value === '')
    throw malformed(`${prefix}${key}`, 'must be a non-empty string');
  return value;
}
