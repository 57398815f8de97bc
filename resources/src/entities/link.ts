import { z } from 'zod';
import { linkTitleSchema, linkUrlSchema } from '../validation/catalogue.js';

/** A related link of a board, shown in the order the admin dragged it to. */
export const linkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  order: z.number().int().nonnegative(),
});
export type Link = z.infer<typeof linkSchema>;

/** Add or edit a link; the order comes from the list's "save order" action, not from this form. */
export const linkInputSchema = z.object({
  title: linkTitleSchema,
  url: linkUrlSchema,
});
export type LinkInput = z.infer<typeof linkInputSchema>;
