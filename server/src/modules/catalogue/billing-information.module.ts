import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeTaxId, type BillingInformation, type BillingInformationInput } from '@portal/resources';
import { billingInformation } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { repositoryModule } from '../../crud/module.js';
import type { CheckoutService } from './checkout-service.js';
import { isoOrNull } from './context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The customer's billing information, which checkout validates (spec §2.2 /cart). */
    billingInformation: ReturnType<typeof billingRepository>;
  }
}

function billingRepository(
  { db, clock }: Pick<FastifyInstance['catalogue'], 'db' | 'clock'>,
  { billingValidationOf }: Pick<CheckoutService, 'billingValidationOf'>,
) {
  /** A user's billing information with its validation as checkout applies it (no export-controlled tools). */
  async function record(userId: string): Promise<BillingInformation> {
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
      validation: await billingValidationOf(db, userId, []),
      updatedAt: isoOrNull(row?.updatedAt ?? null),
    };
  }

  return {
    record,
    /** Saves the caller's billing information (tax id normalised, a blank company name none); audited. */
    async save(request: FastifyRequest, input: BillingInformationInput): Promise<BillingInformation> {
      const userId = request.currentUser!.id;
      const before = await record(userId);
      const values = {
        companyName: input.companyName?.trim() || null,
        billingAddress: input.billingAddress,
        shippingAddress: input.shippingAddress,
        taxId: normalizeTaxId(input.taxId),
        updatedAt: clock.now(),
      };
      await db
        .insert(billingInformation)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: billingInformation.userId, set: values });
      const after = await record(userId);
      await audit(db, request, {
        action: 'update',
        entity: 'billing_information',
        entityId: userId,
        before,
        after,
      });
      return after;
    },
  };
}

export default repositoryModule(
  'billingInformation',
  (_options, app) => billingRepository(app.catalogue, app.checkout),
  ['catalogue', 'checkout'],
);
