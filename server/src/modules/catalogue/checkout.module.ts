import { repositoryModule } from '../../crud/module.js';
import { checkoutService, EXPIRY_SWEEP_INTERVAL_MS, type CheckoutService } from './checkout-service.js';

export type { CheckoutService };

declare module 'fastify' {
  interface FastifyInstance {
    /** Cart checkout, payment sessions and their fulfilment (spec §2.2). */
    checkout: CheckoutService;
  }
}

/**
 * Publishes `app.checkout` and runs its expiry sweep: sessions are also expired whenever they are read; the sweep
 * keeps orders of abandoned checkouts current.
 */
export default repositoryModule(
  'checkout',
  (_options, app) => {
    const service = checkoutService(app.catalogue);
    const sweep = setInterval(() => {
      app.metrics
        .job('checkout-expiry', () => service.expireDue())
        .catch((error: unknown) => app.log.error({ err: error }, 'checkout expiry sweep failed'));
    }, EXPIRY_SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    return service;
  },
  ['catalogue'],
);
