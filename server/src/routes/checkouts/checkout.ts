import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingInformationInputSchema,
  billingInformationSchema,
  checkoutInputSchema,
  checkoutSchema,
  normalizeTaxId,
  type BillingInformation,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { billingInformation } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { errorResponses } from '../schemas.js';
import type { CheckoutService } from '../../modules/catalogue/checkout-service.js';
import { isAdmin, isoOrNull, type CatalogueContext } from '../../modules/catalogue/context.js';

const tags = ['cart and checkout'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** Checkout of the browser's cart (spec §2.2 /cart, /cart/{id}/summary) and the customer's billing information. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  ctx: CatalogueContext;
  service: CheckoutService;
}> = async (app, { ctx, service }) => {
  const { db, clock } = ctx;

  app.post(
    '/checkouts',
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
    '/checkouts/:id',
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
    async (request) =>
      service.get(request.params.id, { id: request.currentUser!.id, admin: isAdmin(request) }),
  );

  app.post(
    '/checkouts/:id/cancel',
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
    async (request) => service.cancel(request.params.id, request, isAdmin(request)),
  );

  app.post(
    '/checkouts/:id/resume',
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
    async (request) => service.resume(request.params.id, request, isAdmin(request)),
  );

  async function billingRecord(userId: string): Promise<BillingInformation> {
    const [row] = await db
      .select()
      .from(billingInformation)
      .where(eq(billingInformation.userId, userId))
      .limit(1);
    return {
      companyName: row?.companyName ?? null,
      billingAddress: row?.billingAddress ?? null,
      shippingAddress: row?.shippingAddress ?? null,
      taxId: row?.taxId ?? null,
      validation: await service.billingValidationOf(db, userId, []),
      updatedAt: isoOrNull(row?.updatedAt ?? null),
    };
  }

  app.get(
    '/billing-information',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "The caller's billing information with its validation (ok, not-ok, pending and the issues: no_address, country_not_whitelisted, no_shipping_address, tax_id_missing, tax_id_invalid, pending; not_export_approved only at checkout)",
        security,
        response: { 200: billingInformationSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => billingRecord(request.currentUser!.id),
  );

  app.put(
    '/billing-information',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: "Save the caller's billing information; answers it with its validation",
        security,
        body: billingInformationInputSchema,
        response: { 200: billingInformationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const userId = request.currentUser!.id;
      const before = await billingRecord(userId);
      const values = {
        companyName: request.body.companyName?.trim() || null,
        billingAddress: request.body.billingAddress,
        shippingAddress: request.body.shippingAddress,
        taxId: normalizeTaxId(request.body.taxId),
        updatedAt: clock.now(),
      };
      await db
        .insert(billingInformation)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: billingInformation.userId, set: values });
      const after = await billingRecord(userId);
      await audit(db, request, {
        action: 'update',
        entity: 'billing_information',
        entityId: userId,
        before,
        after,
      });
      return after;
    },
  );
};
