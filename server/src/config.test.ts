import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trialNotices } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has embedded defaults: port 8080, ./data, PGlite, the embedded provider', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:8080/oidc',
      audience: 'http://localhost:8080/api/v1',
      clientId: 'portal',
      mfaClientId: 'portal-mfa',
      loadUserInfo: false,
    });
  });

  it('follows PORT in the public URL and the issuer', () => {
    const config = loadConfig({ PORT: '9090' });
    expect(config.publicUrl).toBe('http://localhost:9090');
    expect(config.oidc.issuer).toBe('http://localhost:9090/oidc');
  });

  it('turns the embedded provider off when OIDC_ISSUER is set, keeping the issuer as written', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/realms/portal/',
      OIDC_AUDIENCE: 'portal-api',
    });
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://id.example.com/realms/portal/',
      audience: 'portal-api',
      loadUserInfo: true,
      provider: 'generic',
      trustEmail: false,
      claims: { subject: ['sub'], email: ['email'], givenName: ['given_name'], familyName: ['family_name'] },
    });
  });

  it('OIDC_PROVIDER sets the claim names and the userinfo default; OIDC_CLAIM_* and OIDC_LOAD_USERINFO override', () => {
    const external = { OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0', OIDC_AUDIENCE: 'api' };
    const entra = loadConfig({ ...external, OIDC_PROVIDER: 'entra' });
    expect(entra.oidc.loadUserInfo).toBe(false);
    expect(entra.oidc.claims.email).toEqual(['email', 'preferred_username', 'upn']);
    expect(
      loadConfig({ ...external, OIDC_PROVIDER: 'entra', OIDC_LOAD_USERINFO: 'true' }).oidc.loadUserInfo,
    ).toBe(true);
    expect(loadConfig({ ...external, OIDC_PROVIDER: 'okta' }).oidc.claims.subject).toEqual(['uid', 'sub']);
    expect(loadConfig({ ...external, OIDC_CLAIM_EMAIL: 'mail,upn' }).oidc.claims.email).toEqual([
      'mail',
      'upn',
    ]);
    expect(problemsOf({ ...external, OIDC_PROVIDER: 'ping' })).toEqual([
      'OIDC_PROVIDER="ping": expected one of generic, keycloak, auth0, entra, okta, google',
    ]);
    expect(problemsOf({ ...external, OIDC_CLAIM_EMAIL: 'mail upn' })).toEqual([
      'OIDC_CLAIM_EMAIL="mail upn": expected comma-separated claim names such as email,upn',
    ]);
  });

  it('OIDC_TRUST_EMAIL: true, false, or the trusted mail domains', () => {
    expect(loadConfig({ OIDC_TRUST_EMAIL: 'true' }).oidc.trustEmail).toBe(true);
    expect(loadConfig({ OIDC_TRUST_EMAIL: 'false' }).oidc.trustEmail).toBe(false);
    expect(loadConfig({ OIDC_TRUST_EMAIL: 'Example.com,example.de' }).oidc.trustEmail).toEqual([
      'example.com',
      'example.de',
    ]);
    expect(problemsOf({ OIDC_TRUST_EMAIL: '@example.com' })).toEqual([
      'OIDC_TRUST_EMAIL="@example.com": expected true, false or comma-separated mail domains such as example.com,example.de',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty": expected a port number'],
    [{ PORT: '70000' }, 'PORT="70000": expected a port from 0 to 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL="mysql://x": expected a postgres:// or postgresql:// connection URL',
    ],
    [
      { OIDC_ISSUER: 'not a url', OIDC_AUDIENCE: 'a' },
      'OIDC_ISSUER="not a url": expected an http(s) URL of the identity provider issuer',
    ],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA="maybe": expected true or false'],
    [
      { APP_DEV_ORIGINS: 'localhost:5173' },
      'APP_DEV_ORIGINS="localhost:5173": expected comma-separated origins such as http://localhost:5173',
    ],
    [
      { PUBLIC_URL: 'ftp://x' },
      'PUBLIC_URL="ftp://x": expected an http(s) URL such as https://portal.example.com',
    ],
  ])('refuses %o naming the variable and what it expects', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('reads extra app origins for development sign-in', () => {
    expect(
      loadConfig({ APP_DEV_ORIGINS: 'http://localhost:5173,http://localhost:5174' }).appDevOrigins,
    ).toEqual(['http://localhost:5173', 'http://localhost:5174']);
  });

  it('asks for OIDC_AUDIENCE with an external issuer', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })[0]).toMatch(
      /^OIDC_AUDIENCE: expected the API audience/,
    );
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'loud' })).toHaveLength(2);
  });
});

describe('loadConfig: files and payments', () => {
  it('FILES_DIR: unset leaves DATA_DIR/files to the file storage; set, it is resolved', () => {
    expect(loadConfig({}).filesDir).toBeUndefined();
    expect(loadConfig({ FILES_DIR: 'store/files' }).filesDir).toMatch(/store\/files$/);
  });

  it('PAYMENT_PROVIDER: embedded by default; stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'embedded', stripe: null });
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      'PAYMENT_PROVIDER="paypal": expected embedded or stripe',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe',
    ]);
  });

  it('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: Stripe key formats', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc', apiUrl: 'https://api.stripe.com' },
    });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toEqual([
      'STRIPE_SECRET_KEY="pk_test_abc": expected a Stripe secret key (sk_test_… or sk_live_…)',
    ]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'secret' })).toEqual([
      'STRIPE_WEBHOOK_SECRET="secret": expected a Stripe webhook signing secret (whsec_…)',
    ]);
  });

  it('STRIPE_API_URL: another address for the Stripe API (a local fake in tests), without a trailing slash', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:4010/',
    });
    expect(config.payments.stripe?.apiUrl).toBe('http://127.0.0.1:4010');
    expect(problemsOf({ STRIPE_API_URL: 'stripe' })).toEqual([
      'STRIPE_API_URL="stripe": expected an http(s) URL of the Stripe API',
    ]);
  });

  it('BILLING_COUNTRIES: the countries sold to, else the default list', () => {
    expect(loadConfig({}).billingCountries).toBeUndefined();
    expect(loadConfig({ BILLING_COUNTRIES: 'DE,AT,CH' }).billingCountries).toEqual(['DE', 'AT', 'CH']);
    expect(problemsOf({ BILLING_COUNTRIES: 'de;at' })).toEqual([
      'BILLING_COUNTRIES="de;at": expected comma-separated ISO 3166 country codes such as DE,FR,US',
    ]);
  });

  describe('demo data and test payments outside a local trial', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    const demoRefused =
      'SEED_DEMO_DATA: demo data (accounts with a published password) is for a local trial and PUBLIC_URL is not a loopback address or NODE_ENV=production: set SEED_DEMO_DATA=false, or ALLOW_DEMO_DATA=true to keep it';
    const paymentsRefused =
      'PAYMENT_PROVIDER: the embedded test-payment provider is for a local trial and PUBLIC_URL is not a loopback address or NODE_ENV=production: set PAYMENT_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true to keep it';

    it.each<Record<string, string>>([
      { PUBLIC_URL: 'https://portal.example.com' },
      { PUBLIC_URL: 'http://10.0.0.5:8080' },
      { PUBLIC_URL: 'http://localhost.evil.com' },
      { NODE_ENV: 'production' },
    ])('refuses both by default, one line each naming the variable: %o', (env) => {
      expect(problemsOf(env)).toEqual([demoRefused, paymentsRefused]);
      expect(problemsOf({ ...env, ...stripe })).toEqual([demoRefused]);
      expect(problemsOf({ ...env, SEED_DEMO_DATA: 'false' })).toEqual([paymentsRefused]);
    });

    it('starts when they are off, or explicitly allowed, and the start log says which are on', () => {
      const production = { PUBLIC_URL: 'https://portal.example.com', NODE_ENV: 'production' };
      expect(trialNotices(loadConfig({ ...production, ...stripe, SEED_DEMO_DATA: 'false' }))).toEqual([]);
      const allowed = loadConfig({ ...production, ALLOW_DEMO_DATA: 'true', ALLOW_TEST_PAYMENTS: 'true' });
      expect(trialNotices(allowed)).toEqual([
        expect.stringMatching(/^Demo data is ON \(SEED_DEMO_DATA\)/),
        expect.stringMatching(/^Test payments are ON \(PAYMENT_PROVIDER=embedded\)/),
      ]);
    });

    it.each([
      'http://localhost:8080',
      'http://127.0.0.1:9000',
      'http://[::1]:8080',
      'http://portal.localhost',
    ])('a local trial on %s keeps the defaults (and says so)', (url) => {
      expect(trialNotices(loadConfig({ PUBLIC_URL: url }))).toHaveLength(2);
    });
  });

  it('PROVIDER_EMAIL_DOMAINS: the provider staff domains, else the demo domain', () => {
    expect(loadConfig({}).providerEmailDomains).toEqual(['portal.test']);
    expect(loadConfig({ PROVIDER_EMAIL_DOMAINS: 'Provider.com,provider.cn' }).providerEmailDomains).toEqual([
      'provider.com',
      'provider.cn',
    ]);
    expect(problemsOf({ PROVIDER_EMAIL_DOMAINS: '@provider.com' })).toEqual([
      'PROVIDER_EMAIL_DOMAINS="@provider.com": expected comma-separated mail domains such as provider.com,provider.cn',
    ]);
  });
});
