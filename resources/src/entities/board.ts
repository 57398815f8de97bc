import { z } from 'zod';
import { documentSchema } from './document.js';
import { gettingStartedStepSchema } from './getting-started.js';
import { linkSchema } from './link.js';
import { partnerSchema } from './partner.js';
import { secureConfigSchema } from './secure-workflow.js';

/** A board is sold as a chip (the default) or as a board. */
export const PRODUCT_TYPES = ['chip', 'board'] as const;

/**
 * A board of spec product §3: its scalar fields, exactly the `boards` table the API answers from. The content
 * that hangs under a board is in {@link boardDetailSchema}.
 */
export const boardSchema = z.object({
  id: z.uuid(),
  ispnId: z.string().nullable(),
  ispn: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  /** Comma list of data sources; `BSG` among them means the board was imported. */
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

/** A board with everything a project page shows of it. */
export const boardDetailSchema = boardSchema.extend({
  /** Feature and benefit bullet points. */
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  /** Compared with the configured eSIM serial number to tell eSIM boards. */
  serialnumber: z.string().nullable(),
  /** Armoured public key that files of the secure workflow are encrypted with. */
  publicKey: z.string().nullable(),
  primaryDocument: documentSchema.nullable(),
  documents: z.array(documentSchema),
  gettingStarted: z.array(gettingStartedStepSchema),
  partners: z.array(partnerSchema),
  links: z.array(linkSchema),
  /** A web address or `mailto:` address; written through `supportLinkSchema`. */
  supportLink: z.string().nullable(),
  secureConfig: secureConfigSchema.nullable(),
});
export type BoardDetail = z.infer<typeof boardDetailSchema>;

/** The list columns an admin may sort boards by, and the filters the board list accepts. */
export const BOARD_SORT_FIELDS = ['name', 'ispn', 'type', 'productType', 'createdAt', 'updatedAt'] as const;
export const boardListFilterSchema = z
  .object({
    q: z.string().max(255).optional(),
    name: z.string().max(255).optional(),
    id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).optional(),
  })
  .strict();
