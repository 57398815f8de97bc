import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { ensureDemoFiles } from '../../db/demo-catalogue.js';
import { repositoryPluginName, type ModuleOptions } from '../../http/module.js';
import { embeddedPaymentProvider } from '../../payments/embedded.js';
import type { PaymentProvider } from '../../payments/provider.js';
import { stripePaymentProvider, type StripeProvider } from '../../payments/stripe.js';
import { embeddedTaxIdChecker } from '../../payments/tax-id-check.js';
import type { CatalogueContext } from './context.js';
import { CountCache } from './count-cache.js';

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
 * (`app.files`) and the cache of list totals, which every write clears. Writes the demo catalogue's files.
 */
export default fp<ModuleOptions>(
  async (app, { db, config, clock, payments }) => {
    const counts = new CountCache(() => clock.now().getTime());
    const storage = app.files;
    app.decorate('catalogue', {
      db,
      config,
      clock,
      ...paymentsOf(config, payments),
      taxIdCheck: embeddedTaxIdChecker,
      storage,
      counts,
    });
    // A change shows in list totals at once on this instance: any write may touch the catalogue (tools, bundles,
    // documents, their versions), so every one clears them.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') counts.clear();
    });
    const written = await ensureDemoFiles(db, storage);
    if (written) app.log.info({ files: written }, 'wrote the demo catalogue files to the file storage');
  },
  { name: repositoryPluginName('catalogue'), decorators: { fastify: ['files'] } },
);
