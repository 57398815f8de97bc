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

/** An empty logo field means no logo. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const partnerInputSchema = z.object({
  name: partnerNameSchema,
  linkUrl: partnerLinkUrlSchema,
  logoUrl: z.preprocess(blankToNull, partnerLogoUrlSchema.nullable().optional()),
});
export type PartnerInput = z.infer<typeof partnerInputSchema>;

/** Shows a partner on a board (`POST boards/{id}/partners`). */
export const partnerAssignmentSchema = z.object({ partnerId: z.uuid('Choose a partner.') });
export type PartnerAssignment = z.infer<typeof partnerAssignmentSchema>;
