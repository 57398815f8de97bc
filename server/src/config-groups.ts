import { z } from 'zod';
import { OIDC_PROVIDERS } from './auth/claim-mapping.js';
import { parseTrustProxy } from './transport/proxy.js';

/** The variables of the proxy in front and the metrics endpoint (transport/proxy.ts, ops/metrics.ts). */
/** The metrics endpoint's token: long enough that it cannot be guessed. */
const METRICS_TOKEN_MIN_LENGTH = 16;

export const operationsEnv = {
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust !== undefined) return trust;
      ctx.addIssue({
        code: 'custom',
        message:
          'expected the number of proxies in front (such as 1) or their comma-separated addresses or CIDR ranges (such as 10.0.0.5,10.1.0.0/16)',
      });
      return z.NEVER;
    })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(METRICS_TOKEN_MIN_LENGTH, `expected a token of at least ${METRICS_TOKEN_MIN_LENGTH} characters`)
    .optional(),
  METRICS_PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .optional(),
};

const claimNames = z
  .string()
  .regex(/^[\w:./-]+(,[\w:./-]+)*$/, 'expected comma-separated claim names such as email,upn');

/** An external provider's profile claims and email trust (docs/oidc-providers.md). */
export const externalProviderEnv = {
  OIDC_PROVIDER: z
    .enum(OIDC_PROVIDERS, { message: `expected one of ${OIDC_PROVIDERS.join(', ')}` })
    .optional(),
  OIDC_CLAIM_SUBJECT: claimNames.optional(),
  OIDC_CLAIM_EMAIL: claimNames.optional(),
  OIDC_CLAIM_GIVEN_NAME: claimNames.optional(),
  OIDC_CLAIM_FAMILY_NAME: claimNames.optional(),
  OIDC_CLAIM_NAME: claimNames.optional(),
  OIDC_TRUST_EMAIL: z
    .string()
    .regex(
      /^(true|false|[a-z0-9.-]+\.[a-z0-9-]+(,[a-z0-9.-]+\.[a-z0-9-]+)*)$/i,
      'expected true, false or comma-separated mail domains such as example.com,example.de',
    )
    .optional(),
};
