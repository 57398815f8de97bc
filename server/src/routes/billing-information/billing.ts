import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingInformationInputSchema,
  billingInformationSchema,
  normalizeTaxId,
  type BillingInformation,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { billingInformation } from '../../db/schema-commerce.js';
import { audit } from '../../http/audit.js';
import { errorResponses } from '../schemas.js';
import { isoOrNull } from '../../modules/catalogue/context.js';
import { bearerSecurity as security } from '../../http/openapi.js';

const tags = ['cart and checkout'];

/** The customer's billing information, which checkout validates (spec §2.2 /cart). */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.catalogue;
  const service = app.checkout;

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
    '',
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
    '',
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

export default billingRoutes;
