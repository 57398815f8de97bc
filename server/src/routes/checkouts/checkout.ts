import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutInputSchema, checkoutSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { errorResponses } from '../../crud/openapi.js';
import { bearerSecurity as security } from '../../crud/openapi.js';

const tags = ['cart and checkout'];
const idParams = z.object({ id: z.uuid() });

/**
 * Checkout of the browser's cart (spec §2.2 /cart, /cart/{id}/summary). Hand-written: a checkout is a payment
 * flow with its own steps, not a record edited through CRUD.
 */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.checkout;

  app.post(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Check the cart out: every entry is looked up again; questionnaire answers are checked; non-payable entries become a request order, payable ones a purchase order with a payment session (24 hours)',
        description:
          "Idempotent per cart: the key is the SHA-256 of the user and the sorted cart entry keys. While that cart's checkout is open (payment started or canceled), or within 10 minutes after it completed, the same checkout is answered again with 200 (a canceled payment is resumed); a new checkout answers 201. Refusals: 409 `cart_entry_unavailable`, `not_orderable`, `not_requestable`, the `billing_*` issues; 400 `questionnaire_answers_invalid` per question; 502 `payment_provider_error`.",
        security,
        body: checkoutInputSchema,
        response: {
          200: checkoutSchema,
          201: checkoutSchema,
          ...errorResponses(400, 401, 403, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { checkout, created } = await service.checkout(request, request.body);
      return reply.code(created ? 201 : 200).send(checkout);
    },
  );

  app.get(
    '/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'A checkout with its orders and payment (the checkout result page reads it; reading never fulfils, it only expires a session past its 24 hours)',
        security,
        params: idParams,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.id, request),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Cancel the payment (the customer left the payment page): it stays resumable until it expires; 409 `checkout_completed`, `checkout_failed`, `checkout_expired`, `checkout_canceled`',
        security,
        params: idParams,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancel(request.params.id, request),
  );

  app.post(
    '/:id/resume',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Resume a canceled payment: answers the checkout with the payment page again; 409 `checkout_expired` after 24 hours, `checkout_failed`, `checkout_completed`',
        security,
        params: idParams,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.resume(request.params.id, request),
  );
};

export default checkoutRoutes;
