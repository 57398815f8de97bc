import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PROVIDER_EMAIL_DOMAINS } from '@portal/resources';
import type { S3StorageConfig } from './storage/s3-storage.js';
import { claimMappingOf, type ClaimMapping, type OidcProvider } from './auth/claim-mapping.js';
import type { TrustProxy } from './transport/proxy.js';
import { externalProviderEnv, operationsEnv } from './config-groups.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1');

const url = (what: string) =>
  z
    .url({ protocol: /^https?$/, message: `expected an http(s) URL ${what}` })
    .transform((v) => v.replace(/\/+$/, ''));

/** Every environment variable the server reads, with what it expects. docs/configuration.md lists the same. */
const envShape = z.object({
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port from 0 to 65535')
    .max(65535, 'expected a port from 0 to 65535')
    .default(8080),
  HOST: z.string().min(1, 'expected a host name or address').default('127.0.0.1'),
  PUBLIC_URL: url('such as https://portal.example.com').optional(),
  DATA_DIR: z.string().min(1, 'expected a folder path').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection URL')
    .optional(),
  // As the provider writes it: Auth0's ends with a slash, and tokens name it exactly so (issue 46).
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, message: 'expected an http(s) URL of the identity provider issuer' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1, 'expected a client id').default('portal'),
  OIDC_MFA_CLIENT_ID: z.string().min(1, 'expected a client id').default('portal-mfa'),
  OIDC_AUDIENCE: z.string().min(1, 'expected the API audience').optional(),
  OIDC_PRODUCT_SCOPE: z
    .string()
    .regex(/^[\w:./-]+$/, 'expected one scope name (Entra: api://<app id>/<scope>)')
    .default('portal'),
  OIDC_LOAD_USERINFO: booleanFlag.optional(),
  OIDC_MFA_ACR_VALUES: z.string().min(1, 'expected space-separated acr values').optional(),
  ...externalProviderEnv,
  APP_DEV_ORIGINS: z
    .string()
    .regex(
      /^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/,
      'expected comma-separated origins such as http://localhost:5173',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  ALLOW_DEMO_DATA: booleanFlag.default(false),
  ALLOW_TEST_PAYMENTS: booleanFlag.default(false),
  NODE_ENV: z.string().optional(),
  PROVIDER_EMAIL_DOMAINS: z
    .string()
    .regex(
      /^[a-z0-9.-]+\.[a-z0-9-]+(,[a-z0-9.-]+\.[a-z0-9-]+)*$/i,
      'expected comma-separated mail domains such as provider.com,provider.cn',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  LOG_SLOW_MS: z.coerce
    .number({ message: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(0, 'expected 0 or more milliseconds')
    .default(500),
  STATIC_DIR: z.string().min(1).optional(),
  FILES_DIR: z.string().min(1, 'expected a folder path').optional(),
  PAYMENT_PROVIDER: z
    .enum(['embedded', 'stripe'], { message: 'expected embedded or stripe' })
    .default('embedded'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: url('of the Stripe API').default('https://api.stripe.com'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    )
    .optional(),
  S3_ENDPOINT: url('of an S3-compatible server such as http://localhost:9000').optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected a region name such as eu-central-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1, 'expected an access key id').optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'expected a secret access key').optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  CLAMAV_HOST: z
    .string()
    .regex(/^[\w.:-]+$/, 'expected the host name or address of clamd')
    .optional(),
  CLAMAV_PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .default(3310),
  BILLING_COUNTRIES: z
    .string()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'expected comma-separated ISO 3166 country codes such as DE,FR,US')
    .optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'expected a number of days' })
    .int('expected a whole number of days')
    .min(1, 'expected at least 1 day (unset keeps history forever)')
    .max(36500, 'expected at most 36500 days')
    .optional(),
  ...operationsEnv,
});
const envSchema = envShape.superRefine((env, ctx) => {
  if (env.OIDC_ISSUER && !env.OIDC_AUDIENCE) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_AUDIENCE'],
      message:
        'expected the API audience the external provider puts in access tokens (required with OIDC_ISSUER)',
    });
  }
  if (!env.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'only used with S3_BUCKET, which is not set' });
      }
    }
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the default credentials)',
    });
  }
  // Demo accounts share a published password and the demo service account a published secret; the embedded
  // payment page takes test cards. Fine on a developer's machine, a hole anywhere else, so it takes a yes there.
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // A malformed PUBLIC_URL has its own message; this rule waits for a good one.
  if (/^https?:\/\//.test(publicUrl) && URL.canParse(publicUrl) && !isLocalTrial(publicUrl, env.NODE_ENV)) {
    const where = NOT_A_LOCAL_TRIAL;
    if (env.SEED_DEMO_DATA && !env.ALLOW_DEMO_DATA) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO_DATA'],
        message: `demo data (accounts with a published password) is for a local trial and ${where}: set SEED_DEMO_DATA=false, or ALLOW_DEMO_DATA=true to keep it`,
      });
    }
    if (env.PAYMENT_PROVIDER === 'embedded' && !env.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: `the embedded test-payment provider is for a local trial and ${where}: set PAYMENT_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true to keep it`,
      });
    }
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with PAYMENT_PROVIDER=stripe' });
      }
    }
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'expected a port other than PORT' });
  }
});

const NOT_A_LOCAL_TRIAL = 'PUBLIC_URL is not a loopback address or NODE_ENV=production';

/** The start refusal of a database that holds the published demo credentials where they are not allowed. */
export const DEMO_CREDENTIALS_REFUSED = `ALLOW_DEMO_DATA: the database holds the demo accounts or service account with their published password and secret, and ${NOT_A_LOCAL_TRIAL}: change or remove them, or set ALLOW_DEMO_DATA=true to keep them`;

/** A loopback host: `localhost` (and its subdomains), 127.0.0.0/8 or ::1. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Whether the portal runs as a local trial: served on a loopback address and not in production mode. */
function isLocalTrial(publicUrl: string, nodeEnv: string | undefined): boolean {
  return nodeEnv !== 'production' && isLoopbackHost(new URL(publicUrl).hostname);
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: {
    /** True when this server runs the embedded provider at /oidc. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    mfaClientId: string;
    audience: string;
    productScope: string;
    loadUserInfo: boolean;
    /** The acr the MFA client asks for; undefined leaves it to the provider's client registration. */
    mfaAcrValues: string | undefined;
    /** Whose shape the external provider has (OIDC_PROVIDER); it sets the defaults below. */
    provider: OidcProvider;
    /** Which claims hold the profile (OIDC_CLAIM_*, else the provider's defaults). */
    claims: ClaimMapping;
    /** Email counted as verified when the provider does not say: `true` for all, or these domains (OIDC_TRUST_EMAIL). */
    trustEmail: boolean | readonly string[];
  };
  /** SMTP server for outgoing mail; without it mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** Origins besides PUBLIC_URL whose /auth/callback the embedded clients accept (Vite dev servers). */
  appDevOrigins: string[];
  seedDemoData: boolean;
  /** Demo data may be served: a local trial (loopback PUBLIC_URL, not NODE_ENV=production) or ALLOW_DEMO_DATA. */
  demoDataAllowed: boolean;
  /** Mail domains of provider staff (FAE addresses); PROVIDER_EMAIL_DOMAINS, default the demo domain. */
  providerEmailDomains: readonly string[];
  logLevel: string;
  /** A request taking this long or longer is logged at `warn` (LOG_SLOW_MS); see transport/request-log.ts. */
  logSlowMs: number;
  /** Folder holding customer-app/dist and admin-app/dist. */
  staticDir: string;
  /** Folder of downloadable files and uploads; unset: DATA_DIR/files. Not used with `s3`. */
  filesDir: string | undefined;
  /** An S3-compatible bucket for files and uploads instead of the folder (S3_BUCKET and its companions). */
  s3: S3StorageConfig | null;
  /** clamd's address for scanning uploads (CLAMAV_HOST, CLAMAV_PORT); null: uploads are marked not scanned. */
  clamav: { host: string; port: number } | null;
  payments: {
    /** `embedded`: the server's own test-payment page; `stripe`: Stripe Checkout. */
    provider: 'embedded' | 'stripe';
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  };
  /** Countries the portal sells to (billing validation); unset: the default list of @portal/resources. */
  billingCountries: string[] | undefined;
  /** Days the history (audit records) is kept; undefined keeps it forever (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number | undefined;
  /** Whose X-Forwarded-* and X-Request-Id are believed (TRUST_PROXY); null: nobody's. */
  trustProxy: TrustProxy;
  /** GET /metrics: off unless a bearer `token` guards it or it has a `port` of its own (on HOST). */
  metrics: { token: string | undefined; port: number | undefined };
}

/** The start-log lines naming what is on for a local trial only (demo data, test payments); empty when neither. */
export function trialNotices(config: Config): string[] {
  const notices: string[] = [];
  if (config.seedDemoData) {
    notices.push(
      'Demo data is ON (SEED_DEMO_DATA): demo accounts with a published password and a service account with a published secret.',
    );
  }
  if (config.payments.provider === 'embedded') {
    notices.push(
      'Test payments are ON (PAYMENT_PROVIDER=embedded): checkout takes test cards, no money moves.',
    );
  }
  return notices;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The acr of the embedded provider's second factor (its password-only sign-in is urn:portal:acr:pwd). */
export const EMBEDDED_MFA_ACR = 'urn:portal:acr:mfa';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Reads and validates the configuration; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(envShape.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const embedded = !e.OIDC_ISSUER;
  const provider = e.OIDC_PROVIDER ?? 'generic';
  const trustEmail = e.OIDC_TRUST_EMAIL?.toLowerCase();
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    oidc: {
      embedded,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID,
      mfaClientId: e.OIDC_MFA_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api/v1`,
      productScope: e.OIDC_PRODUCT_SCOPE,
      // The embedded provider puts profile claims in the ID token: it will not answer userinfo for a JWT access token.
      // Entra's userinfo (Microsoft Graph) refuses a token made for the portal's API.
      loadUserInfo: e.OIDC_LOAD_USERINFO ?? (!embedded && provider !== 'entra'),
      mfaAcrValues: e.OIDC_MFA_ACR_VALUES ?? (embedded ? EMBEDDED_MFA_ACR : undefined),
      provider,
      claims: claimMappingOf(provider, {
        subject: e.OIDC_CLAIM_SUBJECT,
        email: e.OIDC_CLAIM_EMAIL,
        givenName: e.OIDC_CLAIM_GIVEN_NAME,
        familyName: e.OIDC_CLAIM_FAMILY_NAME,
        name: e.OIDC_CLAIM_NAME,
      }),
      trustEmail:
        trustEmail === undefined || trustEmail === 'false'
          ? false
          : trustEmail === 'true' || trustEmail.split(','),
    },
    appDevOrigins: e.APP_DEV_ORIGINS?.split(',') ?? [],
    smtpUrl: e.SMTP_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    demoDataAllowed: e.ALLOW_DEMO_DATA || isLocalTrial(publicUrl, e.NODE_ENV),
    providerEmailDomains:
      e.PROVIDER_EMAIL_DOMAINS?.toLowerCase().split(',') ?? DEFAULT_PROVIDER_EMAIL_DOMAINS,
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : repoRoot,
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    clamav: e.CLAMAV_HOST ? { host: e.CLAMAV_HOST, port: e.CLAMAV_PORT } : null,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripe:
        e.PAYMENT_PROVIDER === 'stripe'
          ? {
              secretKey: e.STRIPE_SECRET_KEY!,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
              apiUrl: e.STRIPE_API_URL,
            }
          : null,
    },
    billingCountries: e.BILLING_COUNTRIES?.split(','),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY ?? null,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}
