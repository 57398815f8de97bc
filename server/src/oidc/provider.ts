import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/client.js';
import type { identityAccounts } from '../db/schema.js';
import { EMBEDDED_MFA_ACR, type Config } from '../config.js';
import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../lib/password.js';
import { HASHED_SECRET_PREFIX, databaseAdapter } from './adapter.js';
import type { IdentityStore } from './identity-store.js';
import { portalInteractionPolicy } from './policy.js';
import type { ProviderSecrets } from './keys.js';
import { escapeHtml, logoutPage, page } from './views.js';

export const ACR_PASSWORD = 'urn:portal:acr:pwd';
export const ACR_MFA = EMBEDDED_MFA_ACR;

export const INTERACTION_PATH = '/oidc/interaction';

type Account = typeof identityAccounts.$inferSelect;

export const VERIFY_EMAIL_PATH = '/oidc/verify-email';

function profileClaims(account: Account) {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    given_name: account.givenName ?? undefined,
    family_name: account.familyName ?? undefined,
    company: account.company ?? undefined,
    country: account.country ?? undefined,
  };
}

/** The embedded OIDC provider (the certified `oidc-provider` library), configured for the portal's two clients. */
export function createProvider(
  config: Config,
  db: Database,
  identity: IdentityStore,
  secrets: ProviderSecrets,
): Provider {
  const { publicUrl } = config;
  const { issuer, audience, productScope } = config.oidc;
  const origins = [publicUrl, ...config.appDevOrigins];
  const client = (clientId: string) => ({
    client_id: clientId,
    application_type: 'web' as const,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    redirect_uris: origins.map((origin) => `${origin}/auth/callback`),
    post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/welcome`, `${origin}/`]),
  });

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      client(config.oidc.clientId),
      { ...client(config.oidc.mfaClientId), default_acr_values: [ACR_MFA] },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    acrValues: [ACR_PASSWORD, ACR_MFA],
    scopes: ['openid', 'offline_access', 'email', 'profile', productScope],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'company', 'country'],
    },
    // Profile claims travel in the ID token: oidc-provider does not answer userinfo for audience-bound JWTs.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 15 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 24 * 60 * 60,
      RefreshToken: 24 * 60 * 60,
    },
    interactions: {
      policy: portalInteractionPolicy(),
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = page(
            'Signed out',
            '<h1>Signed out</h1><p>You are signed out.</p><a href="/">Back to the portal</a>',
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        // The API audience when the product scope is asked for (or at the token endpoint, where the grant
        // decides); without it the access token stays opaque and serves userinfo.
        defaultResource: (ctx) => {
          const scope = ctx.oidc.params?.scope;
          return typeof scope === 'string' && !scope.split(' ').includes(productScope) ? undefined : audience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: productScope,
            audience,
            accessTokenTTL: 15 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    issueRefreshToken: (_ctx, oidcClient) => oidcClient.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await identity.findById(token.accountId);
      if (!account) return undefined;
      const { sub: _sub, ...claims } = profileClaims(account);
      // Step-up is judged from the token alone, so acr and amr travel in it: they come from the code or the
      // refresh token the access token is issued for.
      const { AuthorizationCode, RefreshToken } = ctx.oidc.entities;
      const source = (AuthorizationCode ?? RefreshToken) as { acr?: string; amr?: string[] } | undefined;
      return { ...claims, acr: source?.acr, amr: source?.amr };
    },
    findAccount: async (_ctx, id) => {
      const account = await identity.findById(id);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => profileClaims(account) };
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      const message = out.error_description ?? out.error;
      ctx.body = page(
        'Sign-in problem',
        `<h1>Sign-in problem</h1><p role="alert">${escapeHtml(String(message))}</p><a href="/">Back to the portal</a>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // Service-account secrets are stored as sha256 hashes: compare the hash of what the client presents.
  const compare = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function compareHashed(
    this: { clientSecret?: string },
    actual: string,
  ) {
    const stored = this.clientSecret;
    if (!stored?.startsWith(HASHED_SECRET_PREFIX)) return compare.call(this, actual);
    const expected = Buffer.from(stored.slice(HASHED_SECRET_PREFIX.length), 'hex');
    const presented = Buffer.from(sha256Hex(actual), 'hex');
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  };
  return provider;
}
