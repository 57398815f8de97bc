import { portalConfigSchema, type PortalConfig } from '@portal/resources';

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

/** Validates the answer against the shared schema and makes the API URL absolute. */
export function parsePortalConfig(raw: unknown, origin: string): PortalConfig {
  const parsed = portalConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PortalConfigError(
      `The portal configuration is malformed: ${issue?.path.join('.') || 'answer'} ${issue?.message ?? ''}`.trim(),
    );
  }
  return { ...parsed.data, apiUrl: new URL(parsed.data.apiUrl, origin).href.replace(/\/+$/, '') };
}
