import { z } from 'zod';
import { documentFileNameSchema, documentTitleSchema } from '../validation/catalogue.js';
import { httpUrlSchema } from '../validation/text.js';

/** Imported from the provider's document system (SAMI) or added by a board admin. */
export const DOCUMENT_SOURCES = ['sami', 'custom'] as const;

/**
 * A document of a board or of the catalogue. Title and file name are plain text in the record: imported
 * documents need not follow the rules a board admin's form applies ({@link documentInputSchema}).
 */
export const documentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Document kind (datasheet, user manual, …); the spec does not list the values. */
  type: z.string(),
  filename: z.string(),
  url: httpUrlSchema,
  source: z.enum(DOCUMENT_SOURCES),
  /** Shown only to the board's projects, not in the public documents list. */
  exclusive: z.boolean(),
});
export type PortalDocument = z.infer<typeof documentSchema>;

/** The board admin's document form; the file itself is uploaded separately. */
export const documentInputSchema = z.object({
  title: documentTitleSchema,
  type: z.string(),
  filename: documentFileNameSchema,
  exclusive: z.boolean(),
});
export type DocumentInput = z.infer<typeof documentInputSchema>;
