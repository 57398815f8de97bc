import { z } from 'zod';
import { documentSchema } from './document.js';
import { gettingStartedStepSchema } from './getting-started.js';
import { linkSchema } from './link.js';
import { partnerSchema } from './partner.js';
import { secureConfigSchema } from './secure-workflow.js';
import {
  BOARD_DESCRIPTION_MAX_LENGTH,
  BOARD_PUBLIC_KEY_MAX_LENGTH,
  boardBulletsSchema,
  boardImageSchema,
  boardNameSchema,
  boardSerialNumberSchema,
  boardSupportLinkSchema,
  boardTextSchema,
  productIdentifierSchema,
} from '../validation/board.js';
import { URL_MAX_LENGTH } from '../validation/catalogue.js';
import { httpUrlSchema } from '../validation/text.js';

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

/**
 * A board as the admin API answers it (`/api/v1/boards`): the scalar fields of {@link boardSchema} plus the texts
 * the board form edits. What hangs under a board (serial numbers, documents, links, …) has its own sub-paths.
 */
export const boardRecordSchema = boardSchema.extend({
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  serialnumber: z.string().nullable(),
  publicKey: z.string().nullable(),
  supportLink: z.string().nullable(),
  /** The source provides the release flag (it lists BSG): `releasedForRegistration` is then read-only. */
  releaseFlagReadOnly: z.boolean(),
});
export type BoardRecord = z.infer<typeof boardRecordSchema>;

/** An empty or blank text field means "none". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable());

/**
 * Every field an admin sets on a board, with the rules of spec §5. On create only `name` is required (the others
 * default to empty, the flags to the table's defaults: serial number required, shown in registration, product
 * type chip); on update a field left out keeps its value.
 */
const boardFields = {
  name: boardNameSchema,
  ispnId: optionalText(boardTextSchema('ISPN ID')),
  ispn: optionalText(productIdentifierSchema),
  description: optionalText(
    z
      .string()
      .max(
        BOARD_DESCRIPTION_MAX_LENGTH,
        `Description may have at most ${BOARD_DESCRIPTION_MAX_LENGTH} characters.`,
      ),
  ),
  type: optionalText(boardTextSchema('Type')),
  version: optionalText(boardTextSchema('Version')),
  productPageUrl: optionalText(
    httpUrlSchema.max(URL_MAX_LENGTH, `A URL may have at most ${URL_MAX_LENGTH} characters.`),
  ),
  image: optionalText(boardImageSchema),
  features: boardBulletsSchema,
  benefits: boardBulletsSchema,
  serialnumber: optionalText(boardSerialNumberSchema),
  publicKey: optionalText(
    z
      .string()
      .max(
        BOARD_PUBLIC_KEY_MAX_LENGTH,
        `The public key may have at most ${BOARD_PUBLIC_KEY_MAX_LENGTH} characters.`,
      ),
  ),
  supportLink: optionalText(boardSupportLinkSchema),
  serialnumberRequired: z.boolean(),
  releasedForRegistration: z.boolean(),
  restrictedAccess: z.boolean(),
  secure: z.boolean(),
  showInRegistrationPage: z.boolean(),
  productType: z.enum(PRODUCT_TYPES),
};

export const boardCreateSchema = z.object(boardFields).partial().extend({ name: boardNameSchema });
export type BoardCreate = z.infer<typeof boardCreateSchema>;

/** react-admin sends the whole record back: read-only fields (id, source, dates) are ignored. */
export const boardUpdateSchema = z.object(boardFields).partial();
export type BoardUpdate = z.infer<typeof boardUpdateSchema>;

/** The edit-support page: a web address, `mailto:` and an email address, or null to remove the link. */
export const boardSupportLinkInputSchema = z.object({ supportLink: optionalText(boardSupportLinkSchema) });
/** `GET|PUT boards/{id}/support-link`: the board's support link as stored. */
export const boardSupportLinkAnswerSchema = z.object({ supportLink: z.string().nullable() });
export type BoardSupportLinkInput = z.infer<typeof boardSupportLinkInputSchema>;
