import { describe, expect, it, vi } from 'vitest';
import { portalConfigSchema } from '@portal/resources';
import { loadPortalConfig, parsePortalConfig, PortalConfigError } from './config';

const raw = {
  apiUrl: '/api/v1',
  oidc: {
    authority: 'http://localhost:8080/oidc',
    clientId: 'portal',
    mfaClientId: 'portal-mfa',
    scope: 'openid email profile portal',
    loadUserInfo: false,
  },
};

describe('parsePortalConfig', () => {
  it('resolves the API URL against the origin and leaves acr_values to the MFA client by default', () => {
    expect(parsePortalConfig(raw, 'http://localhost:5173')).toEqual({
      apiUrl: 'http://localhost:5173/api/v1',
      oidc: { ...raw.oidc, mfaAcrValues: undefined },
    });
  });

  it('keeps an absolute API URL and a configured acr_values', () => {
    const config = parsePortalConfig(
      {
        ...raw,
        apiUrl: 'https://api.example.com/api/v1/',
        oidc: { ...raw.oidc, mfaAcrValues: 'urn:portal:acr:mfa' },
      },
      'http://localhost:5173',
    );
    expect(config.apiUrl).toBe('https://api.example.com/api/v1');
    expect(config.oidc.mfaAcrValues).toBe('urn:portal:acr:mfa');
  });

  it.each([null, [], {}, { apiUrl: '/api/v1' }, { ...raw, oidc: { ...raw.oidc, clientId: '' } }])(
    'rejects %j',
    (value) => {
      expect(() => parsePortalConfig(value, 'http://localhost')).toThrow(PortalConfigError);
    },
  );
});

describe('loadPortalConfig', () => {
  it('fetches /api/v1/config from the origin', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(raw)));
    const config = await loadPortalConfig('http://localhost:8080', fetchMock);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://localhost:8080/api/v1/config');
    expect(config.oidc.clientId).toBe('portal');
  });

  it('reports an HTTP failure', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('', { status: 503 }));
    await expect(loadPortalConfig('http://localhost:8080', fetchMock)).rejects.toThrow(/HTTP 503/);
  });
});

describe('parsePortalConfig agrees with portalConfigSchema', () => {
  const cases: unknown[] = [
    raw,
    { ...raw, oidc: { ...raw.oidc, mfaAcrValues: 'urn:portal:acr:mfa' } },
    { ...raw, oidc: { ...raw.oidc, mfaAcrValues: '' } },
    { ...raw, oidc: { ...raw.oidc, loadUserInfo: 'false' } },
    { ...raw, oidc: { ...raw.oidc, scope: 42 } },
    { ...raw, apiUrl: '' },
    { ...raw, oidc: null },
    { ...raw, oidc: [] },
    { ...raw, extra: true, oidc: { ...raw.oidc, extra: 1 } },
    'config',
  ];
  it.each(cases)('%j', (value) => {
    const expected = portalConfigSchema.safeParse(value).success;
    let accepted = true;
    try {
      parsePortalConfig(value, 'http://localhost');
    } catch (error) {
      expect(error).toBeInstanceOf(PortalConfigError);
      accepted = false;
    }
    expect(accepted).toBe(expected);
  });
});
