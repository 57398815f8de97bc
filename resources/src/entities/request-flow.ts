import { z } from 'zod';

/**
 * How a customer asks for a catalogue item (the admin's request flow editor): through the cart, through the cart
 * with a questionnaire, or on an external request page. The spec names the flows, not their values.
 */
export const REQUEST_FLOWS = ['cart', 'cart-with-questionnaire', 'external'] as const;
export const requestFlowTypeSchema = z.enum(REQUEST_FLOWS);
export type RequestFlowType = z.infer<typeof requestFlowTypeSchema>;
