import { z } from 'zod';
import { orderPositionStatusSchema, orderStatusSchema } from '../states.js';

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
