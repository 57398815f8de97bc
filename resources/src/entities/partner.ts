import { z } from 'zod';
import { partnerLinkUrlSchema, partnerLogoUrlSchema, partnerNameSchema } from '../validation/catalogue.js';

export const partnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  linkUrl: z.string(),
  logoUrl: z.string().nullable(),
  /** How many boards show this partner. */
  assignedCount: z.number().int().nonnegative(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerInputSchema = z.object({
  name: partnerNameSchema,
  linkUrl: partnerLinkUrlSchema,
  logoUrl: partnerLogoUrlSchema.nullable(),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;
