import { z } from 'zod';
import { CART_ENTRY_TYPES } from '../domain/cart.js';
import { orderPositionStatusSchema, orderStatusSchema } from '../states.js';
import { priceSchema } from './tool.js';
import { tooLong } from '../validation/text.js';

/** One requested item of an order; `featureId` names the item (the spec shows only status and comment). */
export const orderPositionSchema = z.object({
  featureId: z.string(),
  status: orderPositionStatusSchema,
  /** The provider's reason, for example for a rejection. */
  comment: z.string().nullable(),
});
export type OrderPosition = z.infer<typeof orderPositionSchema>;

export const orderSchema = z.object({
  number: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  status: orderStatusSchema,
  featureIds: z.array(z.string()),
  paid: z.boolean(),
  /** As the payment provider names it (card, invoice, …); null for items that are only requested. */
  paymentMethod: z.string().nullable(),
  positions: z.array(orderPositionSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A position as the API answers it: which item, at what price, and when it was decided. */
export const orderPositionRecordSchema = orderPositionSchema.extend({
  id: z.uuid(),
  type: z.enum(CART_ENTRY_TYPES),
  name: z.string(),
  /** The tool version asked for; null for bundles. */
  version: z.string().nullable(),
  price: priceSchema.nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OrderPositionRecord = z.infer<typeof orderPositionRecordSchema>;

/** Orders of a checkout: requests (non-payable entries) and purchases (payable entries) are separate orders. */
export const ORDER_KINDS = ['request', 'purchase'] as const;

export const orderRecordSchema = orderSchema.extend({
  id: z.uuid(),
  kind: z.enum(ORDER_KINDS),
  userEmail: z.string(),
  positions: z.array(orderPositionRecordSchema),
  /** Sum of the positions' prices for a purchase; null for a request. */
  total: priceSchema.nullable(),
  checkoutId: z.uuid().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** An admin's decision on a position; a rejection says why (spec §3: order position status and comment). */
export const orderPositionDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'reopened']),
    comment: z.string().max(1000, tooLong('The comment may have')).nullable().default(null),
  })
  .superRefine((decision, ctx) => {
    if (decision.status === 'rejected' && !decision.comment?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the position is rejected.' });
    }
  });
export type OrderPositionDecision = z.infer<typeof orderPositionDecisionSchema>;
