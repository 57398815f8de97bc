import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { ensureDemoFiles } from '../../db/demo-catalogue.js';
import { repositoryPluginName, type ModuleOptions } from '../../crud/module.js';
import { embeddedPaymentProvider } from '../../payments/embedded.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { stripePaymentProvider, type StripeProvider } from '../../payments/stripe.js';
import { embeddedTaxIdChecker } from '../../payments/tax-id-check.js';
import type { CatalogueContext } from './context.js';

export type { CatalogueContext };

declare module 'fastify' {
  interface FastifyInstance {
    /** What every catalogue and commerce route works with: payments, file storage, list total cache. */
    catalogue: CatalogueContext;
  }
}

/** The payment provider of the configuration: the embedded test-payment page, or Stripe. */
function paymentsOf(
  config: Config,
  given: PaymentProvider | undefined,
): { payments: PaymentProvider; stripe: StripeProvider | null } {
  if (given) return { payments: given, stripe: given.name === 'stripe' ? (given as StripeProvider) : null };
  if (config.payments.provider === 'stripe' && config.payments.stripe) {
    const stripe = stripePaymentProvider({
      secretKey: config.payments.stripe.secretKey,
      apiUrl: config.payments.stripe.apiUrl,
    });
    return { payments: stripe, stripe };
  }
  return { payments: embeddedPaymentProvider(config.publicUrl), stripe: null };
}

/**
 * Publishes `app.catalogue` (software, tools, bundles, documents, questionnaires, checkout, orders, licenses):
 * the payment provider (`ModuleOptions.payments`, else the one PAYMENT_PROVIDER names), the file storage
 * (`app.files`). Writes the demo catalogue's files; list totals follow the count policy of every list (`crud/list-total.ts`).
 */
export default fp<ModuleOptions>(
  async (app, { db, config, clock, payments }) => {
    const storage = app.files;
    app.decorate('catalogue', {
      db,
      config,
      clock,
      ...paymentsOf(config, payments),
      taxIdCheck: embeddedTaxIdChecker,
      storage,
    });
    const written = await ensureDemoFiles(db, storage);
    if (written) app.log.info({ files: written }, 'wrote the demo catalogue files to the file storage');
  },
  { name: repositoryPluginName('catalogue'), decorators: { fastify: ['files'] } },
);
