import { z } from 'zod';
import { BILLING_ISSUE_MESSAGES } from '../errors.js';
import { billingValidationStatusSchema, checkoutSessionStatusSchema } from '../states.js';
import { bundleKeySchema } from '../validation/catalogue.js';
import { requiredText, singleLineText, tooLong } from '../validation/text.js';
import { customBundleInputSchema, customBundleSchema, softwareBundleSchema } from './bundle.js';
import { orderRecordSchema } from './order.js';
import { featureIdSchema, priceSchema, toolSchema, toolVersionSchema, versionLabelSchema } from './tool.js';

/**
 * An entry of the cart kept in local storage (spec product §4). A tool entry carries the chosen version as
 * `package`; a custom bundle travels as `customBundle`. Unique key and payable split: `domain/cart.ts`.
 */
export const cartEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tool'), item: toolSchema, package: toolVersionSchema }),
  z.object({ type: z.literal('bundle'), item: softwareBundleSchema }),
  z.object({ type: z.literal('custom-bundle'), customBundle: customBundleSchema }),
]);
export type CartEntry = z.infer<typeof cartEntrySchema>;

/** The billing issues of spec calls-auth-errors §8.4; each leaves the API as the error code `billing_<issue>`. */
export const BILLING_ISSUES = Object.keys(BILLING_ISSUE_MESSAGES) as (keyof typeof BILLING_ISSUE_MESSAGES)[];
export const billingIssueSchema = z.enum(BILLING_ISSUES as [BillingIssue, ...BillingIssue[]]);
export type BillingIssue = keyof typeof BILLING_ISSUE_MESSAGES;

export const postalAddressSchema = z.object({
  street: requiredText('Street is required.').max(255, tooLong('Street may have')),
  postalCode: requiredText('Postal code is required.').max(20, tooLong('Postal code may have')),
  city: requiredText('City is required.').max(255, tooLong('City may have')),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country by its two-letter code, such as DE.'),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** The customer billing information page: what a purchase needs besides the card. */
export const billingInformationInputSchema = z.object({
  companyName: singleLineText('Company name').max(255, tooLong('Company name may have')).nullable(),
  billingAddress: postalAddressSchema.nullable(),
  shippingAddress: postalAddressSchema.nullable(),
  /** VAT or other tax ID, with its country prefix for EU VAT IDs (DE123456789). */
  /** Spaces, dots and hyphens are ignored and letters upper-cased (`normalizeTaxId`). */
  taxId: z.string().max(32, tooLong('The tax ID may have')).nullable(),
});
export type BillingInformationInput = z.infer<typeof billingInformationInputSchema>;

/** The billing validation of spec §4: ok, not ok or pending, with the issues that make it so. */
export const billingValidationSchema = z.object({
  status: billingValidationStatusSchema,
  issues: z.array(billingIssueSchema),
});
export type BillingValidation = z.infer<typeof billingValidationSchema>;

export const billingInformationSchema = z.object({
  companyName: z.string().nullable(),
  billingAddress: postalAddressSchema.nullable(),
  shippingAddress: postalAddressSchema.nullable(),
  taxId: z.string().nullable(),
  validation: billingValidationSchema,
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BillingInformation = z.infer<typeof billingInformationSchema>;

/**
 * A cart entry as checkout reads it: only what identifies the item. The browser may send its cart entries as
 * they are (spec §4, local storage key `cart`); every other field is dropped, and flags, prices and versions are
 * looked up again on the server.
 */
export const checkoutEntryInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('tool'),
    item: z.object({ featureId: featureIdSchema }),
    package: z.object({ version: versionLabelSchema }),
  }),
  z.object({
    type: z.literal('bundle'),
    item: z.object({
      uuid: bundleKeySchema,
      selectedFeatures: z.array(z.string().max(100)).max(100).optional(),
    }),
  }),
  z.object({ type: z.literal('custom-bundle'), customBundle: customBundleInputSchema }),
]);
export type CheckoutEntryInput = z.infer<typeof checkoutEntryInputSchema>;

/** Answers to the questionnaires the cart's items ask: questionnaire id to question id to answer. */
export const questionnaireAnswersSchema = z.record(z.uuid(), z.record(z.uuid(), z.unknown()));
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

export const MAX_CART_ENTRIES = 100;
export const checkoutInputSchema = z.object({
  entries: z
    .array(checkoutEntryInputSchema)
    .min(1, 'The cart is empty.')
    .max(MAX_CART_ENTRIES, `A cart may hold at most ${MAX_CART_ENTRIES} entries.`),
  answers: questionnaireAnswersSchema.default({}),
});
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** A payment session's states: those of spec §4 (started, canceled, failed, expired) and its happy end. */
export const PAYMENT_SESSION_STATUSES = [...checkoutSessionStatusSchema.options, 'completed'] as const;
export const paymentSessionStatusSchema = z.enum(PAYMENT_SESSION_STATUSES);
export type PaymentSessionStatus = z.infer<typeof paymentSessionStatusSchema>;

export const PAYMENT_PROVIDERS = ['embedded', 'stripe'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** The payment of a checkout's payable entries at the payment provider. */
export const paymentSessionSchema = z.object({
  status: paymentSessionStatusSchema,
  provider: paymentProviderSchema,
  /** Where the browser pays; null once the session can no longer be paid. */
  paymentUrl: z.url().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  amount: priceSchema,
  /** The provider's reason for the last failed attempt. */
  failureReason: z.string().nullable(),
  paymentMethod: z.string().nullable(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

/**
 * One checkout of a cart: the orders it made (a request order for non-payable entries, a purchase order for
 * payable ones) and the payment of the latter. `status` is the payment's, or `completed` without payment.
 */
export const checkoutSchema = z.object({
  id: z.uuid(),
  status: paymentSessionStatusSchema,
  /** The cart entry keys (spec §3) this checkout was made of, sorted. */
  entryKeys: z.array(z.string()),
  orders: z.array(orderRecordSchema),
  payment: paymentSessionSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Checkout = z.infer<typeof checkoutSchema>;
