import { z } from 'zod';

export const PRODUCT_TYPES = ['chip', 'board'] as const;

/** A board of spec product §3 (the scalar fields; documents, links, partners and the rest hang under it). */
export const boardSchema = z.object({
  id: z.uuid(),
  ispnId: z.string().nullable(),
  ispn: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  source: z.string().nullable(),
  version: z.string().nullable(),
  productPageUrl: z.string().nullable(),
  image: z.string().nullable(),
  serialnumberRequired: z.boolean(),
  releasedForRegistration: z.boolean(),
  restrictedAccess: z.boolean(),
  secure: z.boolean(),
  showInRegistrationPage: z.boolean(),
  productType: z.enum(PRODUCT_TYPES),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

export type Board = z.infer<typeof boardSchema>;
