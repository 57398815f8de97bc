import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES, PAYMENT_SIGNATURE_MAX_LENGTH, PAYMENT_WEBHOOK_MAX_BYTES } from '@portal/resources';
import { access } from '../../auth/access.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { verifyStripeSignature, type StripeEvent } from '../../payments/stripe.js';
import { errorResponses } from '../../crud/openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived, for signature checks. */
    rawBody?: string;
  }
}

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Stripe's webhook (`POST /api/v1/payments/stripe/webhook`): the provider's confirmation that drives fulfilment.
 * The signature is checked against the raw body; the session's state is then read from Stripe's API, so
 * nothing in the event body is trusted beyond the session id.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue: ctx, checkout: service } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: PAYMENT_WEBHOOK_MAX_BYTES },
    (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(ApiError.of(400, 'invalid_request', 'The request body is not valid JSON.'), undefined);
      }
    },
  );

  app.post(
    '/stripe/webhook',
    {
      config: { access: access.public() },
      schema: {
        tags: ['cart and checkout'],
        summary:
          'Stripe webhook: checkout.session.completed / async_payment_succeeded fulfil the purchase, async_payment_failed fails it, expired expires it (signed with STRIPE_WEBHOOK_SECRET; 404 when Stripe is not the provider)',
        headers: z
          .object({ 'stripe-signature': z.string().max(PAYMENT_SIGNATURE_MAX_LENGTH).optional() })
          .passthrough(),
        body: z.object({ id: z.string().optional(), type: z.string().optional() }).passthrough(),
        response: { 200: z.object({ received: z.boolean() }), ...errorResponses(400, 404, 502) },
      },
    },
    async (request) => {
      const stripe = ctx.stripe;
      if (!stripe || !ctx.config.payments.stripe) throw notFound('Stripe is not the payment provider here.');
      const valid = verifyStripeSignature(
        request.rawBody ?? '',
        request.headers['stripe-signature'],
        ctx.config.payments.stripe.webhookSecret,
        ctx.clock.now(),
      );
      if (!valid)
        throw ApiError.of(400, 'webhook_signature_invalid', ERROR_MESSAGES.webhook_signature_invalid);
      const event = request.body as unknown as StripeEvent;
      const sessionId = event.data?.object?.id;
      if (
        !SESSION_EVENTS.has(event.type) ||
        event.data?.object?.object !== 'checkout.session' ||
        !sessionId
      ) {
        return { received: true };
      }
      let session;
      try {
        session = await stripe.retrieveSession(sessionId);
      } catch {
        // Stripe retries a webhook that did not answer 2xx.
        throw ApiError.of(502, 'payment_provider_error', ERROR_MESSAGES.payment_provider_error);
      }
      if (session.status === 'complete' && session.payment_status !== 'unpaid') {
        await service.confirmPaid(session.id, session.payment_method_types?.[0] ?? 'card');
      } else if (event.type === 'checkout.session.async_payment_failed') {
        await service.failPayment(session.id, 'async_payment_failed');
      } else if (session.status === 'expired') {
        await service.expireAtProvider(session.id);
      }
      return { received: true };
    },
  );
};

export default stripeWebhookRoutes;
