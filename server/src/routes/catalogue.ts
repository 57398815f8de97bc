import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { ensureDemoFiles } from '../db/demo-catalogue.js';
import { systemClock, type Clock } from '../payments/clock.js';
import { embeddedPaymentProvider } from '../payments/embedded.js';
import type { PaymentProvider } from '../payments/provider.js';
import { stripePaymentProvider, type StripeProvider } from '../payments/stripe.js';
import { embeddedTaxIdChecker } from '../payments/tax-id-check.js';
import { openFileStorage, type FileStorage } from '../storage/file-storage.js';
import { bundleAdminRoutes } from './software-bundles/admin.js';
import { CountCache } from '../modules/catalogue/count-cache.js';
import { checkoutRoutes } from './checkouts/checkout.js';
import { checkoutService, EXPIRY_SWEEP_INTERVAL_MS } from '../modules/catalogue/checkout-service.js';
import type { CheckoutContext } from '../modules/catalogue/context.js';
import { exportAccessRoutes } from './export-access-requests/export-access.js';
import { installerRoutes } from './installers/installers.js';
import { licenseRoutes } from './licenses/licenses.js';
import { orderRoutes } from './orders/orders.js';
import { paymentPageRoutes } from '../payments/test-payment-pages.js';
import { publicCatalogueRoutes } from './catalogue/public.js';
import { questionnaireRoutes } from './questionnaires/questionnaires.js';
import { questionRoutes } from './questionnaires/questions.js';
import { softwareAdminRoutes } from './software/admin.js';
import { stripeWebhookRoutes } from './payments/stripe-webhook.js';

export interface CatalogueOptions {
  db: Database;
  config: Config;
  /** The time checkout expiry and license terms are read on; the system clock unless a test passes its own. */
  clock?: Clock;
  /** Where downloads live; by default FILES_DIR, DATA_DIR/files, or a temporary folder (see `openFileStorage`). */
  storage?: FileStorage;
  /** Keep downloads in a temporary folder removed on close (an in-memory app), whatever DATA_DIR says. */
  temporaryFiles?: boolean;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
}

/** The payment provider of the configuration: the embedded test-payment page, or Stripe. */
function paymentsOf(config: Config): { payments: PaymentProvider; stripe: StripeProvider | null } {
  if (config.payments.provider === 'stripe' && config.payments.stripe) {
    const stripe = stripePaymentProvider({
      secretKey: config.payments.stripe.secretKey,
      apiUrl: config.payments.stripe.apiUrl,
    });
    return { payments: stripe, stripe };
  }
  return { payments: embeddedPaymentProvider(config.publicUrl), stripe: null };
}

function checkoutContext(options: CatalogueOptions): CheckoutContext {
  const chosen = options.payments
    ? {
        payments: options.payments,
        stripe: options.payments.name === 'stripe' ? (options.payments as StripeProvider) : null,
      }
    : paymentsOf(options.config);
  return {
    db: options.db,
    config: options.config,
    clock: options.clock ?? systemClock,
    ...chosen,
    taxIdCheck: embeddedTaxIdChecker,
  };
}

/** Software, tools, bundles, documents, questionnaires, cart checkout, orders and licenses, under /api/v1. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueOptions> = async (app, options) => {
  let storage = options.storage;
  if (!storage) {
    const opened = await openFileStorage({
      filesDir: options.config.filesDir,
      dataDir: options.config.dataDir,
    });
    storage = opened.storage;
    if (opened.temporary && !options.temporaryFiles) {
      app.log.warn(
        { folder: opened.location },
        'DATA_DIR does not exist: downloads are kept in a temporary folder',
      );
    }
    const owned = storage;
    app.addHook('onClose', () => owned.close());
  }
  const checkout = checkoutContext(options);
  const counts = new CountCache(() => checkout.clock.now().getTime());
  const ctx = { ...checkout, storage, counts };
  // A change to the catalogue shows in list totals at once on this instance.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') counts.clear();
  });
  const written = await ensureDemoFiles(ctx.db, storage);
  if (written) app.log.info({ files: written }, 'wrote the demo catalogue files to the file storage');

  const service = checkoutService(ctx);
  await app.register(publicCatalogueRoutes, { ctx });
  await app.register(exportAccessRoutes, { ctx });
  await app.register(softwareAdminRoutes, { ctx });
  await app.register(bundleAdminRoutes, { ctx });
  await app.register(questionnaireRoutes, { ctx });
  await app.register(questionRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx, service });
  await app.register(orderRoutes, { ctx });
  await app.register(licenseRoutes, { ctx });
  await app.register(installerRoutes, { ctx });
  await app.register(stripeWebhookRoutes, { ctx, service });

  // Sessions are also expired whenever they are read; the sweep keeps orders of abandoned checkouts current.
  const sweep = setInterval(() => {
    service
      .expireDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'checkout expiry sweep failed'));
  }, EXPIRY_SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};

/** Pages outside the API root: the embedded provider's hosted test-payment page. */
export const catalogueRootRoutes: FastifyPluginAsyncZod<CatalogueOptions> = async (app, options) => {
  const ctx = checkoutContext(options);
  await app.register(paymentPageRoutes, { ctx, service: checkoutService(ctx) });
};
